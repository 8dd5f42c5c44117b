// The bytes of payment proofs the database takes in an hour: per address (a carrier's address is shared by
// many travellers, so it is generous) and in total (so that many addresses cannot fill the database). Only what
// is stored counts: an upload reserves its bytes before it is stored and gives them back when it is refused
// (an unknown ticket, a booking not waiting for a proof, not an image), so refused uploads never lock an honest
// traveller out. Refused attempts are bounded otherwise, at no cost in bytes: the look-up limit counts every
// request before its body is read, an address over its budget is answered before its body is read, and a
// proof whose ticket is unknown or not waiting is refused before its file is read (fields come first).
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { clientOf } from '../../http/connections.ts';
import { HttpError } from '../../http/errors.ts';
import { failures, hit } from '../../http/rate-limit-store.ts';

const HOUR = 3_600_000;
const TOO_MANY = 'Too many payment proofs were sent from this address. Please try again later.';
const TOO_MANY_NOW = 'Too many payment proofs are arriving right now. Please try again in a while.';

const budgets = (request: FastifyRequest) => {
  const { proofBytesPerIpPerHour, proofBytesPerHour } = request.server.config.payments;
  return [
    { key: `proof-bytes|${clientOf(request)}`, limit: proofBytesPerIpPerHour, message: TOO_MANY },
    { key: 'proof-bytes|all', limit: proofBytesPerHour, message: TOO_MANY_NOW },
  ];
};

/** 429 before the body is read when this address, or everyone together, has used the hour's budget. */
export async function refuseWhenSpent(request: FastifyRequest) {
  const { db } = request.server;
  for (const budget of budgets(request))
    if ((await failures(db, budget.key, request.server.clock.now().getTime())) >= budget.limit)
      throw new HttpError(429, budget.message, { code: 'RATE_LIMITED' });
}

/** Gives `bytes` back to a budget's current window (never below zero). */
async function giveBack(request: FastifyRequest, key: string, bytes: number) {
  await request.server.db
    .updateTable('rate_limits')
    .set({ count: sql`case when count > ${bytes} then count - ${bytes} else 0 end` })
    .where('key', '=', key)
    .where('reset_at', '>', request.server.clock.now().getTime())
    .execute();
}

/**
 * Reserves `bytes` of proof in every budget (429, reserving nothing, when one is spent); answers the function
 * that gives them back, to call when the proof was not stored.
 */
export async function reserveProofBytes(request: FastifyRequest, bytes: number) {
  const reserved: string[] = [];
  const release = async () => {
    for (const key of reserved.splice(0)) await giveBack(request, key, bytes);
  };
  for (const budget of budgets(request)) {
    const used = await hit(request.server.db, budget.key, HOUR, request.server.clock.now().getTime(), bytes);
    reserved.push(budget.key);
    if (used.current > budget.limit) {
      await release();
      throw new HttpError(429, budget.message, { code: 'RATE_LIMITED' });
    }
  }
  return release;
}

/** Runs `store` with the proof's bytes reserved; gives them back unless `stored` says the proof was kept. */
export async function withProofBytes<T>(
  request: FastifyRequest,
  bytes: number | undefined,
  store: () => Promise<T>,
  stored: (outcome: T) => boolean,
): Promise<T> {
  if (!bytes) return store();
  const release = await reserveProofBytes(request, bytes);
  let kept = false;
  try {
    const outcome = await store();
    kept = stored(outcome);
    return outcome;
  } finally {
    if (!kept) await release();
  }
}
