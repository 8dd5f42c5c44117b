// The database as the generic CRUD layer sees it. The table it works on is a value (a registry entry's `table`),
// so no table type can be picked when it compiles: this view reads and writes any table by name, its rows as
// unknown values (Row) that row-mapper.ts turns into documents. Everything else works on Db
// (server/db/schema.ts), whose plain-resource tables are derived from the same registry entries.
import type { Kysely } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { Row } from './row-mapper.ts';

/** Any table, by its name: columns of unknown values. */
export type AnyTables = Record<string, Row>;
export type AnyTableDb = Kysely<AnyTables>;

export const anyTable = (db: Db): AnyTableDb => db as unknown as AnyTableDb;
