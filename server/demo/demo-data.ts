// DEMO_DATA=1 fills an empty database with a realistic network: the spec's nine cities, Khartoum to every
// other city and back, twice a day for the next 14 days, on four buses of two companies.
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Db, TripsTable } from '../db/schema.ts';
import { addDays, BOARDING_TIMES, BUS_STATUSES, khartoumToday } from '../../shared/rules.ts';
import { newId } from '../db/ids.ts';
import { newTicketId } from '../sales/index.ts';

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

/** The cities' and companies' Arabic names (staff add them to their own in the back-office). */
export const ARABIC_NAMES: Record<string, string> = {
  Khartoum: 'الخرطوم',
  'Port Sudan': 'بورتسودان',
  Kassala: 'كسلا',
  Halfa: 'وادي حلفا',
  Gedaref: 'القضارف',
  Madani: 'ود مدني',
  Dongola: 'دنقلا',
  Nyala: 'نيالا',
  Fashir: 'الفاشر',
  'Nile Express': 'النيل السريع',
  'Sahara Lines': 'خطوط الصحراء',
};

export async function seedDemoData(db: Db, log: FastifyBaseLogger) {
  if (await db.selectFrom('origins').select('id').limit(1).executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const cityNames = [HUB, ...CITIES.map(([name]) => name)];
    const origins = Object.fromEntries(cityNames.map((name) => [name, newId()]));
    const destinations = Object.fromEntries(cityNames.map((name) => [name, newId()]));
    await trx
      .insertInto('origins')
      .values(
        cityNames.map((name) => ({
          id: origins[name],
          origin_city: name,
          origin_city_ar: ARABIC_NAMES[name],
        })),
      )
      .execute();
    await trx
      .insertInto('destinations')
      .values(
        cityNames.map((name) => ({
          id: destinations[name],
          destination_city: name,
          destination_city_ar: ARABIC_NAMES[name],
        })),
      )
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
        company_name_ar: ARABIC_NAMES['Nile Express'],
        company_phone: '0912345678',
        company_email: 'info@nile-express.sd',
        company_tin: '300012345',
      },
      {
        id: newId(),
        company_name: 'Sahara Lines',
        company_name_ar: ARABIC_NAMES['Sahara Lines'],
        company_phone: '0923456789',
        company_email: 'contact@sahara-lines.sd',
        company_tin: '300067890',
      },
    ];
    await trx.insertInto('companies').values(companies).execute();
    // One bus per route and direction: a bus is on one trip at a time (it leaves at 9:00 am and 7:00 pm).
    const buses = Array.from({ length: CITIES.length * 2 }, (_, i) => [40, 45, 49, 44][i % 4]).map(
      (seats, i) => ({
        id: newId(),
        bus_number: `KH-${1201 + i}`,
        bus_owner_companyId: companies[i % 2].id,
        bus_number_of_seats: seats,
        bus_status: BUS_STATUSES[0],
        date_ofLast_oil_service: addDays(khartoumToday(), -10 * (i + 1)),
      }),
    );
    await trx.insertInto('buses').values(buses).execute();

    const trips: TripInsert[] = [];
    const today = khartoumToday();
    for (let day = 0; day < DAYS; day++) {
      CITIES.forEach(([city, fare], c) => {
        [
          [HUB, city],
          [city, HUB],
        ].forEach(([from, to], direction) => {
          BOARDING_TIMES.forEach((time) => {
            trips.push({
              id: newId(),
              busId: buses[c * 2 + direction].id,
              trip_originId: origins[from],
              trip_destinationId: destinations[to],
              trip_date: addDays(today, day),
              trip_boarding_time: time,
              trip_ticket_priceId: prices[fare],
              isCancelled: 0,
            });
          });
        });
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
    const bookings = await seedDemoBookings(trx, trips, prices);
    log.info(
      `Demo data: ${cityNames.length} cities, ${buses.length} buses, ${trips.length} trips, ${bookings} bookings`,
    );
  });
}

type TripInsert = Insertable<TripsTable>;

const PASSENGERS = [
  ['Amna', 'Osman'],
  ['Mohamed', 'Ahmed'],
  ['فاطمة', 'الطيب'],
  ['Khalid', 'Ibrahim'],
  ['هدى', 'عبدالله'],
  ['Yousif', 'Hassan'],
];

/** A few bookings on trips three days ahead and later, at the back of the bus (seats 38–40). */
async function seedDemoBookings(trx: Db, trips: TripInsert[], prices: Record<string, string>) {
  const fareOf = Object.fromEntries(Object.entries(prices).map(([fare, id]) => [id, Number(fare)]));
  const later = trips.filter((trip) => trip.trip_date >= addDays(khartoumToday(), 3));
  const now = new Date().toISOString();
  let made = 0;
  for (const [i, [firstName, lastName]] of PASSENGERS.entries()) {
    const trip = later[i * 7];
    if (!trip) break;
    const seats = i % 2 ? [40] : [38, 39];
    const id = newId();
    await trx
      .insertInto('bookings')
      .values({
        id,
        tripId: trip.id,
        ticketId: newTicketId(),
        seats: JSON.stringify(seats),
        first_name: firstName,
        last_name: lastName,
        phone: `09${String(12345670 + i)}`,
        email: null,
        totalTicketPrice: seats.length * fareOf[trip.trip_ticket_priceId],
        bookingDate: now,
        isCancelled: 0,
        bankakScreenshot: null,
        created_at: now,
        // The columns' defaults, said: a hold without a proof, not (yet) a no-show.
        paymentStatus: 'awaiting_proof',
        noShow: 0,
      })
      .execute();
    await trx
      .insertInto('booking_seats')
      .values(seats.map((seat) => ({ tripId: trip.id, seat, bookingId: id })))
      .execute();
    made++;
  }
  return made;
}
