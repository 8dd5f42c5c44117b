// Who may call what: every staff call of the registry answers 401 without a valid token (before looking at
// the request at all), and the public calls work without one.
import { describe, expect, it } from 'vitest';
import { type Operation, resources } from '../../shared/registry/index.ts';
import { futureDate, makeTrip, tripOnly, validBody } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const SOME_ID = '0123456789abcdef01234567';
const METHODS: Record<Operation, 'GET' | 'POST' | 'PATCH' | 'DELETE'> = {
  list: 'GET',
  one: 'GET',
  create: 'POST',
  update: 'PATCH',
  remove: 'DELETE',
};

/** Every staff call of issue 2 the registry describes, plus the hand-made ones. */
const STAFF_CALLS = [
  ...resources
    .filter((def) => def.name !== 'bookings')
    .flatMap((def) =>
      (Object.keys(METHODS) as Operation[])
        .filter((op) => def.api[op] && !def.publicOps?.includes(op))
        .map((op) => ({
          call: `${def.name}.${def.api[op]}`,
          method: METHODS[op],
          url: `${def.api.base}/${def.api[op]}${op === 'list' || op === 'create' ? '' : `/${SOME_ID}`}`,
        })),
    ),
  { call: 'trips.cancelTrip', method: 'PATCH' as const, url: `/api/trips/cancelTrip/${SOME_ID}` },
  { call: 'auth.user', method: 'GET' as const, url: '/api/auth/user' },
];

describe.each(dialects)('staff guard (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('covers every resource of the registry but bookings', () => {
    const covered = new Set(STAFF_CALLS.map((c) => c.call.split('.')[0]));
    for (const def of resources.filter((d) => d.name !== 'bookings')) expect(covered).toContain(def.name);
    expect(STAFF_CALLS.length).toBeGreaterThan(50);
  });

  describe.each(STAFF_CALLS)('$call ($method $url)', ({ method, url }) => {
    const payload = method === 'POST' || method === 'PATCH' ? {} : undefined;

    it('answers 401 with a message without a token, even for a body it would refuse', async () => {
      const response = await t.app.inject({ method, url, payload });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBeTruthy();
    });

    it('answers 401 with a token that is not valid, or not a Bearer token', async () => {
      for (const authorization of ['Bearer not.a.token', `Basic ${t.token}`, t.token, 'Bearer ']) {
        const response = await t.app.inject({ method, url, payload, headers: { authorization } });
        expect(response.statusCode, authorization).toBe(401);
      }
    });

    it('exists: with a token it answers something other than 401 and "No such call"', async () => {
      const response = await t.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${t.token}` },
      });
      expect(response.statusCode).not.toBe(401);
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode === 404) expect(response.json().message).not.toMatch(/No such call/);
    });
  });

  describe('public calls work without a token', () => {
    it('health, getAllOrigins, getAllDestinations', async () => {
      const anonymous = client(t);
      expect((await anonymous.get('/api/health')).statusCode).toBe(200);
      const { origin, destination } = await makeTrip(t, t.token);
      const origins = await anonymous.get('/api/origins/getAllOrigins');
      expect(origins.statusCode).toBe(200);
      expect(origins.json()).toContainEqual({
        _id: origin._id,
        origin_city: origin.origin_city,
        origin_city_ar: null,
      });
      const destinations = await anonymous.get('/api/destination/getAllDestinations');
      expect(destinations.statusCode).toBe(200);
      expect(destinations.json()).toContainEqual({
        _id: destination._id,
        destination_city: destination.destination_city,
        destination_city_ar: null,
      });
    });

    it('filterTrips and getTrip, answering the trip as travellers see it', async () => {
      const { origin, destination, bus, company, trip } = await makeTrip(t, t.token, { date: futureDate(4) });
      // The public trip: the company's names and phone and the bus's number and seats, nothing internal.
      const publicTrip = {
        ...trip,
        busId: {
          _id: bus._id,
          bus_number: bus.bus_number,
          bus_number_of_seats: bus.bus_number_of_seats,
          bus_owner_companyId: {
            _id: company._id,
            company_name: company.company_name,
            company_name_ar: null,
            company_phone: company.company_phone,
          },
        },
        outOfService: false,
      };
      const anonymous = client(t);
      const found = await anonymous.get(
        `/api/trips/filterTrips?origin=${origin._id}&destination=${destination._id}&date=${futureDate(4)}`,
      );
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual([publicTrip]);
      const one = await anonymous.get(`/api/trips/getTrip/${trip._id}`);
      expect(one.statusCode).toBe(200);
      expect(tripOnly(one.json())).toEqual(publicTrip);
    });

    it('createLostItem and createEnquiry answer 201; reading them back needs a token', async () => {
      const anonymous = client(t);
      const lost = await anonymous.post('/api/lostItems/createLostItem', validBody('lostItems', {} as never));
      expect(lost.statusCode, lost.body).toBe(201);
      expect(lost.json()._id).toEqual(expect.any(String));
      const enquiry = await anonymous.post(
        '/api/enquiries/createEnquiry',
        validBody('enquiries', {} as never),
      );
      expect(enquiry.statusCode, enquiry.body).toBe(201);
      expect((await anonymous.get(`/api/lostItems/getLostItem/${lost.json()._id}`)).statusCode).toBe(401);
      expect((await anonymous.get('/api/enquiries/getAllEnquiries')).statusCode).toBe(401);
      const staff = t.staff;
      expect((await staff.get(`/api/lostItems/getLostItem/${lost.json()._id}`)).json()).toEqual(lost.json());
      expect((await staff.get('/api/enquiries/getAllEnquiries')).json()).toContainEqual(enquiry.json());
    });

    it('a public call still validates: 400 with the message, not 401', async () => {
      const response = await client(t).post('/api/enquiries/createEnquiry', {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Please provide your details and your message.');
    });

    it('public reads ignore a stale token rather than refusing the traveller', async () => {
      const response = await client(t, 'stale.token.value').get('/api/origins/getAllOrigins');
      expect(response.statusCode).toBe(200);
    });
  });
});
