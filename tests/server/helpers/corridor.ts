// The Khartoum – Wad Madani – Gedaref – Kassala – Port Sudan road as one trip with three intermediate stops
// (issue 23): its company, bus (12 seats), towns in both lists and both languages, and fares per pair; and a
// counter sale of one stretch of it.
import { createOk, futureDate, unique, uniquePrice } from './fixtures.ts';
import { PASSENGER } from './bookings.ts';
import type { TestAppHandle as TestApp } from './use-test-app.ts';

export const TOWNS = ['Khartoum', 'Wad Madani', 'Gedaref', 'Kassala', 'Port Sudan'];
export const TOWNS_AR = ['الخرطوم', 'ود مدني', 'القضارف', 'كسلا', 'بورتسودان'];
/** Fare of each pair (from, to) other than the ends: 1000 a leg. */
export const FARES: { from: number; to: number; price: number }[] = [];
for (let from = 0; from < 5; from++)
  for (let to = from + 1; to < 5; to++)
    if (!(from === 0 && to === 4)) FARES.push({ from, to, price: (to - from) * 1000 });

export async function corridor(t: TestApp, date = futureDate()) {
  const id = unique();
  const company = await createOk(t, t.token, '/api/companies/createCompany', {
    company_name: `Corridor ${id}`,
    company_phone: '0912345678',
    company_email: `s${id}@example.com`,
    company_tin: `TIN-S-${id}`,
  });
  const bus = await createOk(t, t.token, '/api/buses/createBus', {
    bus_number: `SEG-${id}`,
    bus_owner_companyId: company._id,
    bus_number_of_seats: 12,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
  const origins: { _id: string }[] = [];
  const destinations: { _id: string }[] = [];
  for (const [i, town] of TOWNS.entries()) {
    origins.push(
      await createOk(t, t.token, '/api/origins/createOrigin', {
        origin_city: `${town} ${id}`,
        origin_city_ar: `${TOWNS_AR[i]} ${id}`,
      }),
    );
    destinations.push(
      await createOk(t, t.token, '/api/destination/createDestination', {
        destination_city: `${town.toUpperCase()}  ${id}`,
        destination_city_ar: `${TOWNS_AR[i]} ${id}`,
      }),
    );
  }
  const price = await createOk(t, t.token, '/api/prices/createPrice', { price: uniquePrice() });
  const stops = [1, 2, 3].map((i) => ({
    originId: origins[i]._id,
    destinationId: destinations[i]._id,
    minutes: i * 120,
  }));
  const body = {
    busId: bus._id,
    trip_originId: origins[0]._id,
    trip_destinationId: destinations[4]._id,
    trip_date: date,
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: price._id,
    trip_stops: stops,
    trip_fares: FARES,
  };
  const trip = await createOk(t, t.token, '/api/trips/createTrip', body);
  return { trip, origins, destinations, price, bus, body, date };
}

/** A daily evening timetable of a corridor's road, `from` to `until`, with its stops and fares. */
export const corridorTimetable = (body: CorridorBody, from: string, until = from) => ({
  timetable_originId: body.trip_originId,
  timetable_destinationId: body.trip_destinationId,
  busId: body.busId,
  timetable_boarding_time: '7:00 pm',
  timetable_ticket_priceId: body.trip_ticket_priceId,
  timetable_days: [0, 1, 2, 3, 4, 5, 6],
  timetable_from: from,
  timetable_until: until,
  trip_stops: body.trip_stops,
  trip_fares: body.trip_fares,
});
type CorridorBody = Awaited<ReturnType<typeof corridor>>['body'];

export function sell(
  t: TestApp,
  tripId: string,
  seats: number[],
  from: number,
  to: number,
  phone = PASSENGER.phone,
) {
  return t.staff.post('/api/bookings/counterSale', {
    tripId,
    seats,
    passengerInfo: { ...PASSENGER, phone },
    paymentMethod: 'cash',
    boardingStop: from,
    alightingStop: to,
  });
}

/**
 * A maker of trips near a corridor, each on a bus of its own of the corridor's company (12 seats), at 9:00 am
 * on `date` with the corridor's price unless `body` says otherwise; `bus` puts it on that bus instead.
 */
export function tripsBeside(t: TestApp, road: Awaited<ReturnType<typeof corridor>>, date: string) {
  let buses = 0;
  return async (body: Record<string, unknown>, bus?: { _id: string }) => {
    const own =
      bus ??
      (await createOk(t, t.token, '/api/buses/createBus', {
        bus_number: `${road.bus.bus_number}-${++buses}`,
        bus_owner_companyId: road.bus.bus_owner_companyId._id ?? road.bus.bus_owner_companyId,
        bus_number_of_seats: 12,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      }));
    return createOk(t, t.token, '/api/trips/createTrip', {
      trip_date: date,
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: road.price._id,
      ...body,
      busId: own._id,
    });
  };
}
