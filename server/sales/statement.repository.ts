// What a bank statement import reads and writes: the bookings its references name (in any state: a reference
// once used stays used), the lines that already paid a booking, and a verification by one line, which records
// the line, the payment and its activity row together or none of them.
import { companyWhere } from '../auth/company-scope.ts';
import { hasOwnAccount } from '../../shared/payment-instructions.ts';
import type { AuditEntry } from '../audit/audit.ts';
import { recordAudit } from '../audit/audit.ts';
import { queueBookingMessage } from '../messages/messages.service.ts';
import type { Db, StatementLinesTable } from '../db/schema.ts';
import { transition } from './payments.repository.ts';
import { OPERATOR_ACCOUNT } from './paid-into.ts';

/** Whose account a statement is of: one company's own, or the operator's (issue 24). */
export type StatementAccount = { companyId: string } | { operator: true };

/**
 * The companies whose travellers pay into an account of their own (shared/payment-instructions.ts decides, as
 * for what travellers are told): few rows, read whole, so the rule is not written twice in SQL.
 */
export async function companiesWithOwnAccount(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'company_bankak_account', 'company_account_name', 'company_wallets'])
    .execute();
  return rows.filter((row) => hasOwnAccount(row)).map((row) => row.id);
}

/** One company's account columns; undefined when there is no such company. */
export async function companyAccount(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'company_bankak_account', 'company_account_name', 'company_wallets'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/**
 * Every booking that carries one of these (normalised) references, whatever its state, among the bookings
 * paid into this account: those told to pay into it when they were made (bookings.paidInto), and of those made
 * before bookings kept that, a company's own account pays its trips' bookings, the operator's the bookings of
 * every company without one.
 */
export async function bookingsByReference(db: Db, references: string[], account: StatementAccount) {
  if (!references.length) return [];
  const others = 'operator' in account ? await companiesWithOwnAccount(db) : [];
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'ticketId',
      'paymentReference',
      'totalTicketPrice',
      'paymentStatus',
      'isCancelled',
      'bankakScreenshot',
      'rejectionReason',
    ])
    .where('paymentReference', 'in', references)
    .$if('companyId' in account, (q) => {
      const { companyId } = account as { companyId: string };
      // Its trips' bookings told to pay into its account; one told to pay the operator's (sold before the
      // company opened its own) is the operator's statement's to pay, whatever this file says.
      return q
        .where(companyWhere(db, 'booking', companyId))
        .where((eb) => eb.or([eb('paidInto', '=', companyId), eb('paidInto', 'is', null)]));
    })
    .$if('operator' in account, (q) =>
      q.where((eb) =>
        eb.or([
          // Told to pay into the operator's account when it was made, though its company has one now.
          eb('paidInto', '=', OPERATOR_ACCOUNT),
          // Made before bookings kept it (migration 102): by the company's account as it is now.
          eb.and([
            eb('paidInto', 'is', null),
            ...(others.length
              ? [
                  eb('tripId', 'not in', (sub) =>
                    sub
                      .selectFrom('trips')
                      .innerJoin('buses', 'buses.id', 'trips.busId')
                      .select('trips.id')
                      .where('buses.bus_owner_companyId', 'in', others),
                  ),
                ]
              : []),
          ]),
        ]),
      ),
    )
    .execute();
}

/** The lines, among these keys or with these references, that already paid a booking. */
export async function usedLines(db: Db, keys: string[], references: string[]) {
  if (!keys.length && !references.length) return [];
  return db
    .selectFrom('statement_lines')
    .select(['key', 'bookingId', 'reference'])
    .where((eb) =>
      eb.or([
        ...(keys.length ? [eb('key', 'in', keys)] : []),
        ...(references.length ? [eb('reference', 'in', references)] : []),
      ]),
    )
    .execute();
}

export type LineVerification = 'verified' | 'line_used' | 'not_waiting';

/**
 * Verifies a booking waiting on its proof by one statement line: the line is recorded as used (once: another
 * import racing for it waits for this one and finds it taken), the booking moves to verified, and the activity
 * row is appended, in one transaction.
 */
export async function verifyByLine(
  db: Db,
  line: StatementLinesTable,
  /** The state the booking was read in: its proof under review, or back to awaiting_proof after its review time. */
  from: string,
  audit: Omit<AuditEntry, 'action' | 'resource' | 'recordId' | 'diff'>,
): Promise<LineVerification> {
  const note = `Bank statement line ${line.line}`;
  try {
    return await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('statement_lines')
        .values(line)
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return 'line_used';
      const moved = await transition(trx, line.bookingId, [from], {
        paymentStatus: 'verified',
        paymentDeadline: null,
        verifiedBy: line.usedBy,
        verifiedAt: line.usedAt,
        verifiedVia: 'import',
        overrideNote: note,
      });
      if (!moved) throw new NotWaiting();
      await queueBookingMessage(trx, 'payment_verified', line.bookingId, new Date(line.usedAt));
      await recordAudit(
        trx,
        {
          ...audit,
          action: 'verify_payment',
          resource: 'bookings',
          recordId: line.bookingId,
          diff: {
            paymentStatus: [from, 'verified'],
            verifiedBy: [null, line.usedBy],
            verifiedAt: [null, line.usedAt],
            verifiedVia: [null, 'import'],
            overrideNote: [null, note],
          },
        },
        new Date(line.usedAt),
      );
      return 'verified';
    });
  } catch (error) {
    if (error instanceof NotWaiting) return 'not_waiting';
    throw error;
  }
}

/** The booking left the state it was read in meanwhile: the transaction is undone, the line stays unused. */
class NotWaiting extends Error {}
