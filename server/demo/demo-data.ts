// DEMO_DATA=1 fills an empty database with a realistic network: the spec's nine cities, Khartoum to every
// other city and back, twice a day for the next 14 days, on four buses of two companies.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { BOARDING_TIMES, khartoumToday } from '../../shared/rules.ts';
import { newId } from '../db/ids.ts';

export const HUB = 'Khartoum';
/** City and the one-way fare from Khartoum in SDG (the ticket benchmark samples these too). */
export const CITIES: [string, number][] = [
  ['Port Sudan', 45000],
  ['Kassala', 30000],
  ['Halfa', 45000],
  ['Gedaref', 25000],
  ['Madani', 15000],
  ['Dongola', 30000],
  ['Nyala', 60000],
  ['Fashir', 60000],
];
const DAYS = 14;

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export async function seedDemoData(db: Kysely<any>, log: FastifyBaseLogger) {
  if (await db.selectFrom('origins').select('id').limit(1).executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const cityNames = [HUB, ...CITIES.map(([name]) => name)];
    const origins = Object.fromEntries(cityNames.map((name) => [name, newId()]));
    const destinations = Object.fromEntries(cityNames.map((name) => [name, newId()]));
    await trx
      .insertInto('origins')
      .values(cityNames.map((name) => ({ id: origins[name], origin_city: name })))
      .execute();
    await trx
      .insertInto('destinations')
      .values(cityNames.map((name) => ({ id: destinations[name], destination_city: name })))
      .execute();

    const fares = [...new Set(CITIES.map(([, fare]) => fare))];
    const prices = Object.fromEntries(fares.map((fare) => [fare, newId()]));
    await trx
      .insertInto('prices')
      .values(fares.map((fare) => ({ id: prices[fare], price: fare })))
      .execute();

    const companies = [
      {
        id: newId(),
        company_name: 'Nile Express',
        company_phone: '0912345678',
        company_email: 'info@nile-express.sd',
        company_tin: '300012345',
      },
      {
        id: newId(),
        company_name: 'Sahara Lines',
        company_phone: '0923456789',
        company_email: 'contact@sahara-lines.sd',
        company_tin: '300067890',
      },
    ];
    await trx.insertInto('companies').values(companies).execute();
    const buses = [40, 45, 49, 44].map((seats, i) => ({
      id: newId(),
      bus_number: `KH-${1201 + i}`,
      bus_owner_companyId: companies[i % 2].id,
      bus_number_of_seats: seats,
      bus_status: 'In Service',
      date_ofLast_oil_service: addDays(khartoumToday(), -10 * (i + 1)),
    }));
    await trx.insertInto('buses').values(buses).execute();

    const trips: Record<string, unknown>[] = [];
    const today = khartoumToday();
    for (let day = 0; day < DAYS; day++) {
      CITIES.forEach(([city, fare], c) => {
        for (const [from, to] of [
          [HUB, city],
          [city, HUB],
        ]) {
          BOARDING_TIMES.forEach((time, t) => {
            trips.push({
              id: newId(),
              busId: buses[(c + t + day) % buses.length].id,
              trip_originId: origins[from],
              trip_destinationId: destinations[to],
              trip_date: addDays(today, day),
              trip_boarding_time: time,
              trip_ticket_priceId: prices[fare],
              isCancelled: 0,
            });
          });
        }
      });
    }
    for (let i = 0; i < trips.length; i += 200)
      await trx
        .insertInto('trips')
        .values(trips.slice(i, i + 200))
        .execute();

    await trx
      .insertInto('positions')
      .values(
        ['Driver', 'Conductor', 'Ticket agent'].map((title) => ({
          id: newId(),
          employee_position_title: title,
        })),
      )
      .execute();
    log.info(`Demo data: ${cityNames.length} cities, ${buses.length} buses, ${trips.length} trips`);
  });
}
