// The seat rules of the spec: booked seats cannot be chosen, at most MAX_SEATS_PER_BOOKING seats, a chosen
// seat can be removed again. The message is kept as data so it follows a language switch; a message answering
// a tap names the seat tapped (it is shown there) and counts the taps, so the same message said again is new.
import { useCallback, useRef, useState } from 'preact/hooks';
import { MAX_SEATS_PER_BOOKING } from '../../shared/rules.ts';

export type SeatMessage =
  { kind: 'limit' | 'booked'; seat: number; tap: number } | { kind: 'taken'; seats: number[] } | null;

export function useSeatSelection(booked: readonly number[]) {
  const [selected, setSelected] = useState<number[]>([]);
  const [message, setMessage] = useState<SeatMessage>(null);
  const taps = useRef(0);

  const toggle = (seat: number) => {
    if (booked.includes(seat)) return setMessage({ kind: 'booked', seat, tap: ++taps.current });
    if (selected.includes(seat)) {
      setMessage(null);
      return setSelected(selected.filter((s) => s !== seat));
    }
    if (selected.length >= MAX_SEATS_PER_BOOKING)
      return setMessage({ kind: 'limit', seat, tap: ++taps.current });
    setMessage(null);
    setSelected([...selected, seat].sort((a, b) => a - b));
  };

  const remove = (seat: number) => {
    setMessage(null);
    setSelected((current) => current.filter((s) => s !== seat));
  };

  /** Someone else booked these seats while the traveller was filling in the form. */
  const dropTaken = useCallback((taken: number[]) => {
    setSelected((current) => current.filter((seat) => !taken.includes(seat)));
    setMessage({ kind: 'taken', seats: taken });
  }, []);

  return { selected, message, toggle, remove, dropTaken };
}
