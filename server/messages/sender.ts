// The sender every API node runs (server/jobs.ts): claim what is due, hand each message to the gateway, record
// what it said. Nothing lives in the process: a node killed mid-send leaves `sending` rows whose lease runs
// out, and whichever node looks next sends them (with the same id, which the gateway recognises).
import type { Db } from '../db/schema.ts';
import type { Gateway } from './gateways.ts';
import { claimDue, recordOutcome } from './outbox.repository.ts';

export interface SenderContext {
  db: Db;
  gateway: Gateway;
  /** This node's name in the claims it makes. */
  node: string;
  now: () => Date;
  /** Messages claimed at once, and sent this many side by side. */
  batch?: number;
  parallel?: number;
  /** How long a claim holds before another node may take the message (ms). */
  leaseMs?: number;
}

/** Sends what is due now, one batch after another until none is left; answers how many were handed over. */
export async function sendDue(ctx: SenderContext, maxBatches = 50): Promise<number> {
  const { batch = 20, parallel = 4, leaseMs = 60_000 } = ctx;
  let handed = 0;
  for (let round = 0; round < maxBatches; round++) {
    const claimed = await claimDue(ctx.db, ctx.node, ctx.now(), batch, leaseMs);
    if (!claimed.length) break;
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const message = claimed[next++];
        const outcome = await ctx.gateway.send({ id: message.id, to: message.phone, text: message.text });
        await recordOutcome(ctx.db, message, ctx.node, outcome, ctx.now());
        handed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, claimed.length) }, worker));
    if (claimed.length < batch) break;
  }
  return handed;
}
