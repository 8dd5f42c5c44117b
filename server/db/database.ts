// Opens the database: PostgreSQL when DATABASE_URL is a postgres URL, otherwise embedded SQLite in DATA_DIR.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { LruMap } from '../lru-map.ts';
import { ChangeFeed, EVERYTHING, watchChanges } from './changes.ts';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver.ts';
import type { Db, Tables } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  /** Typed by server/db/schema.ts (the generic CRUD layer views it as any registry table: crud/generic-db.ts). */
  db: Db;
  dialect: Dialect;
  /** Every write through `db` is announced here (server/db/changes.ts). */
  changes: ChangeFeed;
  /**
   * PostgreSQL: a read statement's rows as arrays, on `db`'s pool, each statement named by planOnceOnPostgres
   * planned once a connection (what a search worker's reader does, for the searches answered on this thread).
   */
  arrays?: ArrayRows;
  close(): Promise<void>;
}

// int8 (counts, sums) would otherwise come back as strings from pg.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** SQLite: the most often another process's writes are looked for (ms; 0: before every cached read). */
  outsideWritesCheckMs?: number;
  /** A monotonic clock in ms for that (tests move it). */
  monotonicNow?: () => number;
}

/** Writes by another process are looked for at most this often unless the configuration says otherwise. */
const OUTSIDE_WRITES_CHECK_MS = 2;

export function openDatabase(options: OpenOptions): Database {
  const changes = new ChangeFeed();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('connect', planOnce);
    // An idle connection dropped by the server (restart, failover) must not take the process down: the
    // pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Tables>({ dialect: watchChanges(new PostgresDialect({ pool }), changes, true) });
    return { db, dialect: 'postgres', changes, arrays: arraysOn(pool), close: () => db.destroy() };
  }
  // Password hashes and travellers' details: readable by the server's own user only. SQLite creates the
  // -wal and -shm files with the database file's mode; files of an older version are tightened too.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = databaseFile(options.dataDir);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  const sqlite = new SQLite(file);
  // WAL keeps readers off the writer's back; NORMAL sync loses nothing when the process dies (kill -9).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  for (const suffix of ['', '-wal', '-shm']) ownerOnly(file + suffix);
  const db = new Kysely<Tables>({
    dialect: watchChanges(new SqliteDialect({ database: withStatementCache(sqlite) }), changes, false),
  });
  // Another connection's commit (a script, a second process on the same file) changes data_version; this
  // connection's own do not. Reading it takes a read lock on the file (~12 µs, 9 % of a cached search's CPU
  // when it ran before every cached read), so it is read at most once every `outsideWritesCheckMs`: another
  // process's write is noticed within that time, as another PostgreSQL node's is when its NOTIFY arrives.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const every = options.outsideWritesCheckMs ?? OUTSIDE_WRITES_CHECK_MS;
  const now = options.monotonicNow ?? (() => performance.now());
  let seenVersion = dataVersion.get();
  let checkedAt = now();
  changes.checkOutside = () => {
    if (every > 0) {
      const time = now();
      if (time - checkedAt < every) return;
      checkedAt = time;
    }
    const version = dataVersion.get();
    if (version !== seenVersion) {
      seenVersion = version;
      changes.emit([EVERYTHING]);
    }
  };
  return { db, dialect: 'sqlite', changes, close: () => db.destroy() };
}

/** The SQLite database's file in DATA_DIR. */
const databaseFile = (dataDir: string) => path.join(dataDir, 'rihla.db');

export interface ReaderOptions {
  databaseUrl?: string;
  dataDir: string;
}

/** Runs one read statement and answers its rows as arrays, their columns in the statement's order. */
export type ArrayRows = (text: string, values: readonly unknown[]) => Promise<unknown[][]>;

/** PostgreSQL connections of a reader (openReader): a worker's searches wait for one when all are busy. */
const READER_CONNECTIONS = 5;

/**
 * A connection that only reads, for a worker thread (search-pool.ts): the SQLite file opened read-only (WAL lets
 * it read beside the server's one writer), or a small PostgreSQL pool of its own. Each statement sees what was
 * committed before it started, as the server's own connection does. Its writes announce nothing (it makes none).
 */
export function openReader(options: ReaderOptions): { db: Db; arrays: ArrayRows; close(): Promise<void> } {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: READER_CONNECTIONS });
    pool.on('connect', planOnce);
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    return { db, arrays: arraysOn(pool), close: () => db.destroy() };
  }
  const sqlite = new SQLite(databaseFile(options.dataDir), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  // Statements of their own (raw mode stays set on a statement): nothing else runs on this connection, and
  // better-sqlite3 runs each to its end before the next, so none holds a read open.
  const raw = new LruMap<string, BetterSqlite3.Statement>(MAX_CACHED_STATEMENTS);
  const arrays: ArrayRows = async (text, values) =>
    raw.getOrMake(text, () => sqlite.prepare(text).raw(true)).all(...values) as unknown[][];
  return { db, arrays, close: () => db.destroy() };
}

/** A PostgreSQL pool's read statements answering rows as arrays, those named by planOnceOnPostgres prepared. */
const arraysOn =
  (pool: pg.Pool): ArrayRows =>
  async (text, values) =>
    (await pool.query({ name: PREPARED.get(text), text, values: [...values], rowMode: 'array' })).rows;

/** The statements PostgreSQL plans once per connection (named prepared statements), by their text. */
const PREPARED = new Map<string, string>();

/**
 * Asks PostgreSQL to plan `text` once on each connection and keep the plan (a named prepared statement) rather
 * than parse and plan it again for every run: for a large statement run often, planning costs more than
 * running it (the search: 1.1 ms planning, 0.8 ms running, measured on a year). For statements whose values
 * cannot change the plan (the search reads them from a one-row table).
 */
export function planOnceOnPostgres(text: string) {
  if (!PREPARED.has(text)) PREPARED.set(text, `rihla_${PREPARED.size + 1}`);
}

/** A new pooled connection sends the statements named by planOnceOnPostgres as named prepared statements. */
function planOnce(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof config === 'string' ? PREPARED.get(config) : undefined;
    return name ? query({ name, text: config, values }, callback) : query(config, values, callback);
  };
  (client as unknown as { query: typeof named }).query = named;
}

/** Makes a file readable and writable by the server's user only; a missing file is left missing. */
export function ownerOnly(file: string) {
  try {
    fs.chmodSync(file, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Another user's file the server may write (a shared volume): say so rather than refuse to start.
    if (code !== 'ENOENT') console.warn(`could not make ${file} private to this user: ${code}`);
  }
}

/** Statements kept ready per SQL text; lists with varying `in (…)` lengths make a few more, oldest dropped first. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query again, which costs SQLite a parse and plan each time (a third of a millisecond
 * per booking). A prepared statement can run any number of times, so each SQL text is prepared once. Queries
 * run one at a time on this connection (better-sqlite3 is synchronous and nothing here streams rows), so a
 * statement is never busy when it is reused.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): BetterSqlite3.Database {
  const statements = new LruMap<string, BetterSqlite3.Statement>(MAX_CACHED_STATEMENTS);
  const prepare = (sql: string) => statements.getOrMake(sql, () => sqlite.prepare(sql));
  return Object.create(sqlite, { prepare: { value: prepare } }) as BetterSqlite3.Database;
}

/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True for a foreign-key violation on either database. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
