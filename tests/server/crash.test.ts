// kill -9 in the middle of a booking load, start again: every booking answered 201 is there, no seat is held
// without its live booking, no payment proof is left without its booking. On SQLite (WAL) and PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookingForm, doubleSold, liveBookings, makeTrips, TINY_PNG } from '../../bench/lib/fixtures.ts';
import { login, type RunningServer, startServer } from '../../bench/lib/server.ts';
import { createPostgresDatabase, dialects } from './helpers/test-app.ts';

describe.each(dialects)('crash in the middle of bookings (%s)', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('keeps every answered booking and nothing half-made', { timeout: 180_000 }, async () => {
    const postgres = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    if (postgres) cleanups.push(postgres.drop);
    const env = { DATABASE_URL: postgres?.url, TICKET_WORKERS: '1', UPLOAD_SWEEP_GRACE_MS: '0' };
    const first: RunningServer = await startServer(env);
    cleanups.push(first.stop);
    const token = await login(first.url);
    const trips = await makeTrips(first.url, token, 4, 30);

    const answered: { _id: string; tripId: string; seats: number[] }[] = [];
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
    await new Promise((resolve) => setTimeout(resolve, 1500));
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
    const files = fs.readdirSync(path.join(first.dataDir, 'uploads'));
    for (const file of files) expect(referenced.has(file), `upload ${file} has a booking`).toBe(true);
  });
});
