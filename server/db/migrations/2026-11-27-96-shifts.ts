// Cash-up (issue 24): a cashier's shift opens with a float (the cash in the drawer) and closes with the cash
// counted, the cash expected and the variance, stored so a closed shift's figures never move. The cash that
// went in and out of the drawer while it was open is one row per event in shift_cash (a counter sale paid in
// cash, a cash refund handed over), appended in the transaction of the sale or refund: the amount is frozen
// as it was taken, whatever later happens to the booking (seats cancelled, a change of day). One open shift
// per staff member (a partial unique index). Frozen in time.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shifts')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('userId', 'varchar(32)', (c) => c.notNull().references('users.id'))
    /** The staff member's company when the shift opened (null: the platform's own desk). */
    .addColumn('companyId', 'varchar(32)', (c) => c.references('companies.id'))
    .addColumn('float', 'double precision', (c) => c.notNull())
    .addColumn('openedAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('closedAt', 'varchar(32)')
    .addColumn('closedBy', 'varchar(32)', (c) => c.references('users.id'))
    .addColumn('counted', 'double precision')
    .addColumn('expected', 'double precision')
    .addColumn('variance', 'double precision')
    .execute();
  await sql`create unique index shifts_one_open on shifts ("userId") where "closedAt" is null`.execute(db);
  await db.schema.createIndex('shifts_opened').on('shifts').columns(['openedAt']).execute();
  await db.schema
    .createTable('shift_cash')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('shiftId', 'varchar(32)', (c) => c.notNull().references('shifts.id'))
    /** The booking sold or refunded (no foreign key: a booking deleted later leaves the drawer's record). */
    .addColumn('bookingId', 'varchar(32)', (c) => c.notNull())
    /** sale (cash in) or refund (cash out). */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** Signed: positive into the drawer, negative out of it. */
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shift_cash_shift').on('shift_cash').columns(['shiftId']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shift_cash').execute();
  await db.schema.dropTable('shifts').execute();
}
