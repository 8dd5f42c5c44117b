// The write layer reads what each statement changes from the query Kysely compiled: the table, and for
// booking_seats the trips, when the statement says which; anything it cannot read counts as everything.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Change, changesOf, decodeChanges, encodeChanges } from '../../server/db/changes.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('changesOf', () => {
  let database: Database;
  let db: Kysely<any>;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-changes-'));
    database = openDatabase({ dataDir: dir });
    db = database.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const of = (query: { compile(): Parameters<typeof changesOf>[0] }) => changesOf(query.compile());
  const ofRaw = (query: ReturnType<typeof sql>) => changesOf(query.compile(db));

  it('sees no change in reads, locks and rate-limit counters', () => {
    expect(of(db.selectFrom('trips').selectAll())).toEqual([]);
    expect(ofRaw(sql`select * from trips where id = ${'x'} for update`)).toEqual([]);
    expect(of(db.insertInto('rate_limits').values({ key: 'k', count: 1, reset_at: 1 }))).toEqual([]);
  });

  it('names the table of inserts, updates and deletes', () => {
    expect(of(db.insertInto('buses').values({ id: 'b' }))).toEqual([{ table: 'buses' }]);
    expect(of(db.updateTable('trips').set({ isCancelled: 1 }).where('id', '=', 't'))).toEqual([
      { table: 'trips' },
    ]);
    expect(of(db.deleteFrom('users').where('id', '=', 'u'))).toEqual([{ table: 'users' }]);
    expect(ofRaw(sql`update trips set "isCancelled" = 1`)).toEqual([{ table: 'trips' }]);
  });

  it('names the tables a WITH writes too (a sale’s ticket message rides in its booking’s INSERT)', () => {
    const carried = db
      .with('queued', (q) => q.insertInto('messages').values({ id: 'm' }).returning('id'))
      .insertInto('bookings')
      .values({ id: 'b' });
    expect(of(carried)).toEqual([{ table: 'messages' }, { table: 'bookings' }]);
    const read = db
      .with('some', (q) => q.selectFrom('trips').select('id'))
      .selectFrom('some')
      .selectAll();
    expect(of(read)).toEqual([]);
  });

  it('names the trips of booking_seats rows when the statement says which', () => {
    const rows = [1, 2].map((seat) => ({ tripId: 't1', seat, bookingId: 'b' }));
    expect(
      of(db.insertInto('booking_seats').values([...rows, { tripId: 't2', seat: 1, bookingId: 'b' }])),
    ).toEqual([
      { table: 'booking_seats', key: 't1' },
      { table: 'booking_seats', key: 't2' },
    ]);
    expect(
      of(db.deleteFrom('booking_seats').where('tripId', '=', 't3').where('bookingId', '=', 'b')),
    ).toEqual([{ table: 'booking_seats', key: 't3' }]);
    expect(of(db.deleteFrom('booking_seats').where('tripId', 'in', ['t4', 't5']))).toEqual([
      { table: 'booking_seats', key: 't4' },
      { table: 'booking_seats', key: 't5' },
    ]);
  });

  it('counts a booking_seats write that does not say its trip as one on every trip', () => {
    expect(of(db.deleteFrom('booking_seats').where('bookingId', '=', 'b'))).toEqual([
      { table: 'booking_seats' },
    ]);
    expect(
      of(
        db.deleteFrom('booking_seats').where((eb) => eb.or([eb('tripId', '=', 'a'), eb('tripId', '=', 'b')])),
      ),
    ).toEqual([{ table: 'booking_seats' }]);
  });

  it('counts a raw write it cannot read as a change of everything', () => {
    expect(ofRaw(sql`with x as (select 1) delete from trips`)).toEqual([{ table: '*' }]);
  });

  it('announces changes after commit, once, and nothing for a rolled-back transaction', async () => {
    const heard: Change[][] = [];
    const stop = database.changes.subscribe((changes) => heard.push(changes));
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('positions').values({ id: 'p1', employee_position_title: 'Driver' }).execute();
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([[{ table: 'positions' }]]);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('positions').values({ id: 'p2', employee_position_title: 'Clerk' }).execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(heard).toHaveLength(1);
    await db.deleteFrom('positions').where('id', '=', 'p1').execute();
    expect(heard).toEqual([[{ table: 'positions' }], [{ table: 'positions' }]]);
    stop();
  });

  it('notices a write by another connection to the same SQLite file within the check interval', async () => {
    // Its own connection, whose time the test moves: data_version is read at most every 5 ms.
    let time = 1000;
    const watcher = openDatabase({ dataDir: dir, outsideWritesCheckMs: 5, monotonicNow: () => time });
    const heard: Change[][] = [];
    const stop = watcher.changes.subscribe((changes) => heard.push(changes));
    try {
      const other = openDatabase({ dataDir: dir });
      await other.db.insertInto('positions').values({ id: 'p3', employee_position_title: 'Guard' }).execute();
      time += 4;
      watcher.changes.checkOutside();
      expect(heard).toEqual([]); // not looked for yet
      time += 1;
      watcher.changes.checkOutside();
      expect(heard).toEqual([[{ table: '*' }]]);
      time += 10;
      watcher.changes.checkOutside();
      expect(heard).toHaveLength(1); // nothing new
      // A second write, then reads in a burst: noticed by the first check after the interval, once.
      await other.db.deleteFrom('positions').where('id', '=', 'p3').execute();
      await other.close();
      for (let i = 0; i < 5; i++, time += 2) watcher.changes.checkOutside();
      expect(heard).toEqual([[{ table: '*' }], [{ table: '*' }]]);
    } finally {
      stop();
      await watcher.close();
    }
  });

  it('with no interval, looks before every cached read', async () => {
    const watcher = openDatabase({ dataDir: dir, outsideWritesCheckMs: 0, monotonicNow: () => 0 });
    const heard: Change[][] = [];
    const stop = watcher.changes.subscribe((changes) => heard.push(changes));
    try {
      await database.db
        .insertInto('positions')
        .values({ id: 'p4', employee_position_title: 'Guard' })
        .execute();
      watcher.changes.checkOutside();
      expect(heard).toEqual([[{ table: '*' }]]);
    } finally {
      stop();
      await watcher.close();
    }
  });

  it('sends other nodes a payload they can read, collapsed to tables when too long for NOTIFY', () => {
    const few = [{ table: 'booking_seats', key: 't1' }, { table: 'trips' }];
    expect(decodeChanges(encodeChanges('node1', few))).toEqual({ nodeId: 'node1', changes: few });
    const many = Array.from({ length: 2000 }, (_, i) => ({ table: 'booking_seats', key: `trip-${i}` }));
    const payload = encodeChanges('node1', many);
    expect(payload.length).toBeLessThan(8000);
    expect(decodeChanges(payload)?.changes).toEqual([{ table: 'booking_seats' }]);
  });
});
