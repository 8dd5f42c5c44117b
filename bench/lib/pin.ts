// A database on cores of its own, as on a machine of its own: an operator who outgrows one machine runs
// PostgreSQL beside (not on) the API nodes. BENCH_DATABASE_CPUS=1 pins this machine's PostgreSQL processes
// (the postmaster, so every connection it forks after, and those running) to CPU 1 and this benchmark's
// process, and so every server and load generator it starts, to the others: the servers measured and their
// bare baseline then share the same cores, and only the database, which the baseline has no need of, runs
// elsewhere. Linux's taskset (util-linux); the affinity is put back when the run ends.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { processesNamed } from './load.ts';

const cpuList = (cpus: number[]) => cpus.join(',');
const pin = (pid: number, cpus: number[]) => {
  try {
    execFileSync('taskset', ['--all-tasks', '--cpu-list', '-p', cpuList(cpus), String(pid)], {
      stdio: 'ignore',
    });
  } catch {
    // Gone meanwhile.
  }
};

/** Pins as BENCH_DATABASE_CPUS says (nothing when unset); the answer puts every process back on every CPU. */
export function pinDatabase(spec = process.env.BENCH_DATABASE_CPUS): () => void {
  if (!spec) return () => {};
  const all = os.cpus().map((_, cpu) => cpu);
  const database = spec.split(',').map(Number);
  const rest = all.filter((cpu) => !database.includes(cpu));
  if (database.some((cpu) => !all.includes(cpu)) || !rest.length)
    throw new Error(
      `BENCH_DATABASE_CPUS=${spec}: this machine has CPUs ${cpuList(all)}; leave one for the rest`,
    );
  const postgres = processesNamed('postgres');
  if (!postgres.length) throw new Error('BENCH_DATABASE_CPUS: no postgres process runs on this machine');
  for (const pid of postgres) pin(pid, database);
  pin(process.pid, rest);
  console.log(
    `PostgreSQL (${postgres.length} processes) on CPU ${cpuList(database)}; the servers, their baseline and the load generator on CPU ${cpuList(rest)}`,
  );
  return () => {
    for (const pid of [...processesNamed('postgres'), process.pid]) pin(pid, all);
  };
}
