// Rows written straight through Kysely, for benchmarks that fill a database without the HTTP API.
import type { Kysely } from 'kysely';

/** One company (id `c0`) and one bus of it (id `b0`) in service with `seats` seats. */
export async function insertCompanyAndBus(db: Kysely<any>, seats: number): Promise<void> {
  await db
    .insertInto('companies')
    .values({
      id: 'c0',
      company_name: 'C',
      company_phone: '0912345678',
      company_email: 'c@x.sd',
      company_tin: 'T',
    })
    .execute();
  await db
    .insertInto('buses')
    .values({
      id: 'b0',
      bus_number: 'B-1',
      bus_owner_companyId: 'c0',
      bus_number_of_seats: seats,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    })
    .execute();
}
