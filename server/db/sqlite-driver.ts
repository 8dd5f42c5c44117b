// The SQLite driver for the Node that runs us. better-sqlite3 12 builds against Node's own C++ API, and on
// Node 24.19 and later its statements abort the process when the garbage collector frees them (node::ObjectWrap
// now removes a cleanup hook from a destructor that may run with no environment: "Assertion failed: (env) !=
// nullptr"). better-sqlite3 13 is built on Node-API with its binaries inside the package, but needs Node 22:
// on Node 20 it crashes at load. So Node 20 loads 12, and Node 22 and later load 13 (installed beside it as
// better-sqlite3-node22); both have the same API. tests/server/sqlite-addon.test.ts frees statements under GC.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** The package name of the driver this Node loads. */
export const SQLITE_DRIVER = NODE_MAJOR >= 22 ? 'better-sqlite3-node22' : 'better-sqlite3';

export const SQLite = require(SQLITE_DRIVER) as typeof BetterSqlite3;
