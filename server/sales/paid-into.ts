// Whose account a booking's traveller is told to pay into, kept on the booking when it is made (bookings.paidInto):
// the trip's company's own account when it has one (shared/payment-instructions.ts decides, as for what
// travellers are told), else the operator's. A statement of the operator's account pays the bookings told to pay
// there, even after their company opened an account of its own (statement.repository.ts).
import { hasOwnAccount } from '../../shared/payment-instructions.ts';
import type { Db } from '../db/schema.ts';

/** bookings.paidInto of a booking told to pay into the operator's account (Settings). */
export const OPERATOR_ACCOUNT = 'operator';

/** One company's account columns; undefined when there is no such company. */
export async function companyAccount(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'company_bankak_account', 'company_account_name', 'company_wallets'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/**
 * What a booking of a trip of this company (the trip's bus's owner, read under the sale's lock) is told now:
 * the company's id, or OPERATOR_ACCOUNT.
 */
export async function paidIntoFor(db: Db, companyId: string): Promise<string> {
  const company = await companyAccount(db, companyId);
  return company && hasOwnAccount(company) ? company.id : OPERATOR_ACCOUNT;
}
