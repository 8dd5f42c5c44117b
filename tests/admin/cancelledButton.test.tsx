// The spec's trips and bookings lists: a Cancel button in every row, "disabled and labelled Cancelled when
// already cancelled", beside the status chip; on a phone, where a row opens the record, on the record's page.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingList } from '../../admin/bookings/BookingList.tsx';
import { BookingShow } from '../../admin/bookings/BookingShow.tsx';
import { TripList } from '../../admin/trips/TripList.tsx';
import { TripShow } from '../../admin/trips/TripShow.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { resources } from '../../shared/registry/index.ts';
import { tripDoc } from './helpers/docs.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const trips = [tripDoc('t1'), tripDoc('t2', { plate: 'KH-1202', isCancelled: true })];
const booking = (id: string, ticketId: string, firstName: string, isCancelled: boolean) => ({
  _id: id,
  tripId: trips[0],
  ticketId,
  seats: [4],
  passengerInfo: { firstName, lastName: 'Osman', phone: '0912000001' },
  totalTicketPrice: [45000],
  bookingDate: '2026-11-20T08:00:00.000Z',
  isCancelled,
  paymentStatus: 'verified',
});
const bookings = [
  booking('k1', '1000000000001', 'Halima', false),
  booking('k2', '1000000000002', 'Omer', true),
];

/** Every list a screen's filters may ask for answers empty; the screen's own records as given. */
const api = (routes: Record<string, () => unknown>) =>
  apiAs('manager', {
    ...Object.fromEntries(
      resources
        .filter((def) => def.api.list)
        .map((def) => [
          `GET ${def.api.base}/${def.api.list}`,
          () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
        ]),
    ),
    'GET /api/activity/getAllActivity': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
    ...Object.fromEntries(Object.entries(routes).map(([call, answer]) => [call, answer as never])),
  }).fetch;

const list = (docs: unknown[]) => () => ({
  body: docs,
  headers: { 'X-Total-Count': String(docs.length) },
});

describe('a list row', () => {
  for (const [lang, words] of [
    ['en', en],
    ['ar', ar],
  ] as const)
    it(`of a cancelled trip keeps its Cancel button, disabled and labelled Cancelled (${lang})`, async () => {
      const fetch = api({ 'GET /api/trips/getAllTrips': list(trips) });
      await renderAs({ resource: 'trips', path: '/trips', locale: lang }, fetch, <TripList />);
      const row = (plate: string) => screen.getByText(plate).closest('tr')!;
      await screen.findByText('KH-1202', {}, { timeout: 5000 });
      const cancelled = await waitFor(() =>
        within(row('KH-1202')).getByRole('button', { name: words.rihla.ui.cancel.trip_done }),
      );
      expect(cancelled).toHaveProperty('disabled', true);
      expect(within(row('KH-1202')).getByTestId('record-status').textContent).toBe(
        words.rihla.ui.status.cancelled,
      );
      const cancel = within(row('KH-1201')).getByRole('button', { name: words.rihla.ui.actions.cancel_trip });
      expect(cancel).toHaveProperty('disabled', false);
      expect(
        within(row('KH-1201')).queryByRole('button', { name: words.rihla.ui.cancel.trip_done }),
      ).toBeNull();
    });

  it('of a cancelled booking keeps its Cancel button, disabled and labelled Cancelled', async () => {
    const fetch = api({ 'GET /api/bookings/getAllBookings': list(bookings) });
    await renderAs({ resource: 'bookings', path: '/bookings' }, fetch, <BookingList />);
    const row = (ticket: string) => screen.getByText(ticket).closest('tr')!;
    await screen.findByText('1000000000002', {}, { timeout: 5000 });
    const cancelled = await waitFor(() =>
      within(row('1000000000002')).getByRole('button', { name: 'Cancelled' }),
    );
    expect(cancelled).toHaveProperty('disabled', true);
    expect(within(row('1000000000002')).getByTestId('record-status').textContent).toBe('Cancelled');
    expect(within(row('1000000000001')).getByRole('button', { name: 'Cancel booking' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});

describe('a record’s page (where a phone’s row leads)', () => {
  it('shows a cancelled trip’s Cancel button disabled and labelled Cancelled', async () => {
    const fetch = api({
      'GET /api/trips/getTrip/t2': () => ({ body: trips[1] }),
      'GET /api/trips/passengers/t2': () => ({ body: [] }),
    });
    await renderAs({ path: '/trips/t2/show', route: '/trips/:id/show' }, fetch, <TripShow />);
    const button = await screen.findByRole('button', { name: 'Cancelled' }, { timeout: 5000 });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).toBeNull();
  });

  it('shows a cancelled booking’s, in Arabic too', async () => {
    const fetch = api({
      'GET /api/bookings/getBooking/k2': () => ({ body: bookings[1] }),
      'GET /api/bookings/getPassengers/k2': () => ({ body: [] }),
    });
    await renderAs(
      { resource: 'bookings', path: '/bookings/k2/show', route: '/bookings/:id/show', locale: 'ar' },
      fetch,
      <BookingShow />,
    );
    const button = await screen.findByRole(
      'button',
      { name: ar.rihla.ui.cancel.booking_done },
      { timeout: 5000 },
    );
    expect(button).toHaveProperty('disabled', true);
  });
});
