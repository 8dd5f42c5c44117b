// Assigning conductors (issue 24): the rules of who may be assigned where, and the change with its activity
// row in one transaction. A conductor of a company opens only that company's trips; a conductor of the
// platform (no company) may be assigned to any company's. The route's company scope has already answered 404
// for another company's trip, company or account; what is left is told in words (a 409 with a code).
// The log names the trip (or, for a day, the company) so each record's history shows its conductors.
import type { AssignConductorBody, AssignmentDocument } from '../../../shared/contract/conductors.ts';
import { type Actor, recordAudit } from '../../audit/audit.ts';
import { companyOf } from '../../auth/company-scope.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import type { Db } from '../../db/schema.ts';
import { findAssignment } from './assignments.repository.ts';

export type AssignOutcome =
  | { assigned: AssignmentDocument; created: boolean }
  | { refused: 'NO_USER' | 'NO_TRIP' | 'NO_COMPANY' | 'NOT_A_CONDUCTOR' | 'CONDUCTOR_OTHER_COMPANY' };

/** The assignment that already says this, if any. */
async function existing(db: Db, body: AssignConductorBody) {
  let query = db.selectFrom('conductor_assignments').select('id').where('userId', '=', body.userId);
  query = body.tripId
    ? query.where('tripId', '=', body.tripId)
    : query
        .where('tripId', 'is', null)
        .where('companyId', '=', body.companyId!)
        .where('date', '=', body.date!);
  const row = await query.executeTakeFirst();
  return row && findAssignment(db, row.id);
}

/** The log's row: on the trip, or on the company for a day. */
const logged = (row: { tripId: string | null; companyId: string | null; date: string | null }) =>
  row.tripId
    ? { resource: 'trips', recordId: row.tripId }
    : { resource: 'companies', recordId: row.companyId! };

export async function assignConductor(
  db: Db,
  clock: Clock,
  actor: Actor,
  body: AssignConductorBody,
): Promise<AssignOutcome> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'role', 'email', 'companyId'])
    .where('id', '=', body.userId)
    .executeTakeFirst();
  if (!user) return { refused: 'NO_USER' };
  if (user.role !== 'conductor') return { refused: 'NOT_A_CONDUCTOR' };
  const company = body.tripId
    ? await companyOf(db, 'trip', body.tripId)
    : await companyOf(db, 'company', body.companyId!);
  if (company === undefined) return { refused: body.tripId ? 'NO_TRIP' : 'NO_COMPANY' };
  if (user.companyId && user.companyId !== company) return { refused: 'CONDUCTOR_OTHER_COMPANY' };
  const before = await existing(db, body);
  if (before) return { assigned: before, created: false };
  const now = clock.now();
  const row = {
    id: newId(),
    userId: user.id,
    tripId: body.tripId ?? null,
    companyId: body.tripId ? null : body.companyId!,
    date: body.tripId ? null : body.date!,
    assignedBy: actor.userId!,
    assignedAt: now.toISOString(),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('conductor_assignments').values(row).execute();
      await recordAudit(
        trx,
        {
          ...actor,
          action: 'assign_conductor',
          ...logged(row),
          diff: { conductor: [null, user.email], ...(row.date ? { date: [null, row.date] } : {}) },
        },
        now,
      );
    });
  } catch (error) {
    // Two managers assigning the same conductor at once: the database keeps one row, both see it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await existing(db, body);
    if (raced) return { assigned: raced, created: false };
    throw error;
  }
  return { assigned: (await findAssignment(db, row.id))!, created: true };
}

/** Takes an assignment back; undefined when there is none with this id. */
export async function unassignConductor(
  db: Db,
  clock: Clock,
  actor: Actor,
  id: string,
): Promise<AssignmentDocument | undefined> {
  const found = await findAssignment(db, id);
  if (!found) return undefined;
  const now = clock.now();
  const removed = await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('conductor_assignments').where('id', '=', id).executeTakeFirst();
    if (!Number(deleted.numDeletedRows)) return false;
    await recordAudit(
      trx,
      {
        ...actor,
        action: 'unassign_conductor',
        ...logged(found),
        diff: { conductor: [found.userEmail, null], ...(found.date ? { date: [found.date, null] } : {}) },
      },
      now,
    );
    return true;
  });
  return removed ? found : undefined;
}
