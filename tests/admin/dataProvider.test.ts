// The dataProvider maps react-admin's calls onto the spec's URLs for every registry resource, with the
// server's paging/sorting/filtering parameters and _id ↔ id. The network is a fake fetch.
import simpleRestProvider from 'ra-data-simple-rest';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession } from '../../admin/auth/session.ts';
import { createDataProvider, type RihlaDataProvider } from '../../admin/data/dataProvider.ts';
import { resources } from '../../shared/registry/index.ts';
import { type Call, fakeFetch, signedIn } from './helpers/fakeFetch.ts';

const company = {
  _id: 'c1',
  company_name: 'Nile Express',
  company_phone: '0912345678',
  company_email: 'a@b.sd',
  company_tin: '1',
};
const bus = {
  _id: 'b1',
  bus_number: 'KH-1',
  bus_owner_companyId: company,
  bus_number_of_seats: 40,
  bus_status: 'In Service',
  date_ofLast_oil_service: '2026-11-01',
};
const trip = {
  _id: 't1',
  busId: bus,
  trip_originId: { _id: 'o1', origin_city: 'Khartoum' },
  trip_destinationId: { _id: 'd1', destination_city: 'Kassala' },
  trip_date: '2026-12-01',
  trip_boarding_time: '9:00 am',
  trip_ticket_priceId: { _id: 'p1', price: 30000 },
  bookedSeats: [3],
  isCancelled: false,
};

// The provider is ra-data-simple-rest's (watched here, its calls left as they are).
vi.mock('ra-data-simple-rest', async (original) => ({
  default: vi.fn((await original<typeof import('ra-data-simple-rest')>()).default),
}));

let calls: Call[];
let provider: RihlaDataProvider;

beforeEach(async () => {
  const fake = fakeFetch({
    'POST /api/auth/login': () => signedIn('token-1'),
    'GET /api/trips/getAllTrips': () => ({ body: [trip], headers: { 'X-Total-Count': '448' } }),
    'GET /api/trips/getTrip/t1': () => ({ body: trip }),
    'PATCH /api/trips/updateTrip/t1': (call) => ({ body: { ...trip, ...(call.body as object) } }),
    'PATCH /api/trips/cancelTrip/t1': () => ({ body: { ...trip, isCancelled: true } }),
    'PATCH /api/bookings/cancelBooking/k1': () => ({ body: { _id: 'k1', isCancelled: true } }),
    'GET /api/trips/passengers/t1': () => ({
      body: [
        {
          seat: 3,
          name: 'Amna Osman',
          phone: '0912345678',
          ticketId: '1234567890123',
          isCancelled: false,
          bookingId: 'k1',
        },
      ],
    }),
    'GET /api/dashboard/summary': () => ({
      body: { counts: { bookings: 1, trips: 2, buses: 3, employees: 4 }, recentReports: [], seatsByDay: [] },
    }),
    'GET /api/uploads/proof.png': () =>
      new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } }),
    'DELETE /api/companies/deleteCompany/c1': () => ({
      status: 409,
      body: {
        message: 'This company cannot be deleted: 1 bus still refer to it.',
        referencedBy: { buses: 1 },
      },
    }),
    'POST /api/companies/createCompany': (call) => ({
      status: 201,
      body: { _id: 'c2', ...(call.body as object) },
    }),
    'GET /api/buses/getAllBuses': () => ({ body: [bus], headers: { 'X-Total-Count': '1' } }),
  });
  calls = fake.calls;
  const session = createSession({ fetch: fake.fetch, hasSessionHint: () => false });
  await session.login('amna@rihla.test', 'secret123');
  provider = createDataProvider(session);
  calls.length = 0;
});

