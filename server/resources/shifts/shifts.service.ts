// Cash-up (issue 24): a staff member opens their shift with a float and closes it with the cash counted; the
// close stores the expected cash and the variance, so a closed shift's figures are what they were. Each change
// writes its activity row in its own transaction (the cash moved by sales and refunds is the sales module's).
import { type Actor, recordAudit } from '../../audit/audit.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { lockRow } from '../../db/locks.ts';
import type { Db } from '../../db/schema.ts';
import { expectedCash, findShift, type ShiftDocument, sdg } from './shifts.repository.ts';

export interface ShiftStaff {
  id: string;
  companyId: string | null;
  actor: Actor;
  /** May close another staff member's shift (a manager or an admin). */
  closesAny: boolean;
}

export type OpenOutcome = { opened: ShiftDocument } | { refused: 'SHIFT_ALREADY_OPEN'; shiftId: string };

export async function openShift(
  db: Db,
  clock: Clock,
  staff: ShiftStaff,
  float: number,
): Promise<OpenOutcome> {
  const id = newId();
  const now = clock.now();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('shifts')
        .values({
          id,
          userId: staff.id,
          companyId: staff.companyId,
          float: sdg(float),
          openedAt: now.toISOString(),
          closedAt: null,
          closedBy: null,
          counted: null,
          expected: null,
          variance: null,
        })
        .execute();
      await recordAudit(
        trx,
        {
          ...staff.actor,
          action: 'shift_opened',
          resource: 'shifts',
          recordId: id,
          diff: { float: [null, sdg(float)] },
        },
        now,
      );
    });
  } catch (error) {
    // One open shift per staff member: the database's partial unique index says so, race or not.
    if (!isUniqueViolation(error)) throw error;
    const open = await db
      .selectFrom('shifts')
      .select('id')
      .where('userId', '=', staff.id)
      .where('closedAt', 'is', null)
      .executeTakeFirst();
    return { refused: 'SHIFT_ALREADY_OPEN', shiftId: open?.id ?? '' };
  }
  return { opened: (await findShift(db, id))! };
}

export type CloseOutcome =
  { closed: ShiftDocument } | { refused: 'NOT_FOUND' | 'SHIFT_CLOSED' | 'NOT_YOUR_SHIFT' };

/**
 * Closes a shift with the cash counted: under the shift's row lock (a sale or refund in it either committed
 * before, and is counted, or finds it closed), the expected cash is read, and counted, expected and the
 * variance (counted − expected) are stored with who closed it and when.
 */
export async function closeShift(
  db: Db,
  clock: Clock,
  id: string,
  staff: ShiftStaff,
  counted: number,
): Promise<CloseOutcome> {
  const now = clock.now();
  const outcome = await db.transaction().execute(async (trx): Promise<CloseOutcome | undefined> => {
    const shift = await lockRow(trx, 'shifts', id, 'update');
    if (!shift) return { refused: 'NOT_FOUND' };
    if (shift.userId !== staff.id && !staff.closesAny) return { refused: 'NOT_YOUR_SHIFT' };
    if (shift.closedAt) return { refused: 'SHIFT_CLOSED' };
    const expected = await expectedCash(trx, id);
    const closing = {
      closedAt: now.toISOString(),
      closedBy: staff.id,
      counted: sdg(counted),
      expected,
      variance: sdg(counted - expected),
    };
    const done = await trx
      .updateTable('shifts')
      .set(closing)
      .where('id', '=', id)
      .where('closedAt', 'is', null)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return { refused: 'SHIFT_CLOSED' };
    await recordAudit(
      trx,
      {
        ...staff.actor,
        action: 'shift_closed',
        resource: 'shifts',
        recordId: id,
        diff: Object.fromEntries(Object.entries(closing).map(([key, value]) => [key, [null, value]])),
      },
      now,
    );
    return undefined;
  });
  return outcome ?? { closed: (await findShift(db, id))! };
}
