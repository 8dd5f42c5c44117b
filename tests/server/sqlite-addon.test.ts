// The SQLite driver the running Node loads (server/db/sqlite-driver.ts): better-sqlite3 12, built against Node
// 24.19+'s headers, aborts the whole process the first time the garbage collector frees one of its statements,
// so Node 22 and later load 13. A process that prepares and drops many statements must end normally on
// whichever Node runs the tests (it fails on Node 24.21 with 12).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { SQLITE_DRIVER } from '../../server/db/sqlite-driver.ts';

const run = promisify(execFile);
const addon = createRequire(import.meta.url).resolve(SQLITE_DRIVER);

const STRESS = `
const Database = require(${JSON.stringify(addon)});
const db = new Database(':memory:');
let rounds = 0;
(function round() {
  for (let i = 0; i < 20000; i++) db.prepare('select ' + (i % 500) + ' as x').get();
  if (++rounds < 5) setImmediate(round);
  else console.log('statements collected: ' + rounds * 20000);
})();
`;

it(`${SQLITE_DRIVER} survives the garbage collector freeing its statements (Node ${process.versions.node})`, async () => {
  const { stdout } = await run(process.execPath, ['-e', STRESS]).catch(
    (failed: { stdout: string; stderr: string; code: unknown; signal: unknown }) => {
      throw new Error(`exited ${failed.code ?? failed.signal}:\n${failed.stderr.slice(0, 2000)}`);
    },
  );
  expect(stdout).toContain('statements collected: 100000');
});