describe('URL mapping, for every registry resource', () => {
  it('is ra-data-simple-rest’s provider, reading the total from X-Total-Count', () => {
    expect(simpleRestProvider).toHaveBeenCalledWith('', expect.any(Function), 'X-Total-Count');
  });

  for (const def of resources) {
    it(`${def.name}: getList, getOne, create, update, delete use ${def.api.base}`, async () => {
      const fake = fakeFetch({});
      const session = createSession({ fetch: fake.fetch, hasSessionHint: () => false });
      const dp = createDataProvider(session);
      const attempt = (promise: Promise<unknown>) => promise.catch(() => undefined);
      await attempt(
        dp.getList(def.name, { pagination: { page: 1, perPage: 10 }, sort: def.defaultSort, filter: {} }),
      );
      await attempt(dp.getOne(def.name, { id: 'x1' }));
      await attempt(dp.getMany(def.name, { ids: ['x1', 'x2'] }));
      if (def.api.create) await attempt(dp.create(def.name, { data: {} }));
      const writable = Object.keys(def.fields).find(
        (name) => !def.fields[name].readOnly && !def.fields[name].computed,
      )!;
      if (def.api.update)
        await attempt(
          dp.update(def.name, { id: 'x1', data: { [writable]: 'new' }, previousData: { id: 'x1' } }),
        );
      if (def.api.remove) await attempt(dp.delete(def.name, { id: 'x1', previousData: { id: 'x1' } }));
      const seen = fake.calls.map((call) => `${call.method} ${call.path}`);
      const expected = [
        `GET ${def.api.base}/${def.api.list}`,
        `GET ${def.api.base}/${def.api.one}/x1`,
        `GET ${def.api.base}/${def.api.list}`,
        ...(def.api.create ? [`POST ${def.api.base}/${def.api.create}`] : []),
        ...(def.api.update ? [`PATCH ${def.api.base}/${def.api.update}/x1`] : []),
        ...(def.api.remove ? [`DELETE ${def.api.base}/${def.api.remove}/x1`] : []),
      ];
      expect(seen).toEqual(expected);
    });
  }

  it('uses the spec’s own names where they differ from the pattern', () => {
    const byName = Object.fromEntries(resources.map((def) => [def.name, def.api]));
    expect(`${byName.users.base}/${byName.users.list}`).toBe('/api/auth/getAllusers');
    expect(`${byName.users.base}/${byName.users.create}`).toBe('/api/auth/register');
    expect(`${byName.destinations.base}/${byName.destinations.create}`).toBe(
      '/api/destination/createDestination',
    );
    expect(`${byName.bookings.base}/${byName.bookings.remove}`).toBe('/api/bookings/deleteBooking');
    expect(byName.bookings.update).toBeUndefined();
  });
});

describe('getList', () => {
  it('sends _start/_end/_sort/_order, q and filters, and reads X-Total-Count', async () => {
    const result = await provider.getList('trips', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'trip_date', order: 'DESC' },
      filter: {
        q: 'kassala',
        trip_boarding_time: '9:00 am',
        trip_date_gte: '2026-12-01',
        isCancelled: false,
        empty: '',
      },
    });
    const [call] = calls;
    expect(call.path).toBe('/api/trips/getAllTrips');
    expect(Object.fromEntries(call.query)).toEqual({
      _start: '50',
      _end: '75',
      _sort: 'trip_date',
      _order: 'DESC',
      q: 'kassala',
      trip_boarding_time: '9:00 am',
      trip_date_gte: '2026-12-01',
      isCancelled: 'false',
    });
    expect(call.headers.get('Authorization')).toBe('Bearer token-1');
    expect(result.total).toBe(448);
  });

  it('maps _id to id and keeps references as _id strings, handing populated documents to the cache', async () => {
    const result = await provider.getList('trips', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].query.get('_sort')).toBe('_id');
    expect(result.data[0]).toMatchObject({
      id: 't1',
      _id: 't1',
      busId: 'b1',
      trip_originId: 'o1',
      trip_ticket_priceId: 'p1',
    });
    const prefetched = (result.meta as { prefetched: Record<string, { id: string }[]> }).prefetched;
    expect(prefetched.buses).toEqual([expect.objectContaining({ id: 'b1', bus_owner_companyId: 'c1' })]);
    expect(prefetched.companies).toEqual([
      expect.objectContaining({ id: 'c1', company_name: 'Nile Express' }),
    ]);
    expect(prefetched.prices[0]).toMatchObject({ id: 'p1', price: 30000 });
  });
});

describe('timestamp ranges', () => {
  it('a picked day covers that whole day in Khartoum (UTC+2)', async () => {
    const fake = fakeFetch({
      'GET /api/bookings/getAllBookings': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
    });
    const dp = createDataProvider(createSession({ fetch: fake.fetch, hasSessionHint: () => false }));
    await dp.getList('bookings', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'bookingDate', order: 'DESC' },
      filter: { bookingDate_gte: '2026-11-21', bookingDate_lte: '2026-11-30' },
    });
    expect(fake.calls[0].query.get('bookingDate_gte')).toBe('2026-11-20T22:00:00.000Z');
    expect(fake.calls[0].query.get('bookingDate_lte')).toBe('2026-11-30T21:59:59.999Z');
  });
});

