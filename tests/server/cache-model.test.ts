// The caches as a model: random sequences of staff and traveller writes, sent through the HTTP API (with odd
// but valid spellings of the same URL) or made directly through the write layer as a scheduled job or a script
// would, and after every step every read — a trip, a search, list pages and their X-Total-Count — must equal
// the same read from an app with its caches off. On SQLite, scripts write through a second connection to the
// file; on PostgreSQL, writes go to two API nodes at random and both must agree (the other node as soon as
// NOTIFY reaches it).
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/database.ts';
import { bookingFields, PASSENGER } from './helpers/bookings.ts';
import { createOk, futureDate, newUserBody, unique, uniquePrice } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { createTestApp, dialects, staffToken, type TestApp } from './helpers/test-app.ts';

interface Node {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Another app on the same database: another API node, or (caches off) the oracle. */
async function sibling(t: TestApp, env: Record<string, string> = {}): Promise<Node> {
  const config = loadConfig({
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.databaseUrl,
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    LOGIN_RATE_LIMIT_PER_EMAIL: '100000',
    LOOKUP_RATE_LIMIT_PER_IP: '100000',
    BOOKING_RATE_LIMIT_PER_IP: '100000',
    MAX_UNPAID_BOOKINGS_PER_ADDRESS: '100000',
    MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '100000',
    LOG_LEVEL: 'silent',
    TICKET_WORKERS: '0',
    ...env,
  });
  const database = openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Odd but valid spellings of one API path: a percent-encoded letter in the folder or the call, a trailing slash. */
function spell(path: string, spelling: number): string {
  const [, api, folder, call, ...rest] = path.split('/');
  const encode = (word: string) => `%${word.charCodeAt(0).toString(16)}${word.slice(1)}`;
  switch (spelling % 4) {
    case 1:
      return ['', api, encode(folder), call, ...rest].join('/');
    case 2:
      return ['', api, folder, encode(call), ...rest].join('/');
    case 3:
      return `${path}/`;
    default:
      return path;
  }
}

type Via = { node: number; spelling: number };
type Action =
  | { kind: 'busSeats'; bus: number; seats: number; via: Via }
  | { kind: 'busStatus'; bus: number; via: Via }
  | { kind: 'renameCompany'; via: Via }
  | { kind: 'renameCity'; via: Via }
  | { kind: 'changePrice'; price: number; via: Via }
  | { kind: 'moveTrip'; trip: number; bus: number; via: Via }
  | { kind: 'retimeTrip'; trip: number; via: Via }
  | { kind: 'cancelTrip'; trip: number; via: Via }
  | { kind: 'createTrip'; bus: number; day: number; via: Via }
  | { kind: 'deleteTrip'; trip: number; via: Via }
  | { kind: 'book'; trip: number; seats: number[]; via: Via }
  | { kind: 'cancelBooking'; booking: number; traveller: boolean; via: Via }
  | { kind: 'deleteBooking'; booking: number; via: Via }
  | { kind: 'registerUser'; via: Via }
  | { kind: 'deleteUser'; user: number; via: Via }
  | { kind: 'jobCancelBooking'; booking: number; other: boolean }
  | { kind: 'jobCancelTrip'; trip: number; other: boolean }
  | { kind: 'jobBusStatus'; bus: number; other: boolean };

const via = fc.record({ node: fc.nat(1), spelling: fc.nat(3) });
const index = fc.nat(7);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('busSeats' as const),
    bus: index,
    seats: fc.integer({ min: 2, max: 50 }),
    via,
  }),
  fc.record({ kind: fc.constant('busStatus' as const), bus: index, via }),
  fc.record({ kind: fc.constant('renameCompany' as const), via }),
  fc.record({ kind: fc.constant('renameCity' as const), via }),
  fc.record({ kind: fc.constant('changePrice' as const), price: index, via }),
  fc.record({ kind: fc.constant('moveTrip' as const), trip: index, bus: index, via }),
  fc.record({ kind: fc.constant('retimeTrip' as const), trip: index, via }),
  fc.record({ kind: fc.constant('cancelTrip' as const), trip: index, via }),
  fc.record({ kind: fc.constant('createTrip' as const), bus: index, day: fc.nat(1), via }),
  fc.record({ kind: fc.constant('deleteTrip' as const), trip: index, via }),
  fc.record({
    kind: fc.constant('book' as const),
    trip: index,
    seats: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }),
    via,
  }),
  fc.record({ kind: fc.constant('book' as const), trip: index, seats: fc.constant<number[]>([1]), via }),
  fc.record({ kind: fc.constant('cancelBooking' as const), booking: index, traveller: fc.boolean(), via }),
  fc.record({ kind: fc.constant('deleteBooking' as const), booking: index, via }),
  fc.record({ kind: fc.constant('registerUser' as const), via }),
  fc.record({ kind: fc.constant('deleteUser' as const), user: index, via }),
  fc.record({ kind: fc.constant('jobCancelBooking' as const), booking: index, other: fc.boolean() }),
  fc.record({ kind: fc.constant('jobCancelTrip' as const), trip: index, other: fc.boolean() }),
  fc.record({ kind: fc.constant('jobBusStatus' as const), bus: index, other: fc.boolean() }),
);

