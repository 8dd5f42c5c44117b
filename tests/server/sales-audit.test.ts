// The activity rows of what moves money or seats are written by the services inside the transaction of the
// change (issue 19): a change the database undoes leaves no row, a row the database refuses undoes the change,
// and a bank statement import that verifies N bookings writes N rows, one naming each booking. The undoing is
// real: a trigger makes one write of the transaction fail (the traveller's text message queued with the
// change, or the activity row itself).
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bookingContext, importStatement } from '../../server/sales/index.ts';
import { PASSENGER } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { activity, bookWithProof, type Doc } from './helpers/payments.ts';
import { dialects, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Runs `act` while the database refuses every new row of `table`; the trigger is gone afterwards. */
async function withInsertsRefused<T>(
  t: TestApp,
  table: 'messages' | 'audit_log',
  act: () => Promise<T>,
): Promise<T> {
  const { db } = t.database;
  const postgres = t.database.dialect === 'postgres';
  const name = sql.raw(`refuse_${table}`);
  const on = sql.raw(table);
  if (postgres) {
    await sql`create function ${name}() returns trigger language plpgsql as $$
      begin raise exception '${sql.raw(table)} refused'; end $$`.execute(db);
    await sql`create trigger ${name} before insert on ${on} for each row execute function ${name}()`.execute(
      db,
    );
  } else
    await sql`create trigger ${name} before insert on ${on}
      begin select raise(abort, '${sql.raw(table)} refused'); end`.execute(db);
  try {
    return await act();
  } finally {
    await sql`drop trigger ${name}${sql.raw(postgres ? ` on ${table}` : '')}`.execute(db);
    if (postgres) await sql`drop function ${name}()`.execute(db);
  }
}

describe.each(dialects)('activity rows written with the change (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const booking = async (id: string) => (await t.staff.get(`/api/bookings/getBooking/${id}`)).json() as Doc;
  const rowsOf = async (action: string, recordId?: string) =>
    (await activity(t, action)).filter((row) => recordId === undefined || row.recordId === recordId);

  it('a verification, rejection, refund, counter sale, trip cancel or delete undone leaves no row', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 20 });
    const verifying = await bookWithProof(t, trip, [1], 'RB-1');
    const rejecting = await bookWithProof(t, trip, [2], 'RB-2');
    const refunding = await bookWithProof(t, trip, [3], 'RB-3');
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${refunding._id}`)).statusCode).toBe(200);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${refunding._id}`)).statusCode).toBe(200);
    const other = (await makeTrip(t, t.token)).trip;
    await bookWithProof(t, other, [1], 'RB-4');
    const sales = (await rowsOf('counter_sale')).length;

    const calls = async () => [
      await t.staff.patch(`/api/bookings/verifyPayment/${verifying._id}`),
      await t.staff.patch(`/api/bookings/rejectPayment/${rejecting._id}`, { reason: 'proof_unreadable' }),
      await t.staff.patch(`/api/payments/markRefundPaid/${refunding._id}`, { refundReference: 'RF-1' }),
      await t.staff.post('/api/bookings/counterSale', {
        tripId: trip._id,
        seats: [9],
        passengerInfo: PASSENGER,
        paymentMethod: 'cash',
      }),
      await t.staff.patch(`/api/trips/cancelTrip/${other._id}`),
    ];
    const nothingKept = async () => {
      expect(await rowsOf('verify_payment', verifying._id)).toEqual([]);
      expect((await booking(verifying._id)).paymentStatus).toBe('proof_submitted');
      expect(await rowsOf('reject_payment', rejecting._id)).toEqual([]);
      expect((await booking(rejecting._id)).paymentStatus).toBe('proof_submitted');
      expect(await rowsOf('refund_paid', refunding._id)).toEqual([]);
      expect((await booking(refunding._id)).refundPaidAt).toBeNull();
      expect(await rowsOf('counter_sale')).toHaveLength(sales);
      const seat9 = await t.database.db
        .selectFrom('booking_seats')
        .select('seat')
        .where('tripId', '=', trip._id)
        .where('seat', '=', 9)
        .execute();
      expect(seat9).toEqual([]);
      expect(await rowsOf('cancel_trip', other._id)).toEqual([]);
      expect((await t.staff.get(`/api/trips/getTrip/${other._id}`)).json().isCancelled).toBe(false);
    };
    // Each fails inside its transaction, at the message or at the row: the server's error, nothing kept.
    for (const table of ['messages', 'audit_log'] as const) {
      const answers = await withInsertsRefused(t, table, calls);
      for (const answer of answers) expect(answer.statusCode, `${table}: ${answer.body}`).toBe(500);
      await nothingKept();
    }

    // A booking deleted for good: its row refused, the booking and its seat stay.
    const kept = await bookWithProof(t, trip, [5], 'RB-5');
    const deleted = await withInsertsRefused(t, 'audit_log', () =>
      t.staff.delete(`/api/bookings/deleteBooking/${kept._id}`),
    );
    expect(deleted.statusCode).toBe(500);
    expect((await booking(kept._id))._id).toBe(kept._id);
    expect((await t.staff.delete(`/api/bookings/deleteBooking/${kept._id}`)).statusCode).toBe(200);
    expect(await rowsOf('delete', kept._id)).toHaveLength(1);

    // The same calls, the database willing: each change and its row, together.
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${verifying._id}`)).statusCode).toBe(200);
    expect(await rowsOf('verify_payment', verifying._id)).toHaveLength(1);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${other._id}`)).statusCode).toBe(200);
    expect(await rowsOf('cancel_trip', other._id)).toHaveLength(1);
  });

  it('a statement import verifying N bookings writes N rows, one naming each; undone, none', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 20 });
    const paid = [];
    for (const seat of [1, 2, 3]) paid.push(await bookWithProof(t, trip, [seat], `ST-${seat}`));
    const csv = [
      'Reference,Amount',
      ...paid.map((b, i) => `ST-${i + 1},${b.totalTicketPrice[0]}`),
      'NOBODY-1,5',
    ].join('\n');
    const staff = { userId: 'staff-1', userLabel: 'desk@rihla.test', ip: '10.1.2.3' };
    const run = () =>
      importStatement(bookingContext(t.app), csv, {
        mapping: { reference: 'Reference', amount: 'Amount' },
        staff,
        account: { operator: true },
      });
    const ids = paid.map((b) => b._id as string).sort();
    const logged = async () =>
      (await rowsOf('verify_payment')).filter((row) => ids.includes(row.recordId as string));

    await expect(withInsertsRefused(t, 'messages', run)).rejects.toThrow(/messages refused/);
    expect(await logged()).toEqual([]);
    for (const b of paid) expect((await booking(b._id)).paymentStatus).toBe('proof_submitted');

    const outcome = await run();
    expect('imported' in outcome && outcome.verified.sort()).toEqual(ids);
    const rows = await logged();
    expect(rows.map((row) => row.recordId).sort()).toEqual(ids);
    for (const row of rows) {
      expect(row).toMatchObject({ ...staff, resource: 'bookings' });
      expect(row.diff.paymentStatus).toEqual(['proof_submitted', 'verified']);
    }
  });
});
