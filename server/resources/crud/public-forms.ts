// The travellers' forms together: every registry entry that opens `create` to the public (lost-item reports,
// enquiries). Each address is limited before its body is read (LOOKUP_RATE_LIMIT_PER_IP); this bounds what many
// addresses can store between them: at most PUBLIC_FORMS_PER_HOUR forms from everyone in any rolling hour, and
// PUBLIC_FORMS_PER_PHONE_PER_DAY from one phone number in any 24 hours (a thousand addresses cannot fill the
// staff's inbox and the database, nor one number from many addresses). Counted from the stored rows' creation
// times on the app's clock, on every node alike, and decided under one lock with the insert, so two nodes never
// both take the last place. A refused form stores nothing; a refusal says when a place frees.
import { type ResourceDef, resources } from '../../../shared/registry/index.ts';
import { normalizePhone } from '../../../shared/rules.ts';
import type { Config } from '../../config.ts';
import { lockName } from '../../db/locks.ts';
import type { Db } from '../../db/schema.ts';
import { createDocument } from './crud.repository.ts';
import { anyTable } from './generic-db.ts';
import type { Document } from './row-mapper.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** One lock for every public form: they arrive a few an hour, so one queue is no wait. */
const FORMS_LOCK = 'public-forms';

export type FormRefusal =
  { refused: 'FORMS_BUSY'; until: Date } | { refused: 'FORMS_PHONE_LIMIT'; until: Date; limit: number };

type FormLimits = Config['publicForms'];

/** The forms travellers send, and the column each keeps its phone in (a form without one is counted by time only). */
const FORMS = resources
  .filter((def) => def.publicOps?.includes('create') && !def.customRoutes?.includes('create'))
  .map((def) => {
    // Counted by creation time: a form without one would be stored without end.
    if (!def.timestamps) throw new Error(`${def.name}: a traveller's form needs timestamps to be counted`);
    return {
      table: def.table,
      phone: Object.keys(def.fields).find((name) => def.fields[name].kind === 'phone'),
    };
  });

/**
 * The creation time of the `nth` newest form stored after `since` (of one phone's, when given): when it leaves
 * the window, fewer than `nth` are left in it. Undefined while fewer than `nth` are stored.
 */
async function nthNewest(db: Db, since: Date, nth: number, phone?: string): Promise<string | undefined> {
  const [first, ...others] = FORMS.filter((form) => phone === undefined || form.phone).map((form) => {
    const query = anyTable(db)
      .selectFrom(form.table)
      .select('created_at')
      .where('created_at', '>', since.toISOString());
    return phone === undefined ? query : query.where(form.phone!, '=', phone);
  });
  const row = await others
    .reduce((all, query) => all.unionAll(query), first)
    .orderBy('created_at', 'desc')
    .limit(1)
    .offset(nth - 1)
    .executeTakeFirst();
  return row ? String(row.created_at) : undefined;
}

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

/** Why a form from `phone` cannot be stored at `now`, if it cannot: everyone's hour first, then the phone's day. */
async function refusalOf(db: Db, phone: string | undefined, limits: FormLimits, now: Date) {
  const busy = await nthNewest(db, new Date(now.getTime() - HOUR), limits.perHour);
  if (busy) return { refused: 'FORMS_BUSY' as const, until: later(busy, HOUR) };
  if (phone === undefined) return undefined;
  const full = await nthNewest(db, new Date(now.getTime() - DAY), limits.perPhonePerDay, phone);
  if (full)
    return { refused: 'FORMS_PHONE_LIMIT' as const, until: later(full, DAY), limit: limits.perPhonePerDay };
  return undefined;
}

/** Stores a traveller's form at `now`, or says why not (nothing stored). */
export async function createPublicForm(
  db: Db,
  def: ResourceDef,
  body: Record<string, unknown>,
  limits: FormLimits,
  now: Date,
): Promise<{ document: Document } | FormRefusal> {
  const field = FORMS.find((form) => form.table === def.table)?.phone;
  const phone = field && typeof body[field] === 'string' ? normalizePhone(body[field]) : undefined;
  // A flood is refused without queueing for the lock: forms stored meanwhile only add to what was read.
  const early = await refusalOf(db, phone, limits, now);
  if (early) return early;
  return db.transaction().execute(async (trx) => {
    await lockName(trx, FORMS_LOCK);
    const refusal = await refusalOf(trx, phone, limits, now);
    if (refusal) return refusal;
    return { document: await createDocument(trx, def, body, {}, now) };
  });
}
