// The look-up of a booking whose trip the bus company cancelled: the reason in the page's language, the trips
// to move to and the refund, each after a question; the outcome said and the booking read again.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en as m } from '../../shared/i18n/public/en.ts';
import CancelReservation from '../../public-site/pages/CancelReservation.tsx';
import type { Lang, PublicMessages } from '../../public-site/lib/i18n.ts';
import { formatBoardingTime } from '../../public-site/lib/format.ts';
import { answerFetch, bookingMatch, renderAt, tomorrow } from './helpers.tsx';

const waiting = bookingMatch({
  paymentStatus: 'verified',
  disruptionState: 'waiting',
  disruption: {
    action: 'cancel',
    reason_en: 'the eastern road is closed',
    reason_ar: 'الطريق الشرقي مغلق',
    at: new Date().toISOString(),
    state: 'waiting',
    new_date: null,
    new_boarding_time: null,
  },
  choices: {
    move: {
      until: tomorrow(),
      trips: [
        {
          _id: 't2',
          trip_date: tomorrow(),
          trip_boarding_time: '9:00 am',
          seatsLeft: 30,
          departsAt: `${tomorrow()}T07:00:00.000Z`,
        },
        {
          _id: 't3',
          trip_date: tomorrow(),
          // A trip with stops that leaves its origin at 5:00 pm and the traveller's town at 7:00 pm.
          trip_boarding_time: '5:00 pm',
          seatsLeft: 2,
          departsAt: `${tomorrow()}T17:00:00.000Z`,
        },
      ],
    },
    refund: true,
  },
});

async function lookUp(language: { lang: Lang; messages: PublicMessages } = { lang: 'en', messages: m }) {
  renderAt('/cancel-reservation', <CancelReservation />, language);
  const t = language.messages.cancel;
  fireEvent.input(screen.getByLabelText(t.ticketId), { target: { value: waiting.ticketId } });
  fireEvent.input(screen.getByLabelText(t.phone), { target: { value: '0912345678' } });
  fireEvent.click(screen.getByRole('button', { name: t.submit }));
  return screen.findByRole('dialog');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a disrupted booking in the look-up', () => {
  it('says why in Arabic on an Arabic page, and offers no plain cancellation', async () => {
    answerFetch({ '/api/bookings/filterBookings': { body: [waiting] } });
    const dialog = await lookUp({ lang: 'ar', messages: ar });
    expect(dialog.textContent).toContain('الطريق الشرقي مغلق');
    expect(dialog.textContent).not.toContain('eastern road');
    expect(screen.getByText(ar.disruption.cancelled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: ar.cancel.cancelButton })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('moves to the trip picked after the question, then says so and reads the booking again', async () => {
    let moved = false;
    const calls = answerFetch({
      '/api/bookings/filterBookings': () => ({
        body: [moved ? { ...waiting, disruptionState: 'moved', choices: null } : waiting],
      }),
      '/api/bookings/moveBooking': () => {
        moved = true;
        return { body: {} };
      },
    });
    await lookUp();
    // Each trip by when it leaves the traveller's town, not its own origin.
    const second = screen.getAllByRole('radio')[1]!.closest('label')!.textContent!;
    expect(second).toContain(formatBoardingTime('7:00 pm', m));
    expect(second).not.toContain(formatBoardingTime('5:00 pm', m));
    fireEvent.click(screen.getAllByRole('radio')[1]);
    fireEvent.click(screen.getByRole('button', { name: m.disruption.moveButton }));
    const question = screen.getByRole('group', { name: m.disruption.moveButton });
    expect(question.textContent).toContain(formatBoardingTime('7:00 pm', m));
    expect(calls.some((call) => call.url.pathname === '/api/bookings/moveBooking')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: m.disruption.moveYes }));
    await screen.findByText(m.disruption.moved);
    const sent = calls.find((call) => call.url.pathname === '/api/bookings/moveBooking')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      ticketId: waiting.ticketId,
      phone: '0912345678',
      tripId: 't3',
    });
    await waitFor(() => expect(screen.queryAllByRole('radio')).toHaveLength(0));
    expect(screen.getByRole('button', { name: m.cancel.cancelButton })).toBeTruthy();
  });

  it('asks for the refund after the question, and says when the trip no longer has the seats', async () => {
    const calls = answerFetch({
      '/api/bookings/filterBookings': { body: [waiting] },
      '/api/bookings/moveBooking': { status: 409, body: { code: 'SEATS_TAKEN', takenSeats: [4] } },
      '/api/bookings/requestRefund': { body: {} },
    });
    await lookUp();
    fireEvent.click(screen.getByRole('button', { name: m.disruption.moveButton }));
    fireEvent.click(screen.getByRole('button', { name: m.disruption.moveYes }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.disruption.seatsTaken);

    fireEvent.click(screen.getByRole('button', { name: m.disruption.refundButton }));
    expect(screen.getByText('Cancel this booking and get a full refund of 60,000 SDG?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.disruption.refundYes }));
    await screen.findByText(/a full refund of 60,000 SDG is due to you/);
    const sent = calls.find((call) => call.url.pathname === '/api/bookings/requestRefund')!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ ticketId: waiting.ticketId, phone: '0912345678' });
  });
});