/** The documents one run works on: made fresh for each run, so runs do not see each other's choices. */
interface World {
  company: string;
  origin: string;
  destination: string;
  buses: string[];
  prices: string[];
  trips: { _id: string; trip_date: string }[];
  bookings: { _id: string; ticketId: string; phone: string }[];
  users: string[];
}

describe.each(dialects)('caches as a model (%s)', (dialect) => {
  let t: TestApp;
  let token: string;
  let nodes: Node[];
  let oracle: Node;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      LOOKUP_RATE_LIMIT_PER_IP: '100000',
      BOOKING_RATE_LIMIT_PER_IP: '100000',
      // As in production: another connection's writes are looked for at most every 2 ms.
      OUTSIDE_WRITES_CHECK_MS: '2',
    });
    token = await staffToken(t);
    const first: Node = { app: t.app, database: t.database, close: async () => undefined };
    nodes = dialect === 'postgres' ? [first, await sibling(t)] : [first];
    oracle = await sibling(t, { SEARCH_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await oracle?.close();
    for (const node of nodes?.slice(1) ?? []) await node.close();
    await t?.close();
  });

  const auth = () => ({ authorization: `Bearer ${token}` });
  const send = async (
    node: Node,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    staff = true,
  ) => {
    const response = await node.app.inject({
      method,
      url,
      headers: staff ? auth() : {},
      payload: body as object,
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
    return response;
  };
  const pick = <T>(list: T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);

  async function makeWorld(): Promise<World> {
    const id = unique();
    const post = (url: string, body: Record<string, unknown>) => createOk(t, token, url, body);
    const company = await post('/api/companies/createCompany', {
      company_name: `Model ${id}`,
      company_phone: '0912345678',
      company_email: `m${id}@example.com`,
      company_tin: `TIN-M-${id}`,
    });
    const buses = [];
    for (const seats of [12, 8]) {
      buses.push(
        await post('/api/buses/createBus', {
          bus_number: `M-${id}-${seats}`,
          bus_owner_companyId: company._id,
          bus_number_of_seats: seats,
          bus_status: 'In Service',
          date_ofLast_oil_service: '2026-10-01',
        }),
      );
    }
    const origin = await post('/api/origins/createOrigin', { origin_city: `From ${id}` });
    const destination = await post('/api/destination/createDestination', { destination_city: `To ${id}` });
    const prices = [await post('/api/prices/createPrice', { price: uniquePrice() })];
    prices.push(await post('/api/prices/createPrice', { price: uniquePrice() }));
    const trips = [];
    for (const [bus, day] of [
      [0, 3],
      [1, 3],
      [0, 4],
    ]) {
      trips.push(
        await post('/api/trips/createTrip', {
          busId: buses[bus]._id,
          trip_originId: origin._id,
          trip_destinationId: destination._id,
          trip_date: futureDate(day),
          trip_boarding_time: '9:00 am',
          trip_ticket_priceId: prices[0]._id,
        }),
      );
    }
    return {
      company: company._id,
      origin: origin._id,
      destination: destination._id,
      buses: buses.map((bus) => bus._id),
      prices: prices.map((price) => price._id),
      trips: trips.map((trip) => ({ _id: trip._id, trip_date: trip.trip_date })),
      bookings: [],
      users: [],
    };
  }

  /** Applies one action; answers the node whose caches must agree at once (the others may lag until NOTIFY). */
  async function apply(world: World, action: Action): Promise<Node | undefined> {
    if ('other' in action) {
      // A scheduled job or a script: straight through the write layer, on this node's connection or another's.
      const db = (action.other ? oracle : nodes[0]).database.db;
      const target = action.other ? undefined : nodes[0];
      if (action.kind === 'jobCancelBooking') {
        const booking = pick(world.bookings, action.booking);
        if (!booking) return target;
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('bookings').set({ isCancelled: 1 }).where('id', '=', booking._id).execute();
          // Deliberately without the trip: the write layer must then count it as a change on every trip.
          await trx.deleteFrom('booking_seats').where('bookingId', '=', booking._id).execute();
        });
      } else if (action.kind === 'jobCancelTrip') {
        const trip = pick(world.trips, action.trip);
        if (trip) await db.updateTable('trips').set({ isCancelled: 1 }).where('id', '=', trip._id).execute();
      } else {
        const bus = pick(world.buses, action.bus);
        const row =
          bus && (await db.selectFrom('buses').select('bus_status').where('id', '=', bus).executeTakeFirst());
        if (row) {
          const status = row.bus_status === 'In Service' ? 'Out of Service' : 'In Service';
          await db.updateTable('buses').set({ bus_status: status }).where('id', '=', bus!).execute();
        }
      }
      return target;
    }
    const node = nodes[action.via.node % nodes.length];
    const url = (path: string) => spell(path, action.via.spelling);
    switch (action.kind) {
      case 'busSeats': {
        const bus = pick(world.buses, action.bus);
        if (bus)
          await send(node, 'PATCH', url(`/api/buses/updateBus/${bus}`), {
            bus_number_of_seats: action.seats,
          });
        break;
      }
      case 'busStatus': {
        const bus = pick(world.buses, action.bus);
        const current =
          bus && (await oracle.app.inject({ url: `/api/buses/getBus/${bus}`, headers: auth() })).json();
        if (current) {
          const bus_status = current.bus_status === 'In Service' ? 'Out of Service' : 'In Service';
          await send(node, 'PATCH', url(`/api/buses/updateBus/${bus}`), { bus_status });
        }
        break;
      }
      case 'renameCompany':
        await send(node, 'PATCH', url(`/api/companies/updateCompany/${world.company}`), {
          company_name: `Model ${unique()}`,
        });
        break;
      case 'renameCity':
        await send(node, 'PATCH', url(`/api/origins/updateOrigin/${world.origin}`), {
          origin_city: `From ${unique()}`,
        });
        break;
      case 'changePrice': {
        const price = pick(world.prices, action.price);
        if (price)
          await send(node, 'PATCH', url(`/api/prices/updatePrice/${price}`), { price: uniquePrice() });
        break;
      }
      case 'moveTrip': {
        const trip = pick(world.trips, action.trip);
        const bus = pick(world.buses, action.bus);
        if (trip && bus) await send(node, 'PATCH', url(`/api/trips/updateTrip/${trip._id}`), { busId: bus });
        break;
      }
      case 'retimeTrip': {
        const trip = pick(world.trips, action.trip);
        if (trip)
          await send(node, 'PATCH', url(`/api/trips/updateTrip/${trip._id}`), {
            trip_boarding_time: action.via.spelling % 2 ? '7:00 pm' : '9:00 am',
          });
        break;
      }
      case 'cancelTrip': {
        const trip = pick(world.trips, action.trip);
        if (trip) await send(node, 'PATCH', url(`/api/trips/cancelTrip/${trip._id}`));
        break;
      }
      case 'createTrip': {
        const bus = pick(world.buses, action.bus)!;
        const created = await send(node, 'POST', url('/api/trips/createTrip'), {
          busId: bus,
          trip_originId: world.origin,
          trip_destinationId: world.destination,
          trip_date: futureDate(3 + action.day),
          trip_boarding_time: '9:00 am',
          trip_ticket_priceId: world.prices[0],
        });
        if (created.statusCode === 201) world.trips.push(created.json());
        break;
      }
      case 'deleteTrip': {
        const trip = pick(world.trips, action.trip);
        if (trip) {
          const deleted = await send(node, 'DELETE', url(`/api/trips/deleteTrip/${trip._id}`));
          if (deleted.statusCode === 200) world.trips = world.trips.filter((other) => other !== trip);
        }
        break;
      }
      case 'book': {
        const trip = pick(world.trips, action.trip);
        if (!trip) break;
        const current = (await oracle.app.inject({ url: `/api/trips/getTrip/${trip._id}` })).json();
        const fields = bookingFields(current, action.seats, {
          passengerInfo: JSON.stringify({
            ...PASSENGER,
            phone: `09${String(world.bookings.length).padStart(8, '0')}`,
          }),
        });
        const { payload, headers } = multipart(fields);
        const response = await node.app.inject({
          method: 'POST',
          url: url('/api/bookings/createBooking'),
          payload,
          headers,
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode === 201) {
          const booking = response.json().booking;
          world.bookings.push({
            _id: booking._id,
            ticketId: booking.ticketId,
            phone: booking.passengerInfo.phone,
          });
        }
        break;
      }
      case 'cancelBooking': {
        const booking = pick(world.bookings, action.booking);
        if (booking) {
          const path = url(`/api/bookings/cancelBooking/${booking._id}`);
          if (action.traveller)
            await send(node, 'PATCH', path, { ticketId: booking.ticketId, phone: booking.phone }, false);
          else await send(node, 'PATCH', path);
        }
        break;
      }
      case 'deleteBooking': {
        const booking = pick(world.bookings, action.booking);
        if (booking) {
          await send(node, 'DELETE', url(`/api/bookings/deleteBooking/${booking._id}`));
          world.bookings = world.bookings.filter((other) => other !== booking);
        }
        break;
      }
      case 'registerUser': {
        // Always succeeds (a strong password, fresh names): a refusal would leave the user steps testing nothing.
        const created = await send(node, 'POST', url('/api/auth/register'), newUserBody());
        expect(created.statusCode, created.body).toBe(201);
        world.users.push(created.json()._id);
        break;
      }
      case 'deleteUser': {
        const user = pick(world.users, action.user);
        if (user) {
          const deleted = await send(node, 'DELETE', url(`/api/auth/deleteUser/${user}`));
          expect(deleted.statusCode, deleted.body).toBe(200);
          world.users = world.users.filter((other) => other !== user);
        }
        break;
      }
    }
    return node;
  }

  /** The reads compared after every step: status, body and total of each. */
  function reads(world: World): string[] {
    const dates = [...new Set(world.trips.map((trip) => trip.trip_date))];
    return [
      ...world.trips.map((trip) => `/api/trips/getTrip/${trip._id}`),
      ...dates.map(
        (date) =>
          `/api/trips/filterTrips?origin=${world.origin}&destination=${world.destination}&date=${date}`,
      ),
      `/api/trips/getAllTrips?_start=0&_end=5&trip_originId=${world.origin}`,
      `/api/trips/getAllTrips?_start=0&_end=5&isCancelled=false&trip_originId=${world.origin}`,
      '/api/trips/getAllTrips?_start=0&_end=3&isCancelled=false',
      '/api/bookings/getAllBookings?_start=0&_end=5',
      `/api/bookings/getAllBookings?_start=0&_end=5&isCancelled=false`,
      '/api/buses/getAllBuses?_start=0&_end=5',
      '/api/auth/getAllusers?_start=0&_end=3',
      ...world.buses.map((bus) => `/api/trips/getAllTrips?_start=0&_end=5&busId=${bus}`),
    ];
  }

  async function read(node: Node, url: string) {
    const response = await node.app.inject({ url, headers: auth() });
    let body = response.json();
    // Trips of one search at the same time come in the database's order: compare them as a set.
    if (url.includes('filterTrips') && Array.isArray(body))
      body = [...body].sort((a, b) => (a._id < b._id ? -1 : 1));
    return { status: response.statusCode, total: response.headers['x-total-count'], body };
  }

  async function expectAgreement(world: World, step: string, writer: Node | undefined) {
    for (const url of reads(world)) {
      const truth = await read(oracle, url);
      for (const node of nodes) {
        if (node === writer) {
          expect(await read(node, url), `${step}: ${url}`).toEqual(truth);
        } else {
          // Another node is told by NOTIFY, a few milliseconds after the commit; on SQLite, this node looks for
          // another connection's writes (a script's) at most every 2 ms.
          await expect
            .poll(() => read(node, url), { timeout: 5000, interval: 20, message: `${step}: ${url}` })
            .toEqual(await read(oracle, url));
        }
      }
    }
  }

  it('answers every read after every write as the database does', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 4, maxLength: 14 }), async (actions) => {
        const world = await makeWorld();
        await expectAgreement(world, 'start', nodes[0]);
        for (const [i, action] of actions.entries()) {
          const writer = await apply(world, action);
          await expectAgreement(world, `step ${i} ${JSON.stringify(action)}`, writer);
        }
      }),
      { numRuns: Number(process.env.CACHE_MODEL_RUNS ?? 12), endOnFailure: true },
    );
  });
});
