// Which peers are trusted reverse proxies (TRUST_PROXY), and so which address a request comes from. A proxy
// such as nginx appends the address it saw to X-Forwarded-For and passes on whatever the client wrote before
// it: only entries added by trusted proxies are believed, counted from the right. The client's address is the
// right-most entry no trusted proxy could have written (Fastify's `trustProxy` takes the same function).
import proxyAddr from '@fastify/proxy-addr';

/** Off, a number of proxies in front of the server (`1`: one nginx), or their addresses and CIDR ranges. */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY: unset or `0` off; `1`/`true` one proxy; `N` N proxies in a row; otherwise addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (!text || text === '0' || text === 'false') return false;
  if (text === 'true') return 1;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export type Trust = (address: string, hop: number) => boolean;

/**
 * Whether the peer `hop` steps from the server (0: the socket's own peer) is a trusted proxy; undefined when
 * none is. A count trusts that many hops whatever their addresses, so the server must be reachable only
 * through them; a list trusts those addresses wherever they stand (an unknown address in it fails at start).
 */
export function proxyTrust(setting: TrustProxy): Trust | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}
