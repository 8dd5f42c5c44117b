// better-sqlite3 is the one native addon built for the running Node's ABI. Built against Node 24.19+'s headers,
// version 12 aborts the whole process the first time the garbage collector frees one of its statements
// (nodejs/node#65446; .ci/node24.sh builds it against 24.18.1's): a process that prepares and drops many
// statements must end normally on whichever Node runs the tests.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const addon = createRequire(import.meta.url).resolve('better-sqlite3');

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

it(`survives the garbage collector freeing its statements (Node ${process.versions.node})`, async () => {
  const { stdout } = await run(process.execPath, ['-e', STRESS]).catch(
    (failed: { stdout: string; stderr: string; code: unknown; signal: unknown }) => {
      throw new Error(`exited ${failed.code ?? failed.signal}:\n${failed.stderr.slice(0, 2000)}`);
    },
  );
  expect(stdout).toContain('statements collected: 100000');
});
