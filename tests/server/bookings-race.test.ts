// A seat is never sold twice: many concurrent createBooking calls for overlapping seats of a small bus, on
// one app and (PostgreSQL) on two apps with their own connection pools sharing one database, as two API
// nodes would. Ticket ids stay unique and random over many bookings, and a collision is retried.
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import * as ticketIds from '../../server/sales/ticket-ids.ts';
import { client, dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import {
  book,
  type Booking,
  bookedSeats,
  bookingFields,
  postBooking,
  storedCounts,
  type TripDoc,
  expectNoProofFiles,
  proofNames,
} from './helpers/bookings.ts';
import { PNG } from './helpers/images.ts';

vi.mock('../../server/sales/ticket-ids.ts', async (importOriginal) => {
  const original = await importOriginal<typeof ticketIds>();
  return { newTicketId: vi.fn(original.newTicketId) };
});

const CAPACITY = 6;
const CALLS = 40;

/** 1 to 3 distinct seats of 1..CAPACITY, from a fixed seed so a failure can be replayed. */
function seatChoices(count: number, seed = 7): number[][] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const size = 1 + Math.floor(next() * 3);
    const seats = new Set<number>();
    while (seats.size < size) seats.add(1 + Math.floor(next() * CAPACITY));
    return [...seats];
  });
}

type Inject = (fields: Record<string, string>) => ReturnType<typeof postBooking>;

/** Fires every booking at once and checks what the race left behind. */
async function raceAndCheck(t: TestApp, token: string, trip: TripDoc, injectors: Inject[]) {
  const choices = seatChoices(CALLS);
  const responses = await Promise.all(
    choices.map((seats, i) => injectors[i % injectors.length](bookingFields(trip, seats))),
  );
  const won: Booking[] = [];
  for (const [i, response] of responses.entries()) {
    if (response.statusCode === 201) {
      won.push(response.json().booking);
      continue;
    }
    // Every loser lost to a seat sold meanwhile, and was told which.
    expect(response.statusCode, response.body).toBe(409);
    const body = response.json();
    expect(body.code).toBe('SEATS_TAKEN');
    expect(body.takenSeats.length).toBeGreaterThan(0);
    for (const seat of body.takenSeats) expect(choices[i]).toContain(seat);
  }
  // Overlapping choices on 6 seats: some callers must have lost, or there was no race to test.
  expect(won.length).toBeGreaterThan(0);
  expect(won.length).toBeLessThan(CALLS);

  const held = won.flatMap((booking) => booking.seats);
  expect(new Set(held).size, `seats sold twice: ${held.join(',')}`).toBe(held.length);
  expect(await bookedSeats(t, trip._id)).toEqual([...held].sort((a, b) => a - b));
  expect(await storedCounts(t, trip._id)).toEqual({ bookings: won.length, seats: held.length });
  for (const booking of won) {
    const stored = await client(t, token).get(`/api/bookings/getBooking/${booking._id}`);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({
      ticketId: booking.ticketId,
      seats: booking.seats,
      isCancelled: false,
    });
  }
  return won;
}

describe.each(dialects)('seats sold once under concurrency (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it(`${CALLS} concurrent bookings of a ${CAPACITY}-seat bus: no seat held twice, bookedSeats = the winners' seats`, async () => {
    const { trip } = await makeTrip(t, t.token, { seats: CAPACITY, price: 250 });
    await raceAndCheck(t, t.token, trip, [(fields) => postBooking(t, fields)]);
  });

  it('keeps exactly the winners’ payment proofs when every caller uploads one', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: CAPACITY, price: 260 });
    const before = (await proofNames(t)).length;
    const won = await raceAndCheck(t, t.token, trip, [
      (fields) => postBooking(t, fields, { filename: 'proof.png', contentType: 'image/png', data: PNG }),
    ]);
    expect((await proofNames(t)).length - before).toBe(won.length);
    expect(won.every((booking) => booking.bankakScreenshot?.startsWith('/api/uploads/'))).toBe(true);
    expectNoProofFiles(t.dataDir);
  });

  it.runIf(dialect === 'postgres')(
    'holds across two API nodes with their own pools on one database',
    async () => {
      const config = loadConfig({
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.databaseUrl,
        LOG_LEVEL: 'silent',
        BOOKING_RATE_LIMIT_PER_IP: '100000',
        // As the first node (useTestApp): this race is about seats, not the limits on unpaid holds.
        MAX_UNPAID_BOOKINGS_PER_PHONE: '100000',
        MAX_UNPAID_BOOKINGS_PER_ADDRESS: '100000',
        MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '100000',
        MAX_UNPAID_SHARE: '1',
        TICKET_WORKERS: '0',
      });
      const database = openDatabase(config);
      const second = await buildApp({ config, database, logger: false });
      try {
        const { trip } = await makeTrip(t, t.token, { seats: CAPACITY, price: 270 });
        await raceAndCheck(t, t.token, trip, [
          (fields) => postBooking(t, fields),
          (fields) => postBooking({ ...t, app: second }, fields),
        ]);
      } finally {
        await second.close();
        await database.close();
      }
    },
  );

  it('draws unique 13-digit ticket ids that do not follow one another', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 100, price: 300 });
    const bookings = await Promise.all(Array.from({ length: 60 }, (_, i) => book(t, trip, [i + 1])));
    const ids = bookings.map((booking) => booking.ticketId);
    expect(ids.every((id) => /^\d{13}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const sorted = ids.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const gaps = sorted.slice(1).map((id, i) => id - sorted[i]);
    expect(gaps.some((gap) => gap < 1000n)).toBe(false);
  });

  it('draws another ticket id when the first one collides with an existing ticket', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 4, price: 310 });
    const first = await book(t, trip, [1]);
    const draws = vi.mocked(ticketIds.newTicketId);
    draws.mockClear();
    draws.mockReturnValueOnce(first.ticketId).mockReturnValueOnce(first.ticketId);
    const second = await book(t, trip, [2]);
    expect(draws).toHaveBeenCalledTimes(3);
    expect(second.ticketId).toMatch(/^\d{13}$/);
    expect(second.ticketId).not.toBe(first.ticketId);
    expect(await bookedSeats(t, trip._id)).toEqual([1, 2]);
  });
});
