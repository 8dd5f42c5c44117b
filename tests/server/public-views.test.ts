// What travellers are told about a trip: the company's name and phone and the bus's number and seats, never
// the company's TIN or e-mail, nor the bus's state or servicing date; staff who read trips see the whole trip.
import { describe, expect, it } from 'vitest';
import { makeTrip } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const INTERNAL = ['company_tin', 'company_email', 'bus_status', 'date_ofLast_oil_service'];

describe.each(dialects)('public views (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('answers travellers a public trip in searches and by id, and staff the whole trip', async () => {
    const { trip, company, origin, destination } = await makeTrip(t, t.token);
    const search = await client(t).get(
      `/api/trips/filterTrips?origin=${origin._id}&destination=${destination._id}&date=${trip.trip_date}`,
    );
    const one = await client(t).get(`/api/trips/getTrip/${trip._id}`);
    for (const answer of [search.body, one.body]) {
      for (const field of INTERNAL) expect(answer).not.toContain(field);
      expect(answer).not.toContain(company.company_tin);
      expect(answer).toContain(company.company_name);
      expect(answer).toContain(company.company_phone);
    }
    expect(one.json()).toMatchObject({ outOfService: false, busId: { bus_number_of_seats: 45 } });
    const staff = (await t.staff.get(`/api/trips/getTrip/${trip._id}`)).json();
    expect(staff.busId.bus_owner_companyId.company_tin).toBe(company.company_tin);
    expect(staff.busId.bus_status).toBe('In Service');
    // The public view is not what the cache answers staff, nor the other way round.
    expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).body).not.toContain('company_tin');
  });

  it('tells travellers that a trip’s bus is out of service', async () => {
    const { trip, bus } = await makeTrip(t, t.token);
    await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_status: 'Out of Service' });
    const one = (await client(t).get(`/api/trips/getTrip/${trip._id}`)).json();
    expect(one.outOfService).toBe(true);
    expect(JSON.stringify(one)).not.toContain('bus_status');
  });
});
