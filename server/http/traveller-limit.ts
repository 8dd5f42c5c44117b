// The per-address limit on a traveller's calls that prove a ticket or write a form (look-ups, proofs,
// cancellations, message preferences, public forms): one reading of LOOKUP_RATE_LIMIT_PER_IP for all of them.
// Calls in one group share an address's count, so a guesser cannot spread tries over several routes.
import type { Config } from '../config.ts';

export function travellerLimit(config: Pick<Config, 'lookupRateLimit'>, groupId = 'traveller-lookup') {
  const { perIp, windowMs } = config.lookupRateLimit;
  return { rateLimit: { max: perIp, timeWindow: windowMs, groupId } };
}
