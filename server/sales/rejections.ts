// Rejected proofs remembered against where they came from: the booking's phone, and the sender's device and
// client address. A phone or device with MAX_REJECTED_PROOFS_PER_PHONE rejections in the last day, or an
// address with MAX_REJECTED_PROOFS_PER_ADDRESS (higher: a carrier's address is shared), sends proofs that hold
// no longer than a booking without one, so re-sending junk after each rejection keeps nothing. Kept in the
// database (every node counts the same) and counted on the app's clock.
import { REJECTION_WINDOW_HOURS } from '../../shared/payments.ts';
import type { PaymentsConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';

export interface ProofSource {
  phone: string;
  address: string | null;
  device: string | null;
}

const WINDOW_MS = REJECTION_WINDOW_HOURS * 3_600_000;

const keysOf = (source: ProofSource) => ({
  phone: `phone:${source.phone}`,
  address: source.address ? `address:${source.address}` : null,
  device: source.device ? `device:${source.device}` : null,
});

/** Remembers a rejected proof against each of its sources. */
export async function recordRejection(db: Db, source: ProofSource, now: Date) {
  const rejectedAt = now.toISOString();
  const keys = Object.values(keysOf(source)).filter((key): key is string => key !== null);
  await db
    .insertInto('proof_rejections')
    .values(keys.map((key) => ({ source: key, rejectedAt })))
    .execute();
}

/** Proofs rejected in the last day, per source. */
export async function rejectionsOf(db: Db, source: ProofSource, now: Date) {
  const keys = keysOf(source);
  const wanted = Object.values(keys).filter((key): key is string => key !== null);
  const rows = await db
    .selectFrom('proof_rejections')
    .select(['source', (eb) => eb.fn.countAll().as('count')])
    .where('source', 'in', wanted)
    .where('rejectedAt', '>', new Date(now.getTime() - WINDOW_MS).toISOString())
    .groupBy('source')
    .execute();
  const count = (key: string | null) => Number(rows.find((row) => row.source === key)?.count ?? 0);
  return { phone: count(keys.phone), address: count(keys.address), device: count(keys.device) };
}

/** Whether a proof from this source holds its seats for a review (false once its proofs were rejected too often). */
export async function proofHolds(db: Db, config: PaymentsConfig, source: ProofSource, now: Date) {
  const rejected = await rejectionsOf(db, source, now);
  return (
    rejected.phone < config.rejectionsPerPhone &&
    rejected.device < config.rejectionsPerPhone &&
    rejected.address < config.rejectionsPerAddress
  );
}

/** Forgets rejections older than the window; answers how many. */
export async function forgetOldRejections(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('proof_rejections')
    .where('rejectedAt', '<=', new Date(now.getTime() - WINDOW_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
