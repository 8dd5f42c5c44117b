// kill -9 in the middle of a booking load, start again: every booking answered 201 is there with its payment
// proof, no seat is held without its live booking, no payment proof is left without its booking, and no proof
// was ever a file. On SQLite (WAL) and PostgreSQL.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingForm, doubleSold, liveBookings, makeTrips, TINY_PNG } from '../../bench/lib/fixtures.ts';
import { login, type RunningServer, startServer } from '../../bench/lib/server.ts';
import { openDatabase } from '../../server/db/database.ts';
import { expectNoProofFiles } from './helpers/bookings.ts';
import { createPostgresDatabase, dialects } from './helpers/test-app.ts';

describe.each(dialects)('crash in the middle of bookings (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every answered booking and nothing half-made', { timeout: 180_000 }, async () => {
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const env = { DATABASE_URL: postgres?.url, TICKET_WORKERS: '1' };
    const first: RunningServer = await startServer(env);
    cleanups.push(first.stop);
    const token = await login(first.url);
    const trips = await makeTrips(first.url, token, 4, 30);

    const answered: { _id: string; tripId: string; seats: number[]; bankakScreenshot: string | null }[] = [];
    let next = 0;
    let killed = false;
    const clients = Array.from({ length: 12 }, async () => {
      while (!killed) {
        const n = next++;
        const trip = trips[n % trips.length];
        const seats = [(Math.floor(n / trips.length) % trip.seats) + 1];
        try {
          const response = await fetch(`${first.url}/api/bookings/createBooking`, {
            method: 'POST',
            body: bookingForm(trip, seats, TINY_PNG),
          });
          if (response.status === 201) answered.push((await response.json()).booking);
        } catch {
          // The connection died with the server: this booking was never answered.
        }
      }
    });
    // Killed once some bookings are answered and more are on their way (a loaded machine answers its first ones
    // late: a fixed wait once killed the server before any answer).
    const since = Date.now();
    while (answered.length < 10 && Date.now() - since < 60_000)
      await new Promise((resolve) => setTimeout(resolve, 50));
    first.process.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    expect(answered.length).toBeGreaterThan(0);

    const second = await startServer({ ...env, DATA_DIR: first.dataDir });
    cleanups.push(second.stop);
    const token2 = await login(second.url);
    const auth = { authorization: `Bearer ${token2}` };
    for (const booking of answered) {
      const response = await fetch(`${second.url}/api/bookings/getBooking/${booking._id}`, { headers: auth });
      expect(response.status, `booking ${booking._id} answered 201 before the crash`).toBe(200);
    }
    const all: { bankakScreenshot: string | null }[] = [];
    for (const trip of trips) {
      const live = await liveBookings(second.url, token2, trip.id);
      all.push(...(live as never[]));
      expect(doubleSold(live)).toBe(0);
      const held = (await (await fetch(`${second.url}/api/trips/getTrip/${trip.id}`)).json())
        .bookedSeats as number[];
      expect(held).toEqual(live.flatMap((b) => b.seats).sort((a, b) => a - b));
    }
    const referenced = new Set(all.map((b) => path.basename(b.bankakScreenshot ?? '')));

    // The database itself, read beside the running second server (WAL lets SQLite have a second reader).
    const database = openDatabase({ databaseUrl: postgres?.url, dataDir: first.dataDir });
    cleanups.push(database.close);
    const proofs = await database.db
      .selectFrom('payment_proofs as p')
      .leftJoin('bookings as b', 'b.id', 'p.bookingId')
      .select(['p.name', 'p.bookingId', 'b.id as booking', 'b.bankakScreenshot'])
      .execute();
    expect(proofs.length).toBeGreaterThanOrEqual(answered.length);
    for (const proof of proofs) {
      expect(proof.booking, `proof ${proof.name} has a booking`).toBe(proof.bookingId);
      expect(proof.bankakScreenshot, `proof ${proof.name} is its booking's`).toBe(
        `/api/uploads/${proof.name}`,
      );
      expect(referenced.has(proof.name), `proof ${proof.name} belongs to a live booking`).toBe(true);
    }
    const stored = new Set(proofs.map((proof) => proof.name));
    for (const booking of answered) {
      expect(booking.bankakScreenshot, `booking ${booking._id} was sent a proof`).toMatch(
        /^\/api\/uploads\//,
      );
      const name = path.basename(booking.bankakScreenshot!);
      expect(stored.has(name), `the proof of booking ${booking._id} answered 201 is stored`).toBe(true);
    }
    expectNoProofFiles(first.dataDir);
  });
});
