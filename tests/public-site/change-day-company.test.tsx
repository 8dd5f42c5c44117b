// A change of day lists only trips of the booking's own bus company (issue 24): the traveller paid that company,
// and the server refuses a change to another's trip, so the form never offers one. The change carries the
// amount the traveller was shown; priced otherwise now, the form shows the new amount and why.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ChangeDayForm from '../../public-site/components/ChangeDayForm.tsx';
import { answerFetch, bookingMatch, demoTrip, renderAt } from './helpers.tsx';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import type { PaymentStatus } from '../../shared/payments.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form of a booking (paid unless said), once its trips are offered (one of its own company). */
async function openForm(
  paymentStatus: PaymentStatus = 'verified',
  language?: Parameters<typeof renderAt>[2],
) {
  renderAt(
    '/',
    <ChangeDayForm booking={bookingMatch({ paymentStatus })} onClose={() => {}} onChanged={() => {}} />,
    language,
  );
  await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
}

describe('the change-of-day form', () => {
  it("offers the route's trips of the booking's company, not another company's", async () => {
    const own = demoTrip({ _id: 'own-trip', trip_boarding_time: '9:00 am' });
    const rival = demoTrip({
      _id: 'rival-trip',
      trip_boarding_time: '7:00 pm',
      busId: {
        ...own.busId,
        _id: 'bus2',
        bus_owner_companyId: { ...own.busId.bus_owner_companyId, _id: 'c2', company_name: 'Rival Express' },
      },
    });
    answerFetch({ '/api/trips/filterTrips': { body: [own, rival] } });
    await openForm();
    expect(screen.getByRole('radio').closest('label')!.textContent).toContain('9:00');
  });

  it('sends the amount shown; when the price moved meanwhile, it shows the new amount and why', async () => {
    const own = demoTrip({ _id: 'own-trip', trip_boarding_time: '9:00 am' });
    const quote = (newTotal: number) => ({
      bookingId: 'b1',
      ticketId: '1234567890123',
      oldTotal: 60000,
      newTotal,
      difference: newTotal - 60000,
      fee: 0,
      toPay: Math.max(0, newTotal - 60000),
      refund: Math.max(0, 60000 - newTotal),
      until: new Date(Date.now() + 86_400_000).toISOString(),
    });
    let price = 64000;
    const calls = answerFetch({
      '/api/trips/filterTrips': { body: [own] },
      '/api/bookings/changeQuote': () => ({ body: quote(price) }),
      '/api/bookings/changeBooking': () => {
        price = 66000;
        return {
          status: 409,
          body: { message: 'The price has changed', code: 'PRICE_CHANGED', totalTicketPrice: 66000 },
        };
      },
    });
    await openForm();
    fireEvent.click(screen.getByRole('radio'));
    for (const seat of [10, 11])
      fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^Seat ${seat},`) }));
    await screen.findByText(/64,000/);
    fireEvent.click(screen.getByRole('button', { name: en.changeDay.confirm }));
    await screen.findByRole('alert');
    const sent = calls.find((call) => call.url.pathname.endsWith('/changeBooking'))!;
    expect(JSON.parse(String(sent.init!.body))).toMatchObject({
      tripId: 'own-trip',
      seats: [10, 11],
      totalTicketPrice: 64000,
    });
    expect(screen.getByRole('alert').textContent).toBe(en.changeDay.PRICE_CHANGED);
    await screen.findByText(/66,000/);
    expect(screen.getByRole('alert').textContent).toBe(en.changeDay.PRICE_CHANGED);
  });

  it('says in Arabic why an unpaid booking may not move onto a trip whose unpaid seats are full', async () => {
    const own = demoTrip({ _id: 'own-trip', trip_boarding_time: '9:00 am' });
    answerFetch({
      '/api/trips/filterTrips': { body: [own] },
      '/api/bookings/changeQuote': {
        body: {
          bookingId: 'b1',
          ticketId: '1234567890123',
          oldTotal: 60000,
          newTotal: 60000,
          difference: 0,
          fee: 0,
          toPay: 0,
          refund: 0,
          until: new Date(Date.now() + 86_400_000).toISOString(),
        },
      },
      '/api/bookings/changeBooking': {
        status: 409,
        body: { message: 'Too many seats…', code: 'UNPAID_LIMIT', scope: 'trip', limit: 6 },
      },
    });
    await openForm('awaiting_proof', { lang: 'ar', messages: ar });
    fireEvent.click(screen.getByRole('radio'));
    for (const seat of [10, 11]) fireEvent.click((await screen.findAllByText(String(seat)))[0]);
    fireEvent.click(await screen.findByRole('button', { name: ar.changeDay.confirm }));
    expect((await screen.findByRole('alert')).textContent).toBe(ar.changeDay.UNPAID_LIMIT);
  });
});
