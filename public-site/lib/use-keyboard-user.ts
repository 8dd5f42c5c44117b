// Whether the traveller moves with a keyboard: true once an element inside the given one takes focus after
// a key press rather than a tap or a click. Hints about keys are for them only (a phone has no arrow keys).
import { useEffect, useState } from 'preact/hooks';

let lastInput: 'keyboard' | 'pointer' = 'pointer';
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  const options = { capture: true, passive: true };
  document.addEventListener('keydown', () => (lastInput = 'keyboard'), options);
  for (const type of ['pointerdown', 'mousedown', 'touchstart'])
    document.addEventListener(type, () => (lastInput = 'pointer'), options);
}

export function useKeyboardUser(): [keyboard: boolean, onFocusIn: () => void] {
  const [keyboard, setKeyboard] = useState(false);
  useEffect(listen, []);
  return [keyboard, () => lastInput === 'keyboard' && setKeyboard(true)];
}
