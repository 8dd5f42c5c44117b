// A change of day is not a sale. Changing a paid booking to another trip writes the new fare on the booking, in
// the same UPDATE as its new trip; the ledger's trigger (2026-11-27-95) counted that as a sale of the fares'
// difference, beside what really moved: the difference and fee the traveller paid (on the change's own row,
// verified), or the refund owed back (refundDue). Each change of a paid booking put the difference into sales
// twice, up or down. From now on, an update that moves a paid booking to another trip sells nothing; what is
// paid or owed back still is. The rows written before are answered by appending their opposite (the ledger is
// never changed): each change_booking in the activity log of a paid booking, its fares' difference taken back
// with its commission. Frozen in time.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rate = (row: string) =>
    `coalesce(${row}."commissionRate", (select coalesce(c.company_commission, 0)
      from trips t join buses b on b.id = t."busId" join companies c on c.id = b."bus_owner_companyId"
      where t.id = ${row}."tripId"), 0)`;
  const paid = (row: string) =>
    `(case when ${row}."paymentStatus" = 'verified' then ${row}."totalTicketPrice" else 0 end)`;
  const owed = (row: string) => `coalesce(${row}."refundDue", 0)`;
  const repaid = (row: string) =>
    `(case when ${row}."refundPaidAt" is not null then coalesce(${row}."refundDue", 0) else 0 end)`;
  const now = postgres
    ? `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
  // What a paid booking is worth moves with it to its new trip: no sale.
  const sale = `(case when OLD."tripId" is distinct from NEW."tripId" and OLD."paymentStatus" = 'verified'
    and NEW."paymentStatus" = 'verified' then 0 else ${paid('NEW')} - ${paid('OLD')} end)`;
  const refund = `${owed('NEW')} - ${owed('OLD')}`;
  const events = `insert into money_events ("bookingId", "originId", "tripId", "companyId", kind, amount, method, "staffId", at)
      select NEW.id, coalesce(NEW."splitFrom", NEW."changeOf", NEW.id), NEW."tripId",
        (select b."bus_owner_companyId" from trips t join buses b on b.id = t."busId" where t.id = NEW."tripId"),
        e.kind, e.amount, e.method, e.staff, ${now}
      from (
        select 'sale' as kind, ${sale} as amount, NEW."paymentMethod" as method,
          coalesce(NEW."verifiedBy", NEW."soldBy") as staff
        union all select 'refund_owed', ${refund}, NEW."paymentMethod", null
        union all select 'refund_paid', ${repaid('NEW')} - ${repaid('OLD')}, NEW."paymentMethod", NEW."refundPaidBy"
        union all select 'commission', ((${sale}) - (${refund})) * ${rate('NEW')} / 100.0, NEW."paymentMethod", null
      ) e
      where e.amount <> 0;`;
  const columns = `"paymentStatus", "totalTicketPrice", "refundDue", "refundPaidAt"`;
  if (postgres)
    await sql`create or replace function money_events_of_update() returns trigger language plpgsql as $$
      begin ${sql.raw(events)} return null; end $$`.execute(db);
  else {
    await sql`drop trigger bookings_money_update`.execute(db);
    await sql`create trigger bookings_money_update after update of ${sql.raw(columns)} on bookings
      begin ${sql.raw(events)} end`.execute(db);
  }
  await takeBackChanges(db);
}

/** The opposite of each fares' difference the old trigger sold on a paid booking's change of day. */
async function takeBackChanges(db: Kysely<any>) {
  const changes: { recordId: string; diff: string | null }[] = await db
    .selectFrom('audit_log')
    .select(['recordId', 'diff'])
    .where('action', '=', 'change_booking')
    .where('resource', '=', 'bookings')
    .orderBy('at')
    .orderBy('id')
    .execute();
  const used = new Set<number>();
  for (const change of changes) {
    const diff = JSON.parse(change.diff ?? '{}') as Record<string, [unknown, unknown] | undefined>;
    const [before, after] = (diff.totalTicketPrice ?? []) as [number?, number?];
    const difference = Number(after ?? 0) - Number(before ?? 0);
    // A change of an unpaid booking sold nothing (its trigger's terms were 0 before and after).
    const paid = diff.toPay || diff.refundDue || diff.changeFee || diff.changeTicketId;
    if (!difference || !paid || !change.recordId) continue;
    // The row the old trigger wrote: a sale of exactly the difference on this booking, not yet answered.
    const sold: { id: number; tripId: string; companyId: string | null; method: string | null }[] = await db
      .selectFrom('money_events')
      .select(['id', 'tripId', 'companyId', 'method'])
      .where('bookingId', '=', change.recordId)
      .where('kind', '=', 'sale')
      .where('amount', '=', difference)
      .orderBy('id')
      .execute();
    const row = sold.find((event) => !used.has(Number(event.id)));
    if (!row) continue;
    used.add(Number(row.id));
    const booking = await db
      .selectFrom('bookings')
      .select(['commissionRate', 'splitFrom', 'changeOf'])
      .where('id', '=', change.recordId)
      .executeTakeFirst();
    const at = new Date().toISOString();
    const base = {
      bookingId: change.recordId,
      originId: booking?.splitFrom ?? booking?.changeOf ?? change.recordId,
      tripId: row.tripId,
      companyId: row.companyId,
      method: row.method,
      staffId: null,
      at,
    };
    const commission = (-difference * Number(booking?.commissionRate ?? 0)) / 100;
    await db
      .insertInto('money_events')
      .values([
        { ...base, kind: 'sale', amount: -difference },
        ...(commission ? [{ ...base, kind: 'commission', amount: commission }] : []),
      ])
      .execute();
  }
}

/** The ledger is never changed back: the trigger before this one would sell the fares' difference again. */
export async function down(): Promise<void> {}
