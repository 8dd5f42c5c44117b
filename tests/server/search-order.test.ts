// Trips leaving at the same minute are listed cheapest first, then by company, then by id: the same order on
// every node, on either database, from the cache or not (the database's plan returned them as it found them,
// which differed between designs of the statement for 120 of 1,600 searches).
import { describe, expect, it } from 'vitest';
import { createOk, futureDate, makeTrip, unique } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const cases = dialects.flatMap((dialect) => [
  [dialect, '0'],
  [dialect, '60000'],
]) as [(typeof dialects)[number], string][];

describe.each(cases)('the order of trips leaving together (%s, SEARCH_CACHE_MS=%s)', (dialect, cacheMs) => {
  const t = useTestApp(dialect, { env: { SEARCH_CACHE_MS: cacheMs } });

  it('lists them by departure, then fare, then company name, whatever order they were made in', async () => {
    const date = futureDate(9);
    // The first trip's cities; the others are made on the same road, the most expensive first.
    const first = await makeTrip(t, t.token, { date, time: '9:00 am', price: 9_005 });
    // Prices are a list of their own, each amount once: two trips at the same fare share one.
    const priceOf = async (price: number) => createOk(t, t.token, '/api/prices/createPrice', { price });
    const [seven, five, one] = [await priceOf(7_005), await priceOf(5_005), await priceOf(1_005)];
    const trip = async (company: string, fare: { _id: string }, time: string) => {
      const id = unique();
      const owner = await createOk(t, t.token, '/api/companies/createCompany', {
        company_name: `${company} ${id}`,
        company_phone: '0912345678',
        company_email: `o${id}@example.com`,
        company_tin: `TIN-O-${id}`,
      });
      const bus = await createOk(t, t.token, '/api/buses/createBus', {
        bus_number: `BUS-O-${id}`,
        bus_owner_companyId: owner._id,
        bus_number_of_seats: 45,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      });
      return createOk(t, t.token, '/api/trips/createTrip', {
        busId: bus._id,
        trip_originId: first.origin._id,
        trip_destinationId: first.destination._id,
        trip_date: date,
        trip_boarding_time: time,
        trip_ticket_priceId: fare._id,
      });
    };
    const zamzam = await trip('Zamzam', seven, '9:00 am');
    const alsafa = await trip('Alsafa', seven, '9:00 am');
    const cheapest = await trip('Mid', five, '9:00 am');
    // The cheapest of all, but in the evening.
    const evening = await trip('Aaa', one, '7:00 pm');

    const response = await t.app.inject({
      url: `/api/trips/filterTrips?origin=${first.origin._id}&destination=${first.destination._id}&date=${date}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = (response.json() as { _id: string }[]).map((found) => found._id);
    expect(ids).toEqual([cheapest._id, alsafa._id, zamzam._id, first.trip._id, evening._id]);
  });
});
