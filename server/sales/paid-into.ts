// Whose account a booking's traveller is told to pay into, kept on the booking when it is made (bookings.paidInto):
// the trip's company's own account when it has one (shared/payment-instructions.ts decides, as for what
// travellers are told), else the operator's. A statement of the operator's account pays the bookings told to pay
// there, even after their company opened an account of its own (statement.repository.ts).
import { type CompanyAccount, hasOwnAccount } from '../../shared/payment-instructions.ts';

/** bookings.paidInto of a booking told to pay into the operator's account (Settings). */
export const OPERATOR_ACCOUNT = 'operator';

/**
 * What a booking of this company's trip is told, from the company document the sale already holds (the one
 * whose account the ticket names, shared/payment-instructions.ts): its id, or OPERATOR_ACCOUNT.
 */
export function paidIntoOf(company: (CompanyAccount & { _id: string }) | null | undefined): string {
  return company && hasOwnAccount(company) ? company._id : OPERATOR_ACCOUNT;
}
