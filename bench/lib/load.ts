// Load from the benchmark's own process (autocannon): each server it measures runs in a process of its own.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  /** CPU time the measured process spent per answer (µs), when its pid was given: the machine's other work
   * changes how much CPU a process gets, far less what an answer costs it. */
  cpuUs?: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}

/** `requests` in turn over `connections` kept-alive connections for `seconds`. */
export async function load(
  url: string,
  requests: LoadRequest[],
  { connections, seconds, pid }: { connections: number; seconds: number; pid?: number },
): Promise<LoadResult> {
  let i = 0;
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req: any) => ({ ...req, ...requests[i++ % requests.length] }) }],
  });
  const cpuUs = pid ? ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total : undefined;
  return {
    rps: result.requests.average,
    cpuUs,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

export const fmt = (r: LoadResult) =>
  `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors${r.cpuUs ? `, ${Math.round(r.cpuUs)} µs CPU an answer` : ''}`;

/** User and system CPU a process has used (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The CPU that the processes of this machine named `name` (`postgres`: the database server's backends,
 * which answer on the same cores as the server and the load generator) spend from now on: call the answer
 * to read it, in seconds. Each process counts from what it had used at the start (or from 0 if it started
 * since), so processes that end meanwhile, another client's, take nothing away. 0 with none (a database on
 * another machine) or none ours to read.
 */
export function cpuMeter(name: string): () => number {
  const used = () => {
    const byPid = new Map<number, number>();
    for (const pid of processesNamed(name))
      try {
        byPid.set(pid, cpuSeconds(pid));
      } catch {
        // Gone meanwhile.
      }
    return byPid;
  };
  const start = used();
  return () => [...used()].reduce((sum, [pid, seconds]) => sum + seconds - (start.get(pid) ?? 0), 0);
}

/** The ids of this machine's processes named `name` (Linux: /proc/<pid>/stat). */
export function processesNamed(name: string): number[] {
  const found: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)))
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === name) found.push(Number(pid));
    } catch {
      // Gone meanwhile.
    }
  return found;
}

/** `r` as a share of `of` ("26 %"). */
export const ratio = (r: LoadResult, of: LoadResult) => `${((100 * r.rps) / of.rps).toFixed(0)} %`;
