// Proofs, verifications, expiries and new bookings for the same seats, all at once, across two API nodes on
// one PostgreSQL (one node on SQLite), while the clock crosses the holds' deadline: no seat is ever held by
// two live bookings, no verified booking ever expires, and a proof is either accepted or refused — never
// accepted for a booking that then expired.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { ManualClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { bookingFields, PASSENGER } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { makePng } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const MINUTE = 60_000;
const SEATS = 8;

describe.each(dialects)('payments under contention (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock });

  async function secondNode(): Promise<{ app: TestApp['app']; close(): Promise<void> }> {
    if (dialect !== 'postgres') return { app: t.app, close: async () => undefined };
    const config = loadConfig({
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl,
      LOG_LEVEL: 'silent',
      TICKET_WORKERS: '0',
      LOOKUP_RATE_LIMIT_PER_IP: '100000',
      BOOKING_RATE_LIMIT_PER_IP: '100000',
      MAX_UNPAID_BOOKINGS_PER_PHONE: '100000',
      MAX_UNPAID_BOOKINGS_PER_ADDRESS: '100000',
      MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '100000',
      MAX_UNPAID_SHARE: '1',
      PROOF_BYTES_PER_IP_PER_HOUR: '1000000000',
    });
    const database = openDatabase(config);
    const app = await buildApp({ config, database, logger: false, clock });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }

  // Found by a review: the counter's check of a transfer number ran before the sale's transaction, so on
  // PostgreSQL two cashiers shown one screenshot at the same moment both sold on it.
  it('one transfer number sold at two counters at once pays one sale', { timeout: 60_000 }, async () => {
    const other = await secondNode();
    try {
      const { trip } = await makeTrip(t, t.token, { seats: 40 });
      const nodes = [t.app, other.app];
      for (let round = 0; round < 6; round++) {
        const reference = `RACE-${round}-${Date.now()}`;
        const answers = await Promise.all(
          nodes.map((app, node) =>
            app.inject({
              method: 'POST',
              url: '/api/bookings/counterSale',
              headers: { authorization: `Bearer ${t.token}` },
              payload: {
                tripId: trip._id,
                seats: [round * 2 + node + 1],
                passengerInfo: { ...PASSENGER, phone: `09120${round}${node}0000`.slice(0, 10) },
                paymentMethod: 'bankak',
                paymentReference: reference,
              },
            }),
          ),
        );
        expect(
          answers.map((answer) => answer.statusCode).sort(),
          answers.map((a) => a.json().code ?? a.statusCode).join(),
        ).toEqual([201, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('REFERENCE_USED');
      }
    } finally {
      await other.close();
    }
  });

  it('never holds a seat twice nor expires a paid booking', { timeout: 120_000 }, async () => {
    const other = await secondNode();
    try {
      const nodes = [t.app, other.app];
      let colour = 0;
      const outcomes: number[] = [];
      for (let round = 0; round < 4; round++) {
        const { trip } = await makeTrip(t, t.token, { seats: SEATS });
        const sell = (node: number, seats: number[], phone: string, proof = false) => {
          const { payload, headers } = multipart(
            bookingFields(trip, seats, { passengerInfo: JSON.stringify({ ...PASSENGER, phone }) }),
            proof
              ? {
                  filename: 'p.png',
                  contentType: 'image/png',
                  data: makePng(2, 2, [++colour % 256, round, 9]),
                }
              : undefined,
          );
          return nodes[node % 2].inject({
            method: 'POST',
            url: '/api/bookings/createBooking',
            payload,
            headers,
          });
        };
        // Every seat held unpaid, one booking per seat, made 10 s apart: their deadlines are staggered.
        const start = clock.now().getTime();
        const holds = [];
        for (let seat = 1; seat <= SEATS; seat++) {
          const response = await sell(
            seat,
            [seat],
            `0911${String(round).padStart(2, '0')}${String(seat).padStart(4, '0')}`,
          );
          expect(response.statusCode, response.body).toBe(201);
          holds.push(response.json().booking);
          clock.advance(10_000);
        }
        // Half the holds have lapsed when the traffic starts; more lapse while it runs.
        clock.set(new Date(start + 30 * MINUTE + (SEATS / 2 - 1) * 10_000 + 5_000));

        const proofAnswers = new Map<string, number>();
        const verified = new Set<string>();
        const verify = async (id: string, node: number) => {
          const response = await nodes[node].inject({
            method: 'PATCH',
            url: `/api/bookings/verifyPayment/${id}`,
            headers: { authorization: `Bearer ${t.token}` },
          });
          expect([200, 409], response.body).toContain(response.statusCode);
          if (response.statusCode === 200) verified.add(id);
        };
        const work: Promise<unknown>[] = [];
        for (const [i, booking] of holds.entries()) {
          // The deadline passes in the middle of it all, while earlier calls are still in flight.
          if (i === 2 + (round % 4)) clock.advance(20_000);
          await new Promise((resolve) => setImmediate(resolve));
          const { payload, headers } = multipart(
            {
              ticketId: booking.ticketId,
              phone: booking.passengerInfo.phone,
              paymentReference: `RACE-${round}-${i}`,
              paymentMethod: 'bankak',
            },
            { filename: 's.png', contentType: 'image/png', data: makePng(3, 3, [++colour % 256, round, 7]) },
          );
          work.push(
            nodes[i % 2]
              .inject({ method: 'POST', url: '/api/bookings/submitProof', payload, headers })
              .then((response) => {
                expect([200, 409], response.body).toContain(response.statusCode);
                proofAnswers.set(booking._id, response.statusCode);
                // Staff verify what they can, on the other node, as soon as it arrives.
                if (response.statusCode === 200 && i % 3 === 0) return verify(booking._id, (i + 1) % 2);
              }),
          );
          // A payment confirmed by phone: staff verify a hold that has no proof, racing its expiry.
          if (i % 4 === 1) work.push(verify(booking._id, i % 2));
          work.push(expireLapsedHolds(bookingContext(nodes[i % 2])));
          work.push(
            sell(
              i + 1,
              [i + 1],
              `0922${String(round).padStart(2, '0')}${String(i).padStart(4, '0')}`,
              true,
            ).then((response) => expect([201, 409], response.body).toContain(response.statusCode)),
          );
        }
        await Promise.all(work);
        outcomes.push(...proofAnswers.values());
        await expireLapsedHolds(bookingContext(t.app));

        const rows = await t.database.db
          .selectFrom('bookings')
          .selectAll()
          .where('tripId', '=', trip._id)
          .execute();
        const seatRows = await t.database.db
          .selectFrom('booking_seats')
          .select(['seat', 'bookingId'])
          .where('tripId', '=', trip._id)
          .execute();
        const live = rows.filter((row) => !Number(row.isCancelled));
        // Each live booking holds exactly its seats; no seat belongs to two live bookings.
        const held = live.flatMap((row) =>
          (JSON.parse(row.seats) as number[]).map((seat) => `${seat}:${row.id}`),
        );
        expect(seatRows.map((row) => `${row.seat}:${row.bookingId}`).sort()).toEqual(held.sort());
        expect(new Set(seatRows.map((row) => Number(row.seat))).size).toBe(seatRows.length);
        for (const row of rows) {
          if (row.paymentStatus === 'verified') expect(Number(row.isCancelled), row.id).toBe(0);
          // A payment staff verified is never expired afterwards.
          if (verified.has(row.id)) expect(row.paymentStatus, row.id).toBe('verified');
          if (row.paymentStatus === 'expired') {
            expect(Number(row.isCancelled)).toBe(1);
            // A proof that was accepted keeps its booking from expiring.
            expect(proofAnswers.get(row.id), row.id).not.toBe(200);
          }
          if (proofAnswers.get(row.id) === 200)
            expect(['proof_submitted', 'verified']).toContain(row.paymentStatus);
        }
        clock.advance(60 * MINUTE);
      }
      // The deadline really fell among the proofs: some were accepted, some came too late.
      expect(outcomes).toContain(200);
      expect(outcomes).toContain(409);
    } finally {
      await other.close();
    }
  });
});
