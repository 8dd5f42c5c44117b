// Where the traveller of a trip pays (issue 24): the trip's company's account when it set one, otherwise the
// operator's of Settings (shared/payment-instructions.ts decides). Read apart from the cached trip answer, so
// a change of Settings shows at once.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { type PaymentInstructions, paymentInstructionsFor } from '../../../shared/payment-instructions.ts';
import { publicView } from '../../../shared/settings.ts';
import { readSettings } from './settings.repository.ts';

export async function tripPaymentInstructions(
  db: Db,
  config: Config,
  tripId: string,
): Promise<PaymentInstructions> {
  const company = await db
    .selectFrom('trips')
    .innerJoin('buses', 'buses.id', 'trips.busId')
    .innerJoin('companies', 'companies.id', 'buses.bus_owner_companyId')
    .select(['company_bankak_account', 'company_account_name', 'company_wallets'])
    .where('trips.id', '=', tripId)
    .executeTakeFirst();
  return paymentInstructionsFor(company, publicView(await readSettings(db, config)).payment);
}
