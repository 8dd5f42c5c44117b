// The bank statement lines that verified a booking: one transfer pays one booking, ever. A line is known by its
// own identity (its normalised reference, amount and date, and which occurrence of that triple it is in its
// file), hashed: importing the same statement again, or a later one that repeats its days, finds it used, even
// after the booking it paid was cancelled or deleted (no foreign key: the line stays used). Frozen in time.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statement_lines')
    /** SHA-256 (hex) of the line's identity. */
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('bookingId', 'varchar(32)', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('date', 'text')
    /** The line's number in the file it came in (the header is line 1). */
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('usedAt', 'text', (c) => c.notNull())
    .addColumn('usedBy', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('statement_lines_reference')
    .on('statement_lines')
    .column('reference')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statement_lines').execute();
}
