// Every time staff see is Khartoum's (UTC+2 all year), whatever the browser's zone, and the screen says so once:
// the bookings list's column, the payment review's "Booked" line. The browser here runs in New York.
process.env.TZ = 'America/New_York';

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BookingList } from '../../admin/bookings/BookingList.tsx';
import { OnDemandPage } from '../../admin/payments/routes.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { booking, paymentsServer } from './helpers/payments.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

// 23:30 in London is 01:30 the next day in Khartoum, and 18:30 the day before in New York.
const late = booking('b1', { bookingDate: '2026-11-20T23:30:00.000Z' });

it('the test browser is not on Khartoum’s clock', () => {
  expect(new Date(late.bookingDate).getHours()).toBe(18);
});

describe('the bookings list', () => {
  it('shows when a booking was made on Khartoum’s clock, its column saying so', async () => {
    const { fetch } = apiAs('manager', {
      'GET /api/bookings/getAllBookings': () => ({ body: [late], headers: { 'X-Total-Count': '1' } }),
    });
    await renderAs({ resource: 'bookings', path: '/bookings' }, fetch, <BookingList />);
    const row = (await screen.findByText(late.ticketId, {}, { timeout: 5000 })).closest('tr')!;
    expect(within(row).getByText(/21 Nov 2026,? 01:30/)).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toContain('Booking date (Khartoum time)');
  });

  it('says it in Arabic too', async () => {
    const { fetch } = apiAs('manager', {
      'GET /api/bookings/getAllBookings': () => ({ body: [late], headers: { 'X-Total-Count': '1' } }),
    });
    await renderAs({ resource: 'bookings', path: '/bookings', locale: 'ar' }, fetch, <BookingList />);
    await screen.findByText(late.ticketId, {}, { timeout: 5000 });
    const label = ar.rihla.ui.time.khartoum.replace('%{label}', ar.resources.bookings.fields.bookingDate);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain(label);
  });
});

describe('the payment review', () => {
  it('shows when the booking was made on Khartoum’s clock, labelled once', async () => {
    const server = paymentsServer([late]);
    await renderAs(
      { resource: 'bookings', path: '/bookings/payments/b1', auth: false },
      server.fetch,
      <Routes>
        <Route path="/bookings/payments/:id" element={<OnDemandPage name="PaymentReview" />} />
      </Routes>,
    );
    const review = await screen.findByTestId('payment-review', {}, { timeout: 5000 });
    await waitFor(() => expect(within(review).getByText('Booked (Khartoum time)')).toBeTruthy());
    const label = within(review).getByText('Booked (Khartoum time)');
    expect(label.nextElementSibling?.textContent).toMatch(/21 Nov 2026,? 01:30/);
    expect(within(review).getAllByText(/Khartoum time/)).toHaveLength(1);
  });
});
