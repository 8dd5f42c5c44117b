// Keeps keyboard focus inside an open overlay (dialog or drawer), closes it with Escape, and gives focus
// back to whatever had it before the overlay opened. Overlays can stack: only the topmost one reacts.
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const openOverlays: HTMLElement[] = [];

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]'),
  );
}

function focusFirst(container: HTMLElement) {
  const target =
    container.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(container)[0] ?? container;
  target.focus();
}

export function useFocusTrap(ref: RefObject<HTMLElement>, active: boolean, onEscape?: () => void) {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const previous = document.activeElement as HTMLElement | null;
    openOverlays.push(container);
    focusFirst(container);

    const onKeyDown = (event: KeyboardEvent) => {
      if (openOverlays[openOverlays.length - 1] !== container) return;
      if (event.key === 'Escape' && escapeRef.current) {
        event.preventDefault();
        escapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(container);
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement as HTMLElement | null;
      if (!first || !container.contains(current)) {
        event.preventDefault();
        (first ?? container).focus();
      } else if (event.shiftKey && current === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.documentElement.classList.add('has-overlay');

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openOverlays.splice(openOverlays.indexOf(container), 1);
      if (openOverlays.length === 0) document.documentElement.classList.remove('has-overlay');
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [ref, active]);
}
