// The seat rules of the trip page: booked seats cannot be chosen, at most 3 seats with the spec's
// message, a chosen seat can be removed, and the map is usable with the keyboard.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import TripDetails from '../../public-site/pages/TripDetails.tsx';
import { answerFetch, demoTrip, renderAt } from './helpers.tsx';

const seat = (n: number, state: 'available' | 'booked' | 'selected') =>
  screen.getByRole('button', { name: `Seat ${n}, ${m.seats[state]}` });

async function openTrip() {
  answerFetch({ '/api/trips/getTrip/trip1': { body: demoTrip() } });
  renderAt('/trip-details/trip1', <TripDetails id="trip1" />);
  await screen.findByRole('heading', { name: m.seats.title });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('seat map', () => {
  it('labels every seat with its number and state', async () => {
    await openTrip();
    expect(screen.getByRole('group', { name: 'Seat map, 12 seats' })).toBeTruthy();
    expect(seat(2, 'booked').getAttribute('aria-disabled')).toBe('true');
    expect(seat(1, 'available').getAttribute('aria-pressed')).toBe('false');
  });

  it('does not select a booked seat', async () => {
    await openTrip();
    fireEvent.click(seat(2, 'booked'));
    expect(seat(2, 'booked')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Seat 2 is already booked.');
    expect(screen.getByText(m.seats.none)).toBeTruthy();
    expect((screen.getByRole('button', { name: m.common.continue }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('allows at most 3 seats and says so', async () => {
    await openTrip();
    for (const n of [1, 3, 4]) fireEvent.click(seat(n, 'available'));
    fireEvent.click(seat(5, 'available'));
    expect(screen.getByRole('alert').textContent).toBe(m.seats.limit);
    expect(seat(5, 'available').getAttribute('aria-pressed')).toBe('false');
    expect(seat(4, 'selected').getAttribute('aria-pressed')).toBe('true');
  });

  it('removes a chosen seat from the list or by choosing it again', async () => {
    await openTrip();
    fireEvent.click(seat(1, 'available'));
    fireEvent.click(seat(3, 'available'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove seat 1' }));
    expect(seat(1, 'available')).toBeTruthy();
    fireEvent.click(seat(3, 'selected'));
    expect(seat(3, 'available')).toBeTruthy();
    expect(screen.getByText(m.seats.none)).toBeTruthy();
  });

  it('moves between seats with the arrow keys, one seat in the tab order', async () => {
    await openTrip();
    const first = seat(1, 'available');
    expect(first.tabIndex).toBe(0);
    expect(seat(3, 'available').tabIndex).toBe(-1);
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(seat(5, 'available'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(seat(6, 'available'));
    expect(seat(6, 'available').tabIndex).toBe(0);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(seat(12, 'available'));
  });
});