describe('getMany and getManyReference', () => {
  it('getMany asks the list call for each id (unpaged: the server answers just those)', async () => {
    const result = await provider.getMany('buses', { ids: ['b1', 'b2'] });
    expect(calls[0].path).toBe('/api/buses/getAllBuses');
    expect(calls[0].query.getAll('id')).toEqual(['b1', 'b2']);
    expect([...calls[0].query.keys()]).toEqual(['id', 'id']);
    expect(result.data).toEqual([expect.objectContaining({ id: 'b1', bus_owner_companyId: 'c1' })]);
  });

  it('getManyReference filters the list by the target field', async () => {
    const result = await provider.getManyReference('buses', {
      target: 'bus_owner_companyId',
      id: 'c1',
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'bus_number', order: 'ASC' },
      filter: {},
    });
    expect(calls[0].query.get('bus_owner_companyId')).toBe('c1');
    expect(calls[0].query.get('_end')).toBe('10');
    expect(result.total).toBe(1);
  });
});

describe('writes', () => {
  it('create sends writable registry fields only', async () => {
    const result = await provider.create('companies', {
      data: {
        id: 'nope',
        _id: 'nope',
        company_name: 'Blue Nile',
        company_phone: '0911111111',
        company_email: 'x@y.sd',
        company_tin: '9',
        extra: 1,
      },
    });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toEqual({
      company_name: 'Blue Nile',
      company_phone: '0911111111',
      company_email: 'x@y.sd',
      company_tin: '9',
    });
    expect(result.data).toMatchObject({ id: 'c2', company_name: 'Blue Nile' });
  });

  it('update is a PATCH of the changed fields only, references compared by _id', async () => {
    const previous = { ...trip, id: 't1', busId: 'b1' };
    await provider.update('trips', {
      id: 't1',
      data: {
        ...previous,
        busId: { _id: 'b1' },
        trip_boarding_time: '7:00 pm',
        isCancelled: true,
        bookedSeats: [1],
      },
      previousData: previous,
    });
    expect(calls[0].method).toBe('PATCH');
    expect(calls[0].path).toBe('/api/trips/updateTrip/t1');
    expect(calls[0].body).toEqual({ trip_boarding_time: '7:00 pm' });
  });

  it('update with nothing changed makes no call', async () => {
    const previous = { id: 't1', trip_date: '2026-12-01' };
    const result = await provider.update('trips', {
      id: 't1',
      data: { ...previous },
      previousData: previous,
    });
    expect(calls).toHaveLength(0);
    expect(result.data).toBe(previous);
  });

  it('a refused delete surfaces the server’s message and body as an HttpError', async () => {
    const error = await provider
      .delete('companies', { id: 'c1', previousData: { id: 'c1' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('This company cannot be deleted: 1 bus still refer to it.');
    expect(error.body.referencedBy).toEqual({ buses: 1 });
  });
});

describe('special calls', () => {
  it('cancelTrip and cancelBooking PATCH their own URLs', async () => {
    const trip = await provider.cancelTrip('t1');
    const booking = await provider.cancelBooking('k1');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH /api/trips/cancelTrip/t1',
      'PATCH /api/bookings/cancelBooking/k1',
    ]);
    expect(calls[0].body).toEqual({ isCancelled: true });
    expect(trip.data).toMatchObject({ id: 't1', isCancelled: true });
    expect(booking.data).toMatchObject({ id: 'k1', isCancelled: true });
  });

  it('passengers, dashboard summary and uploads carry the token', async () => {
    expect(await provider.tripPassengers('t1')).toHaveLength(1);
    expect((await provider.dashboardSummary()).counts.buses).toBe(3);
    const blob = await provider.upload('/api/uploads/proof.png');
    expect(blob.size).toBe(4);
    expect(calls.every((c) => c.headers.get('Authorization') === 'Bearer token-1')).toBe(true);
    await expect(provider.upload('https://elsewhere.example/x.png')).rejects.toBeInstanceOf(HttpError);
  });
});
