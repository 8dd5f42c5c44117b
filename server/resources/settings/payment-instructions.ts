// Where the traveller of a trip pays (issue 24): the trip's company's account when it set one, otherwise the
// operator's of Settings (shared/payment-instructions.ts decides). Read apart from the cached trip answer and
// remembered apart, each until a write changes what it was read from: a change of Settings or of the
// company's account shows at once, and a trip asked again (every seat map) asks the database nothing.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { readCacheOf } from '../../cache/read-cache.ts';
import { type PaymentInstructions, paymentInstructionsFor } from '../../../shared/payment-instructions.ts';
import { publicView } from '../../../shared/settings.ts';
import { readSettings } from './settings.repository.ts';

/** A trip's company's accounts are read from its trip, its bus and the bus's company. */
const ACCOUNT_OF_TRIP = { tables: ['trips', 'buses', 'companies'] };

export async function tripPaymentInstructions(
  db: Db,
  config: Config,
  tripId: string,
): Promise<PaymentInstructions> {
  // null: the trip has no company (remembered too; undefined would not be).
  const load = async () =>
    (await db
      .selectFrom('trips')
      .innerJoin('buses', 'buses.id', 'trips.busId')
      .innerJoin('companies', 'companies.id', 'buses.bus_owner_companyId')
      .select(['company_bankak_account', 'company_account_name', 'company_wallets'])
      .where('trips.id', '=', tripId)
      .executeTakeFirst()) ?? null;
  const cache = readCacheOf(db);
  const company = cache ? await cache.remember(`payTo|${tripId}`, load, ACCOUNT_OF_TRIP) : await load();
  return paymentInstructionsFor(company, publicView(await readSettings(db, config)).payment);
}
