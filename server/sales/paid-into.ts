// Whose account a booking's traveller is told to pay into, kept on the booking when it is made (bookings.paidInto):
// the trip's company's own account when it has one (shared/payment-instructions.ts decides, as for what
// travellers are told), else the operator's. A statement of the operator's account pays the bookings told to pay
// there, even after their company opened an account of its own (statement.repository.ts).
import { hasOwnAccount } from '../../shared/payment-instructions.ts';
import type { Db } from '../db/schema.ts';

/** bookings.paidInto of a booking told to pay into the operator's account (Settings). */
export const OPERATOR_ACCOUNT = 'operator';

/** What a booking of this trip is told now: its company's id, or OPERATOR_ACCOUNT. */
export async function paidIntoFor(db: Db, tripId: string): Promise<string> {
  const company = await db
    .selectFrom('trips')
    .innerJoin('buses', 'buses.id', 'trips.busId')
    .innerJoin('companies', 'companies.id', 'buses.bus_owner_companyId')
    .select(['companies.id', 'company_bankak_account', 'company_account_name', 'company_wallets'])
    .where('trips.id', '=', tripId)
    .executeTakeFirst();
  return company && hasOwnAccount(company) ? company.id : OPERATOR_ACCOUNT;
}
