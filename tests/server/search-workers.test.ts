// Searches answered on worker threads (SEARCH_WORKERS, server/resources/trips/search-pool.ts), each reading
// through a connection of its own: the same answers as the main thread's, what was committed just before, by the
// server's clock, and a worker that dies is replaced without a traveller's search failing.
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { TripSearch } from '../../server/resources/trips/search-pool.ts';
import { answerSearch } from '../../server/resources/trips/trip-search.ts';
import type { SearchSource } from '../../server/resources/trips/search.statement.ts';
import { corridor, sell } from './helpers/corridor.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('searches on worker threads (%s)', (dialect) => {
  const date = futureDate(5);
  // Noon the day before, Khartoum time: every trip of `date` is still to leave.
  const clock = new ManualClock(Date.parse(`${date}T10:00:00Z`) - 86_400_000);
  // No read cache: each search asks a worker.
  const t = useTestApp(dialect, { clock, env: { SEARCH_WORKERS: '1', SEARCH_CACHE_MS: '0' } });
  afterEach(() => vi.restoreAllMocks());

  const search = async (origin: string, destination: string, day = date) => {
    const response = await t.app.inject({
      url: `/api/trips/filterTrips?origin=${origin}&destination=${destination}&date=${day}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  /** The same search answered on this thread, from the server's own connection. */
  const onMainThread = async (origin: string, destination: string, day = date) =>
    (await answerSearch(t.database.db, { origin, destination, date: day, now: clock.now().getTime() })).json;

  it('answers every pair of a route with stops, and a trip without, as the main thread does, without asking its connection', async () => {
    const road = await corridor(t, date);
    const plain = await makeTrip(t, t.token, { date, time: '7:00 pm' });
    expect((await sell(t, road.trip._id, [7], 1, 3)).statusCode).toBe(201);
    const asked = vi.spyOn(t.database.db, 'executeQuery');
    const answers: string[] = [];
    for (let from = 0; from < 5; from++)
      for (let to = from + 1; to < 5; to++)
        answers.push(await search(road.origins[from]._id, road.destinations[to]._id));
    answers.push(await search(plain.origin._id, plain.destination._id));
    // The workers read through connections of their own: the server's was asked nothing.
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
    const expected: string[] = [];
    for (let from = 0; from < 5; from++)
      for (let to = from + 1; to < 5; to++)
        expected.push(await onMainThread(road.origins[from]._id, road.destinations[to]._id));
    expected.push(await onMainThread(plain.origin._id, plain.destination._id));
    expect(answers).toEqual(expected);
    // Found: the stretch's trip and seat 7 taken where the sale rides (Madani → Kassala), free beyond it.
    const found = (answer: string) => JSON.parse(answer) as { _id: string; bookedSeats: number[] }[];
    expect(found(answers[4])[0]).toMatchObject({ _id: road.trip._id, bookedSeats: [7] }); // Madani → Gedaref
    expect(found(answers[9])[0]).toMatchObject({ _id: road.trip._id, bookedSeats: [] }); // Kassala → Port Sudan
    expect(found(answers[10])[0]._id).toBe(plain.trip._id);
  });

  it('shows a sale committed just before, and a departure gone by the server clock', async () => {
    const road = await corridor(t, date);
    const [from, to] = [road.origins[0]._id, road.destinations[4]._id];
    const seatsOf = async () => (JSON.parse(await search(from, to)) as { bookedSeats: number[] }[])[0];
    expect((await seatsOf()).bookedSeats).toEqual([]);
    expect((await sell(t, road.trip._id, [3, 4], 0, 2)).statusCode).toBe(201);
    expect((await seatsOf()).bookedSeats).toEqual([3, 4]);
    // 9:00 am in Khartoum on the day is 07:00 UTC: from that minute the trip is no longer offered.
    clock.set(new Date(`${date}T06:59:00Z`));
    expect(JSON.parse(await search(from, to))).toHaveLength(1);
    clock.set(new Date(`${date}T07:00:00Z`));
    expect(JSON.parse(await search(from, to))).toEqual([]);
    clock.set(new Date(Date.parse(`${date}T10:00:00Z`) - 86_400_000));
  });

  it('answers searches here while a worker cannot start (its database not there), and tries it again later', async () => {
    const { origin, destination, trip } = await makeTrip(t, t.token, { date, time: '7:00 pm' });
    const job = { origin: origin._id, destination: destination._id, date, now: clock.now().getTime() };
    const broken = new TripSearch({ db: t.database.db, arrays: t.database.arrays }, 1, {
      dataDir: path.join(t.dataDir, 'not-there'),
    });
    try {
      await expect(broken.ready()).rejects.toThrow();
      const answer = await broken.search(job);
      expect((JSON.parse(answer.json) as { _id: string }[]).map((found) => found._id)).toEqual([trip._id]);
      expect(answer.json).toBe(await onMainThread(origin._id, destination._id));
      // Started again a second later, not at once and for ever.
      const pool = (broken as unknown as { pool: { workers: { worker: Worker }[] } }).pool;
      const first = pool.workers[0].worker;
      await vi.waitFor(() => expect(pool.workers[0].worker).not.toBe(first), { timeout: 5_000 });
    } finally {
      await broken.close();
    }
  });

  /** Watches this thread's reads for a search: PostgreSQL's rows as arrays on the server's pool, SQLite's through Kysely. */
  const readsHere = () => {
    const here = (t.app.tripSearch as unknown as { here: Required<SearchSource> }).here;
    return t.database.dialect === 'postgres' ? vi.spyOn(here, 'arrays') : vi.spyOn(here.db, 'executeQuery');
  };

  it('answers a search while its worker dies, and from the worker that replaces it', async () => {
    const { origin, destination, trip } = await makeTrip(t, t.token, { date, time: '7:00 pm' });
    const pool = (t.app.tripSearch as unknown as { pool: { workers: { worker: Worker }[] } }).pool;
    const dying = pool.workers[0].worker;
    // The worker stops with the search in hand (here before it could read it): answered all the same.
    vi.spyOn(dying, 'postMessage').mockImplementation(() => void dying.terminate());
    const fallback = readsHere();
    const answer = await search(origin._id, destination._id);
    expect((JSON.parse(answer) as { _id: string }[]).map((found) => found._id)).toEqual([trip._id]);
    // This thread answered it, from the server's connection.
    expect(fallback).toHaveBeenCalled();
    fallback.mockRestore();
    await vi.waitFor(() => expect(pool.workers[0].worker).not.toBe(dying));
    await t.app.tripSearch.ready();
    const asks = readsHere();
    expect((JSON.parse(await search(origin._id, destination._id)) as { _id: string }[])[0]._id).toBe(
      trip._id,
    );
    expect(asks).not.toHaveBeenCalled();
  });
});

describe('search workers a server starts unless SEARCH_WORKERS says', () => {
  const workersOn = (cores: number, databaseUrl?: string) => {
    const spy = vi.spyOn(os, 'availableParallelism').mockReturnValue(cores);
    try {
      return loadConfig({ DATABASE_URL: databaseUrl }).searchWorkers;
    } finally {
      spy.mockRestore();
    }
  };

  it('SQLite: one a core, 1 to 4; PostgreSQL: one fewer, none on a core of its own', () => {
    const postgres = 'postgres://rihla@db.example/rihla';
    expect([1, 2, 3, 8].map((cores) => workersOn(cores))).toEqual([1, 2, 3, 4]);
    expect([1, 2, 3, 8].map((cores) => workersOn(cores, postgres))).toEqual([0, 1, 2, 4]);
    const spy = vi.spyOn(os, 'availableParallelism').mockReturnValue(1);
    try {
      expect(loadConfig({ DATABASE_URL: postgres, SEARCH_WORKERS: '2' }).searchWorkers).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});
