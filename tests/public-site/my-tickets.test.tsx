// My tickets (issue 22): tickets kept on the phone in IndexedDB (fake-indexeddb here), listed trips ahead
// first, refreshed from the look-up when it answers and kept as they were when it does not, forgotten on
// request; and "find my bookings" saying each refusal (wrong code with the tries left, lock, code limit).
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tickets as t } from '../../shared/i18n/public/tickets.en.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { listTickets, refreshTickets, saveTickets } from '../../public-site/lib/saved-tickets.ts';
import MyTickets from '../../public-site/pages/MyTickets.tsx';
import { answerFetch, bookingMatch, renderAt, tomorrow } from './helpers.tsx';

const PHONE = '0912345678';
const CODE = 'R1.1234567890123.t1.4-9.' + 'A'.repeat(86);
const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const trip = (date: string) => ({ ...bookingMatch().trip!, trip_date: date });

beforeEach(() => clear(createStore('rihla-tickets', 'tickets')));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tickets kept on the phone', () => {
  it('lists trips ahead first (the next first), then past trips (the latest first)', async () => {
    const soon = tomorrow();
    await saveTickets(
      [
        bookingMatch({ _id: 'later', ticketId: '1000000000002', trip: trip(dayAfter(soon, 3)) }),
        bookingMatch({ _id: 'past', ticketId: '1000000000003', trip: trip(dayAfter(soon, -5)) }),
        bookingMatch({ _id: 'next', ticketId: '1000000000001', trip: trip(soon) }),
        bookingMatch({ _id: 'older', ticketId: '1000000000004', trip: trip(dayAfter(soon, -9)) }),
      ],
      PHONE,
    );
    expect((await listTickets()).map((ticket) => ticket.booking._id)).toEqual([
      'next',
      'later',
      'past',
      'older',
    ]);
  });

  it('takes the news of trips ahead from the look-up, keeps them when it cannot answer, never asks for past trips', async () => {
    await saveTickets(
      [
        bookingMatch({ _id: 'b1', ticketId: '1000000000001' }),
        bookingMatch({ _id: 'old', ticketId: '1000000000009', trip: trip(dayAfter(tomorrow(), -7)) }),
      ],
      PHONE,
    );
    const calls = answerFetch({
      '/api/bookings/filterBookings': {
        body: [bookingMatch({ _id: 'b1', ticketId: '1000000000001', paymentStatus: 'verified' })],
      },
    });
    const fresh = await refreshTickets(await listTickets());
    expect(fresh.find((ticket) => ticket.booking._id === 'b1')!.booking.paymentStatus).toBe('verified');
    expect(calls.map((call) => call.url.searchParams.get('ticketId'))).toEqual(['1000000000001']);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(refreshTickets(fresh)).rejects.toThrow();
    expect((await listTickets()).map((ticket) => ticket.booking.paymentStatus)).toEqual([
      'verified',
      'proof_submitted',
    ]);
  });
});

describe('the My tickets page', () => {
  it('shows a kept ticket with its status and QR code, and forgets it on request', async () => {
    await saveTickets([bookingMatch({ paymentStatus: 'verified', ticketCode: CODE })], PHONE);
    answerFetch({
      '/api/bookings/filterBookings': {
        body: [bookingMatch({ paymentStatus: 'verified', ticketCode: CODE })],
      },
    });
    renderAt('/my-tickets', <MyTickets />);
    await screen.findByText(fill(t.route, { from: 'Khartoum', to: 'Kassala' }));
    expect(screen.getByText(en.payment.status.verified)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t.show }));
    const qr = screen.getByRole('img', { name: fill(t.qrLabel, { id: '1234567890123' }) });
    expect(qr.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
    // Paid: no warning that the conductor will refuse it.
    expect(screen.queryByText(t.unpaidWarning)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: t.forget }));
    fireEvent.click(screen.getByRole('button', { name: t.forgetYes }));
    await screen.findByText(t.empty);
    expect(await listTickets()).toEqual([]);
  });

  it('shows no QR code for a cancelled booking', async () => {
    await saveTickets([bookingMatch({ isCancelled: true, ticketCode: null })], PHONE);
    answerFetch({
      '/api/bookings/filterBookings': { body: [bookingMatch({ isCancelled: true, ticketCode: null })] },
    });
    renderAt('/my-tickets', <MyTickets />);
    await screen.findByText(t.notBoardable);
    expect(screen.getByText(en.cancel.cancelled)).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.show })).toBeNull();
  });

  it('finds bookings by a texted code, saying a wrong code’s tries left and a lock', async () => {
    let tries = 0;
    answerFetch({
      '/api/bookings/requestCode': { status: 202, body: { expiresAt: new Date().toISOString() } },
      '/api/bookings/myBookings': () =>
        ++tries === 1
          ? { status: 400, body: { message: 'wrong', code: 'WRONG_CODE', triesLeft: 4 } }
          : tries === 2
            ? {
                status: 429,
                body: {
                  message: 'locked',
                  code: 'PHONE_LOCKED',
                  until: new Date(Date.now() + 15 * 60_000).toISOString(),
                },
              }
            : { body: [bookingMatch({ ticketCode: CODE })] },
    });
    renderAt('/my-tickets', <MyTickets />);
    fireEvent.input(await screen.findByLabelText(t.find.phone), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: t.find.send }));
    const code = await screen.findByLabelText(t.find.code);
    fireEvent.input(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: t.find.show }));
    await screen.findByText(fill(t.find.wrongCode, { left: 4 }));
    fireEvent.click(screen.getByRole('button', { name: t.find.show }));
    await screen.findByText(fill(t.find.locked, { minutes: 15 }));
  });
});

function fill(template: string, values: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
}
