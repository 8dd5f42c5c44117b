// The staff trip page says what each sold seat stands at, not "Booked" for all: its payment (paid online or at
// the counter, a proof to check, awaiting a proof, a rejected proof) and its boarding (boarded at a time on
// Khartoum's clock, not yet, no-show, or the booking cancelled), in words beside a colour and an icon, with a
// legend that counts them; in English and Arabic, as a table and on a phone.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TripShow } from '../../admin/trips/TripShow.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { resources } from '../../shared/registry/index.ts';
import { tripDoc } from './helpers/docs.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const seat = (seat: number, booking: string, state: Record<string, unknown>) => ({
  seat,
  name: 'Halima Osman',
  phone: '+249912000001',
  ticketId: `100000000000${seat}`,
  isCancelled: false,
  bookingId: booking,
  paymentStatus: 'verified',
  verifiedVia: 'review',
  boardedAt: null,
  noShow: false,
  ...state,
});
const passengers = [
  // 04:05 UTC: 6:05 am in Khartoum.
  seat(1, 'b1', { verifiedVia: 'counter', boardedAt: '2026-12-01T04:05:00.000Z' }),
  seat(2, 'b2', {}),
  seat(3, 'b3', { paymentStatus: 'proof_submitted', verifiedVia: null }),
  seat(4, 'b4', { paymentStatus: 'rejected', verifiedVia: null }),
  seat(5, 'b5', { paymentStatus: 'awaiting_proof', verifiedVia: null }),
  seat(6, 'b6', { paymentStatus: 'expired', verifiedVia: null, isCancelled: true }),
];

const api = (role: 'manager' | 'conductor' = 'manager', rows: Record<string, unknown>[] = passengers) =>
  apiAs(role, {
    ...Object.fromEntries(
      resources
        .filter((def) => def.api.list)
        .map((def) => [
          `GET ${def.api.base}/${def.api.list}`,
          () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
        ]),
    ),
    'GET /api/activity/getAllActivity': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
    'GET /api/trips/getTrip/t1': () => ({ body: tripDoc('t1') }),
    'GET /api/trips/passengers/t1': () => ({ body: rows }),
    ...Object.fromEntries(
      passengers.map((row) => [`GET /api/bookings/getPassengers/${row.bookingId}`, () => ({ body: [] })]),
    ),
  }).fetch;

describe('the trip page', () => {
  for (const [lang, words] of [
    ['en', en],
    ['ar', ar],
  ] as const)
    it(`shows each seat's payment and boarding in words, and a legend that counts them (${lang})`, async () => {
      await renderAs({ path: '/trips/t1/show', route: '/trips/:id/show', locale: lang }, api(), <TripShow />);
      const table = await screen.findByTestId('trip-passengers', {}, { timeout: 15000 });
      const row = (n: number) => table.querySelector<HTMLElement>(`[data-seat="${n}"]`)!;
      const said = (n: number) => {
        const cells = within(row(n));
        return {
          payment: row(n).querySelector('[data-payment]')?.textContent,
          boarding: row(n).querySelector('[data-boarding]')?.textContent,
          icons: cells.queryAllByTestId(/Icon$/).length,
        };
      };
      const w = words.rihla;
      const boarded = w.trips.boarded_at.replace('%{time}', lang === 'ar' ? '6:05 ص' : '6:05 am');
      expect(said(1)).toEqual({ payment: w.trips.paid_at_counter, boarding: boarded, icons: 2 });
      expect(said(2).payment).toBe(w.payments.status.verified);
      expect(said(3).payment).toBe(w.payments.status.proof_submitted);
      expect(said(4).payment).toBe(w.payments.status.rejected);
      expect(said(5).payment).toBe(w.payments.status.awaiting_proof);
      for (const n of [2, 3, 4, 5]) expect(said(n).boarding).toBe(w.trips.not_boarded);
      expect(said(6)).toMatchObject({ payment: w.payments.status.expired, boarding: w.bookings.cancelled });
      expect(table.textContent).not.toContain(lang === 'ar' ? 'محجوز' : 'Booked');
      expect([...table.querySelectorAll('th')].map((th) => th.textContent).slice(-2)).toEqual([
        w.trips.payment,
        w.trips.boarding,
      ]);

      // The legend: live seats by payment, every seat by boarding, each state with its count.
      const legend = screen.getByTestId('seat-legend');
      const counted = Object.fromEntries(
        [...legend.querySelectorAll('[data-legend]')].map((chip) => [
          chip.getAttribute('data-legend'),
          chip.textContent,
        ]),
      );
      const count = (state: string, n: number) =>
        w.trips.legend_count.replace('%{state}', state).replace('%{count}', String(n));
      expect(counted).toEqual({
        verified: count(w.payments.status.verified, 1),
        counter: count(w.trips.paid_at_counter, 1),
        proof_submitted: count(w.payments.status.proof_submitted, 1),
        awaiting_proof: count(w.payments.status.awaiting_proof, 1),
        rejected: count(w.payments.status.rejected, 1),
        boarded: count(w.trips.boarded, 1),
        waiting: count(w.trips.not_boarded, 4),
        cancelled: count(w.bookings.cancelled, 1),
      });
    });

  // A conductor gets the door's share (no phones, ID last digits): the phone column is not shown at all.
  for (const [role, phones] of [
    ['manager', true],
    ['conductor', false],
  ] as const)
    it(`shows the phone column ${phones ? 'to' : 'not to'} a ${role}`, async () => {
      const rows = passengers.map((row) => ({ ...row, phone: phones ? row.phone : null }));
      await renderAs(
        { path: '/trips/t1/show', route: '/trips/:id/show', locale: 'en' },
        api(role, rows),
        <TripShow />,
      );
      const table = await screen.findByTestId('trip-passengers', {}, { timeout: 15000 });
      const headers = [...table.querySelectorAll('th')].map((th) => th.textContent);
      expect(headers.includes(en.rihla.trips.phone)).toBe(phones);
      expect(table.querySelector('tbody tr')!.children).toHaveLength(headers.length);
      expect(table.textContent!.includes('+249912000001')).toBe(phones);
    });
});
