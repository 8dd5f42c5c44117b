// The booking's steps in the browser's history: the seat map, the passenger form and the confirmation each
// have their own entry (on the trip's one URL, marked in history.state), so a phone's Back returns to the
// step before, and Forward to the one after, with what was chosen and typed kept by the page. Going back in
// the page (its Back buttons, closing the confirmation) goes back in the history too, so the two never drift.
import { useEffect, useRef, useState } from 'preact/hooks';

export const BOOKING_STEPS = ['seats', 'passenger', 'confirm'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

const KEY = 'bookingStep';

function stepOf(state: unknown): BookingStep {
  const step = (state as Record<string, unknown> | null)?.[KEY];
  return BOOKING_STEPS.includes(step as BookingStep) ? (step as BookingStep) : 'seats';
}

export function useBookingSteps() {
  const [step, setStep] = useState<BookingStep>('seats');
  // The step as of now, for moves made before a render (a price changed while the confirmation closed).
  const current = useRef<BookingStep>('seats');
  const show = (next: BookingStep) => {
    current.current = next;
    setStep(next);
  };

  useEffect(() => {
    // A new visit (or a reload, which forgets what was chosen) starts at the seats, in this entry.
    history.replaceState({ ...(history.state as object | null), [KEY]: 'seats' }, '');
    const follow = (event: PopStateEvent) => show(stepOf(event.state));
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);

  /** Forward: a new entry; back: as many entries back as steps (they were pushed on the way). */
  const goTo = (next: BookingStep) => {
    const distance = BOOKING_STEPS.indexOf(next) - BOOKING_STEPS.indexOf(current.current);
    if (distance > 0) history.pushState({ [KEY]: next }, '');
    else if (distance < 0) history.go(distance);
    show(next);
  };

  return { step, goTo };
}
