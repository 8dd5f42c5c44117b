// Load from the benchmark's own process (autocannon): each server it measures runs in a process of its own.
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
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
  { connections, seconds }: { connections: number; seconds: number },
): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req: any) => ({ ...req, ...requests[i++ % requests.length] }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

export const fmt = (r: LoadResult) =>
  `${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors`;

/** `r` as a share of `of` ("26 %"). */
export const ratio = (r: LoadResult, of: LoadResult) => `${((100 * r.rps) / of.rps).toFixed(0)} %`;
