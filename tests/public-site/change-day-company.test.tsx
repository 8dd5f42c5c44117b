// A change of day lists only trips of the booking's own bus company (issue 24): the traveller paid that company,
// and the server refuses a change to another's trip, so the form never offers one.
import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ChangeDayForm from '../../public-site/components/ChangeDayForm.tsx';
import { answerFetch, bookingMatch, demoTrip, renderAt } from './helpers.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    renderAt(
      '/',
      <ChangeDayForm
        booking={bookingMatch({ paymentStatus: 'verified' })}
        onClose={() => {}}
        onChanged={() => {}}
      />,
    );
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1));
    expect(screen.getByRole('radio').closest('label')!.textContent).toContain('9:00');
  });
});
