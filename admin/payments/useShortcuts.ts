// Single-key shortcuts of a screen (V verify, R reject, N next). Keys are read by their physical position
// (`event.code`), so they work whatever keyboard layout is active: on an Arabic layout the V key types 'ر'.
// Ignored while typing in a field, with a modifier held (browser shortcuts stay theirs), or when disabled
// (a dialog is open, a decision is being sent).
import { useEffect, useRef } from 'react';

export type ShortcutMap = Record<string, () => void>;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** `keys` maps KeyboardEvent.code values ('KeyV', 'ArrowRight', …) to actions. */
export function useShortcuts(keys: ShortcutMap, enabled: boolean) {
  const current = useRef(keys);
  useEffect(() => {
    current.current = keys;
  });
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const action = current.current[event.code];
      if (!action) return;
      event.preventDefault();
      action();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
