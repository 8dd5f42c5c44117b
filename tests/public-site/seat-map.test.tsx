// The seat rules of the trip page: booked seats cannot be chosen, at most 3 seats with the spec's
// message said under the seat tapped, a chosen seat can be removed, the bar with the seats, their total and
// Continue, and the map is usable with the keyboard (how is said to keyboard users only).
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

  it('says the limit under the row of the seat tapped, each time it is tapped', async () => {
    await openTrip();
    for (const n of [1, 3, 4]) fireEvent.click(seat(n, 'available'));
    fireEvent.click(seat(10, 'available'));
    const alert = screen.getByRole('alert');
    // Seats 9 to 12 make the tapped seat's row: the message comes right after it, inside the map.
    expect(alert.previousElementSibling).toBe(seat(12, 'available'));
    expect(alert.closest('.seat-map')).toBeTruthy();
    fireEvent.click(seat(10, 'available'));
    expect(screen.getByRole('alert')).not.toBe(alert); // said again
    fireEvent.click(seat(6, 'available'));
    expect(screen.getByRole('alert').previousElementSibling).toBe(seat(8, 'available'));
    // The message takes the page's direction (rtl in Arabic), not the map's, which keeps the bus's layout.
    expect(screen.getByRole('alert').getAttribute('dir')).toBe('ltr');
  });

  it('keeps the seats chosen, their total and Continue in one bar', async () => {
    await openTrip();
    const bar = screen.getByRole('group', { name: m.seats.barLabel });
    expect(bar.textContent).toContain(m.seats.barNone);
    const next = screen.getByRole('button', { name: m.common.continue }) as HTMLButtonElement;
    expect(bar.contains(next)).toBe(true);
    expect(next.disabled).toBe(true);
    fireEvent.click(seat(4, 'available'));
    fireEvent.click(seat(9, 'available'));
    expect(bar.textContent).toContain('Seats: 4, 9');
    expect(bar.textContent).toContain('Total: 60,000 SDG');
    expect(next.disabled).toBe(false);
  });

  it('tells keyboard users how to move between seats, and nobody else', async () => {
    await openTrip();
    expect(screen.getByText(m.seats.help)).toBeTruthy();
    expect(screen.queryByText(m.seats.keyboardHelp)).toBeNull();
    // A tap on a seat (focus follows the pointer) says nothing about keys.
    fireEvent.pointerDown(seat(1, 'available'));
    seat(1, 'available').focus();
    fireEvent.click(seat(1, 'available'));
    expect(screen.queryByText(m.seats.keyboardHelp)).toBeNull();
    seat(1, 'selected').blur();
    // Tabbing into the map does.
    fireEvent.keyDown(document.body, { key: 'Tab' });
    seat(1, 'selected').focus();
    const hint = await screen.findByText(m.seats.keyboardHelp);
    expect(screen.getByRole('group', { name: 'Seat map, 12 seats' }).getAttribute('aria-describedby')).toBe(
      hint.id,
    );
  });
});
