// My tickets (issue 22): tickets kept on the phone in IndexedDB (fake-indexeddb here), listed trips ahead
// first, refreshed from the look-up when it answers and kept as they were when it does not, forgotten on
// request; and "find my bookings" sending each code with its request's token and saying each refusal (a wrong
// code with the tries left, a code that can no longer be used, in English and Arabic).
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TicketsMessages, tickets as t } from '../../shared/i18n/public/tickets.en.ts';
import { tickets as ticketsAr } from '../../shared/i18n/public/tickets.ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { loadMessages } from '../../public-site/lib/i18n.ts';
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

  it.each([
    { language: 'English', lang: 'en' as const, words: t as TicketsMessages },
    { language: 'Arabic', lang: 'ar' as const, words: ticketsAr },
  ])(
    'finds bookings by a texted code sent with its request’s token, in $language: a wrong code’s tries left, then a spent code sends the traveller back for a new one',
    async ({ lang, words }) => {
      let requests = 0;
      let tries = 0;
      const calls = answerFetch({
        '/api/bookings/requestCode': () => ({
          status: 202,
          body: { expiresAt: new Date().toISOString(), requestId: `request-${++requests}` },
        }),
        '/api/bookings/myBookings': () =>
          ++tries === 1
            ? { status: 400, body: { message: 'wrong', code: 'WRONG_CODE', triesLeft: 4 } }
            : tries === 2
              ? { status: 400, body: { message: 'no longer', code: 'CODE_EXPIRED' } }
              : tries === 3
                ? { status: 400, body: { message: 'wrong', code: 'WRONG_CODE', triesLeft: 0 } }
                : { body: [bookingMatch({ ticketCode: CODE })] },
      });
      const sent = () =>
        calls
          .filter((call) => call.url.pathname === '/api/bookings/myBookings')
          .map((call) => JSON.parse(String(call.init!.body)));
      renderAt(
        '/my-tickets',
        <MyTickets />,
        lang === 'ar' ? { lang, messages: await loadMessages('ar') } : undefined,
      );
      const f = words.find;
      const askAndType = async (code: string) => {
        fireEvent.input(await screen.findByLabelText(f.phone), { target: { value: PHONE } });
        fireEvent.click(screen.getByRole('button', { name: f.send }));
        fireEvent.input(await screen.findByLabelText(f.code), { target: { value: code } });
        fireEvent.click(screen.getByRole('button', { name: f.show }));
      };

      await askAndType('123456');
      await screen.findByText(fill(f.wrongCode, { left: 4 }));
      // A wrong code with tries left: the code step stays, for another try of the same request.
      fireEvent.click(screen.getByRole('button', { name: f.show }));
      // The request can no longer be used: back to the phone, said in words, the code typed cleared.
      await screen.findByText(f.expired);
      expect(screen.queryByLabelText(f.code)).toBeNull();
      expect(screen.getByRole('button', { name: f.send })).toBeTruthy();
      expect(sent()).toEqual([
        { phone: PHONE, code: '123456', requestId: 'request-1' },
        { phone: PHONE, code: '123456', requestId: 'request-1' },
      ]);

      // A new code, with the new request's token; its last try sends the traveller back again.
      await askAndType('654321');
      await screen.findByText(f.lastTry);
      expect(screen.queryByLabelText(f.code)).toBeNull();
      await askAndType('111111');
      await screen.findByText(fill(f.found, { count: 1 }));
      expect(sent().slice(2)).toEqual([
        { phone: PHONE, code: '654321', requestId: 'request-2' },
        { phone: PHONE, code: '111111', requestId: 'request-3' },
      ]);
    },
  );

  it.each([
    { language: 'English', lang: 'en' as const, words: t as TicketsMessages },
    { language: 'Arabic', lang: 'ar' as const, words: ticketsAr },
  ])(
    'says whose codes are spent when no code is sent, in $language: this connection’s 5 for the phone, or the phone’s own',
    async ({ lang, words }) => {
      const until = new Date(Date.now() + 20 * 60_000 - 1000).toISOString();
      let asked = 0;
      answerFetch({
        '/api/bookings/requestCode': () => ({
          status: 429,
          body: { message: 'limit', code: 'CODE_LIMIT', until, scope: ++asked === 1 ? 'address' : 'phone' },
        }),
      });
      renderAt(
        '/my-tickets',
        <MyTickets />,
        lang === 'ar' ? { lang, messages: await loadMessages('ar') } : undefined,
      );
      const f = words.find;
      fireEvent.input(await screen.findByLabelText(f.phone), { target: { value: PHONE } });
      fireEvent.click(screen.getByRole('button', { name: f.send }));
      await screen.findByText(fill(f.codeLimit, { count: 5, minutes: 20 }));
      fireEvent.click(screen.getByRole('button', { name: f.send }));
      await screen.findByText(fill(f.phoneCodeLimit, { minutes: 20 }));
      expect(screen.queryByText(fill(f.codeLimit, { count: 5, minutes: 20 }))).toBeNull();
    },
  );
});

function fill(template: string, values: Record<string, string | number>) {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key]));
}
