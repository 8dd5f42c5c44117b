// Trips (server/resources/trips): populated shapes, the public search filterTrips, cancelTrip, and the
// populated shapes of buses and employees that the same reference filling produces.
import { publicTrip } from '../../server/resources/trips/trips.repository.ts';
import { describe, expect, it } from 'vitest';
import { createOk, futureDate, makeReferences, makeTrip, tripOnly, validBody } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('trips (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const search = (params: Record<string, string>) =>
    client(t).get(`/api/trips/filterTrips?${new URLSearchParams(params)}`);

  describe('populated shapes', () => {
    it('a trip answers its bus (with its company), cities and price as documents, bookedSeats [] and isCancelled false', async () => {
      const { company, bus, origin, destination, price, trip } = await makeTrip(t, t.token, {
        seats: 49,
        price: 4500,
      });
      // Staff see the whole trip; travellers the public view (tests/server/public-views.test.ts).
      const response = await t.staff.get(`/api/trips/getTrip/${trip._id}`);
      expect(response.statusCode).toBe(200);
      expect(tripOnly(response.json())).toEqual({
        _id: trip._id,
        busId: {
          _id: bus._id,
          bus_number: bus.bus_number,
          bus_number_of_seats: 49,
          bus_status: 'In Service',
          date_ofLast_oil_service: '2026-10-01',
          bus_owner_companyId: {
            _id: company._id,
            company_name: company.company_name,
            company_name_ar: null,
            company_phone: '0912345678',
            company_email: company.company_email,
            company_tin: company.company_tin,
            company_bankak_account: null,
            company_account_name: null,
            company_wallets: null,
            company_commission: null,
          },
        },
        trip_originId: { _id: origin._id, origin_city: origin.origin_city, origin_city_ar: null },
        trip_destinationId: {
          _id: destination._id,
          destination_city: destination.destination_city,
          destination_city_ar: null,
        },
        trip_date: futureDate(),
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: { _id: price._id, price: 4500 },
        bookedSeats: [],
        isCancelled: false,
      });
    });

    it('getAllTrips answers every trip populated the same way', async () => {
      const { trip } = await makeTrip(t, t.token);
      const response = await t.staff.get('/api/trips/getAllTrips');
      expect(response.statusCode).toBe(200);
      const listed = response.json().find((x: { _id: string }) => x._id === trip._id);
      expect(listed).toEqual(trip);
      expect(listed.busId.bus_owner_companyId.company_name).toEqual(expect.any(String));
      expect(listed.trip_ticket_priceId.price).toEqual(expect.any(Number));
    });

    it('createTrip and updateTrip answer populated trips, and a PATCH takes a new _id reference', async () => {
      const first = await makeTrip(t, t.token);
      // At another time: a bus is on one trip at a time.
      const other = await makeTrip(t, t.token, { time: '7:00 pm' });
      expect(first.trip.busId._id).toBe(first.bus._id);
      const response = await t.staff.patch(`/api/trips/updateTrip/${first.trip._id}`, {
        busId: other.bus._id,
        trip_ticket_priceId: other.price._id,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().busId).toEqual(other.trip.busId);
      expect(response.json().trip_ticket_priceId).toEqual(other.trip.trip_ticket_priceId);
      expect(response.json().trip_originId).toEqual(first.trip.trip_originId);
    });

    it('a PATCH cannot cancel or un-cancel a trip, nor write bookedSeats', async () => {
      const { trip } = await makeTrip(t, t.token);
      const response = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
        isCancelled: true,
        bookedSeats: [1],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(trip);
    });

    it('a bus answers its company; an employee answers its position (employee_position_title)', async () => {
      const refs = await makeReferences(t, t.token);
      const bus = await createOk(t, t.token, '/api/buses/createBus', validBody('buses', refs));
      const company = (await t.staff.get(`/api/companies/getCompany/${refs.company._id}`)).json();
      expect((await t.staff.get(`/api/buses/getBus/${bus._id}`)).json().bus_owner_companyId).toEqual(company);
      const employee = await createOk(
        t,
        t.token,
        '/api/employees/createEmployee',
        validBody('employees', refs),
      );
      const fetched = (await t.staff.get(`/api/employees/getEmployee/${employee._id}`)).json();
      expect(fetched.positionId).toEqual({
        _id: refs.position._id,
        employee_position_title: (refs.position as { employee_position_title?: string })
          .employee_position_title,
      });
      const list = (await t.staff.get('/api/employees/getAllEmployees')).json();
      expect(
        list.find((e: { _id: string }) => e._id === employee._id).positionId.employee_position_title,
      ).toEqual(expect.any(String));
    });
  });

  describe('filterTrips', () => {
    it.each([
      [{ destination: 'x', date: '2026-12-01' }],
      [{ origin: 'x', date: '2026-12-01' }],
      [{ origin: 'x', destination: 'y' }],
      [{}],
      [{ origin: '', destination: 'y', date: '2026-12-01' }],
      [{ origin: 'x', destination: '  ', date: '2026-12-01' }],
      [{ origin: 'x', destination: 'y', date: '' }],
    ])("answers 400 'All fields are required.' for %j", async (params) => {
      const response = await search(params as Record<string, string>);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('All fields are required.');
    });

    it('answers 400 for a date that is not a real YYYY-MM-DD date', async () => {
      for (const date of ['2026-02-30', '01-12-2026', 'today']) {
        const response = await search({ origin: 'x', destination: 'y', date });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Dates must be real dates written YYYY-MM-DD.');
      }
    });

    it('answers [] when nothing matches, including unknown _ids', async () => {
      const response = await search({ origin: 'nope', destination: 'nope', date: futureDate() });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('answers only that date and pair, not cancelled, ordered 9:00 am before 7:00 pm', async () => {
      const date = futureDate(10);
      const base = await makeTrip(t, t.token, { date, time: '7:00 pm' });
      const { origin, destination, price } = base;
      // Each trip on a bus of its own: a bus is on one trip at a time.
      const spareBus = async () =>
        (
          await createOk(t, t.token, '/api/buses/createBus', {
            ...validBody('buses', { company: base.company } as never),
          })
        )._id as string;
      const tripBody = async (overrides: Record<string, string>) => ({
        busId: await spareBus(),
        trip_originId: origin._id,
        trip_destinationId: destination._id,
        trip_date: date,
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: price._id,
        ...overrides,
      });
      // Created after the 7:00 pm trip, so an order by insertion would put it last.
      const morning = await createOk(t, t.token, '/api/trips/createTrip', await tripBody({}));
      const cancelled = await createOk(t, t.token, '/api/trips/createTrip', await tripBody({}));
      expect((await t.staff.patch(`/api/trips/cancelTrip/${cancelled._id}`)).statusCode).toBe(200);
      // Noise: the next day, the reverse direction and another destination.
      const other = await makeTrip(t, t.token, { date });
      await createOk(t, t.token, '/api/trips/createTrip', await tripBody({ trip_date: futureDate(11) }));
      const reverseOrigin = await createOk(t, t.token, '/api/origins/createOrigin', {
        origin_city: `${destination.destination_city} (as origin)`,
      });
      const reverseDestination = await createOk(t, t.token, '/api/destination/createDestination', {
        destination_city: `${origin.origin_city} (as destination)`,
      });
      await createOk(
        t,
        t.token,
        '/api/trips/createTrip',
        await tripBody({ trip_originId: reverseOrigin._id, trip_destinationId: reverseDestination._id }),
      );
      await createOk(
        t,
        t.token,
        '/api/trips/createTrip',
        await tripBody({ trip_destinationId: other.destination._id }),
      );

      const response = await search({ origin: origin._id, destination: destination._id, date });
      expect(response.statusCode).toBe(200);
      const found = response.json();
      expect(found.map((trip: { _id: string }) => trip._id)).toEqual([morning._id, base.trip._id]);
      expect(found.map((trip: { trip_boarding_time: string }) => trip.trip_boarding_time)).toEqual([
        '9:00 am',
        '7:00 pm',
      ]);
      // Populated like getTrip, in the public view.
      expect(found[1]).toEqual(publicTrip(base.trip));
      expect(found[0].busId.bus_owner_companyId.company_name).toBe(base.company.company_name);
    });

    it('trims the parameters', async () => {
      const date = futureDate(12);
      const { origin, destination, trip } = await makeTrip(t, t.token, { date });
      const response = await search({
        origin: ` ${origin._id} `,
        destination: destination._id,
        date: ` ${date}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([publicTrip(trip)]);
    });
  });

  describe('cancelTrip', () => {
    it('answers 200 with the trip, now isCancelled true; a second cancel answers 409', async () => {
      const { trip } = await makeTrip(t, t.token);
      const response = await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`, { isCancelled: true });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...trip, isCancelled: true });
      expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).json().isCancelled).toBe(true);
      const again = await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`, { isCancelled: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBeTruthy();
    });

    it('works without a body, and an edit afterwards keeps the trip cancelled', async () => {
      const { trip } = await makeTrip(t, t.token);
      expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(200);
      const edited = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, {
        trip_boarding_time: '7:00 pm',
      });
      expect(edited.json()).toMatchObject({ isCancelled: true, trip_boarding_time: '7:00 pm' });
    });

    it('answers 401 without a token and leaves the trip as it was', async () => {
      const { trip } = await makeTrip(t, t.token);
      expect((await client(t).patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(401);
      expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).json().isCancelled).toBe(false);
    });
  });

  describe('public reads follow staff writes at once', () => {
    it('getTrip and filterTrips show an edited trip, a renamed company and a new price right after the write', async () => {
      const date = futureDate(20);
      const { trip, origin, destination, company, price } = await makeTrip(t, t.token, { date });
      const anonymous = client(t);
      const params = { origin: origin._id, destination: destination._id, date };
      // Read once so that any cache holds the old answers.
      expect(tripOnly((await anonymous.get(`/api/trips/getTrip/${trip._id}`)).json())).toEqual(
        publicTrip(trip),
      );
      expect((await search(params)).json()).toEqual([publicTrip(trip)]);

      await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { trip_boarding_time: '7:00 pm' });
      expect((await anonymous.get(`/api/trips/getTrip/${trip._id}`)).json().trip_boarding_time).toBe(
        '7:00 pm',
      );
      expect((await search(params)).json()[0].trip_boarding_time).toBe('7:00 pm');

      await t.staff.patch(`/api/companies/updateCompany/${company._id}`, {
        company_name: `Renamed ${company._id}`,
      });
      const renamed = (await anonymous.get(`/api/trips/getTrip/${trip._id}`)).json();
      expect(renamed.busId.bus_owner_companyId.company_name).toBe(`Renamed ${company._id}`);

      await t.staff.patch(`/api/prices/updatePrice/${price._id}`, { price: 98_765 });
      expect((await search(params)).json()[0].trip_ticket_priceId.price).toBe(98_765);

      await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`);
      expect((await search(params)).json()).toEqual([]);
      expect((await anonymous.get(`/api/trips/getTrip/${trip._id}`)).json().isCancelled).toBe(true);

      await t.staff.delete(`/api/trips/deleteTrip/${trip._id}`);
      expect((await anonymous.get(`/api/trips/getTrip/${trip._id}`)).statusCode).toBe(404);
    });

    it('filterTrips shows a trip created after the same search answered []', async () => {
      const date = futureDate(21);
      const { trip, origin, destination, bus, price } = await makeTrip(t, t.token, { date: futureDate(22) });
      const params = { origin: origin._id, destination: destination._id, date };
      expect((await search(params)).json()).toEqual([]);
      const created = await createOk(t, t.token, '/api/trips/createTrip', {
        busId: bus._id,
        trip_originId: origin._id,
        trip_destinationId: destination._id,
        trip_date: date,
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: price._id,
      });
      expect((await search(params)).json()).toEqual([publicTrip(created)]);
      expect(created._id).not.toBe(trip._id);
    });
  });

  describe('getTrip and deleteTrip', () => {
    it('getTrip answers 404 with a message for an unknown _id', async () => {
      const response = await client(t).get('/api/trips/getTrip/ffffffffffffffffffffffff');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No trip has this _id.');
    });

    it('deleteTrip answers the deleted trip; it is no longer found, even by filterTrips', async () => {
      const date = futureDate(13);
      const { trip, origin, destination } = await makeTrip(t, t.token, { date });
      const response = await t.staff.delete(`/api/trips/deleteTrip/${trip._id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(trip);
      expect((await client(t).get(`/api/trips/getTrip/${trip._id}`)).statusCode).toBe(404);
      expect((await search({ origin: origin._id, destination: destination._id, date })).json()).toEqual([]);
    });
  });
});
