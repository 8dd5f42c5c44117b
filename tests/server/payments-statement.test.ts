// The bank statement import under attack (issue 18, items 4 and 9), through the real API on real databases:
// one transfer pays one booking, ever (a line is remembered, a reference once used stays used after a cancel,
// debits never match, disguised references are the same reference), and the file itself is bounded before it
// is parsed, read in the encodings banks and Excel write, and logged as a summary.
import { describe, expect, it } from 'vitest';
import { makeTrip } from './helpers/fixtures.ts';
import { activity, bookWithProof, type Doc, importStatement } from './helpers/payments.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const MAPPING = JSON.stringify({ reference: 'Reference', amount: 'Amount', date: 'Date' });
const csv = (...lines: string[]) => ['Date,Reference,Amount', ...lines].join('\n');

describe.each(dialects)('statement import: one transfer pays one booking (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const trip = async () => (await makeTrip(t, t.token)).trip;
  const imported = async (text: string, dryRun = false) => {
    const response = await importStatement(t, t.token, text, {
      mapping: MAPPING,
      ...(dryRun ? { dryRun: 'true' } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const status = async (booking: Doc) =>
    (await t.staff.get(`/api/bookings/getBooking/${booking._id}`)).json().paymentStatus;
  const ids = (rows: { bookingId?: string }[]) => rows.map((row) => row.bookingId);

  it('a line that paid a booking since cancelled pays no other booking with its reference', async () => {
    const own = await trip();
    const first = await bookWithProof(t, own, [1], 'RF-500');
    const price = first.totalTicketPrice[0];
    const statement = csv(`2026-11-20,RF500,${price}`);
    expect(ids((await imported(statement)).matched)).toEqual([first._id]);
    const cancelled = await t.staff.patch(`/api/bookings/cancelBooking/${first._id}`);
    // Days before departure: the first tier of the default refund rules keeps 10 %.
    expect(cancelled.json().refundDue).toBe(Math.round(price * 0.9));

    // A new booking with the same transfer's reference: the desk flags it...
    const second = await bookWithProof(t, own, [2], 'RF 500');
    const review = (await t.staff.get(`/api/payments/getPayment/${second._id}`)).json();
    expect(ids(review.flags.duplicateReference.map((b: Doc) => ({ bookingId: b._id })))).toEqual([first._id]);
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${second._id}`)).json().code).toBe(
      'DUPLICATE_PROOF',
    );
    // ...and the same statement imported again pays nothing: the line paid the first booking.
    const again = await imported(statement);
    expect(again.matched).toEqual([]);
    expect(ids(again.alreadyVerified)).toEqual([first._id]);
    expect(await status(second)).toBe('proof_submitted');
    // A later statement repeating that day, the line now in another place, is the same line.
    const later = await imported(csv(`2026-11-19,OTHER-1,${price}`, `2026-11-20,RF-500,${price}`));
    expect(later.matched).toEqual([]);
    expect(ids(later.alreadyVerified)).toEqual([first._id]);
    // Another transfer under that reference (another day) is for a person: the reference was used.
    const other = await imported(csv(`2026-11-21,RF500,${price}`));
    expect(other.matched).toEqual([]);
    expect(other.ambiguous).toHaveLength(1);
    expect(await status(second)).toBe('proof_submitted');
  });

  it('never matches a debit: money going out pays no booking', async () => {
    const waiting = await bookWithProof(t, await trip(), [1], 'DB-30');
    const price = waiting.totalTicketPrice[0];
    const result = await imported(
      csv(
        `2026-11-20,DB30,-${price}`,
        `2026-11-20,DB30,(${price})`,
        `2026-11-20,DB30,${price} DR`,
        `2026-11-20,DB30,${price}-`,
      ),
    );
    expect(result.debits.map((row: { amount: number }) => row.amount)).toEqual([
      -price,
      -price,
      -price,
      -price,
    ]);
    expect(result.matched).toEqual([]);
    expect(await status(waiting)).toBe('proof_submitted');
    // The credit of the same amount still pays it.
    expect(ids((await imported(csv(`2026-11-20,DB30,${price}.00`))).matched)).toEqual([waiting._id]);
  });

  it('a zero-width space or a Cyrillic letter in a reference does not hide that it was used', async () => {
    const own = await trip();
    const first = await bookWithProof(t, own, [1], 'BK7712');
    for (const [seat, disguise] of [
      [2, 'BK\u200b7712'],
      [3, '\u0412\u041a7712'], // Cyrillic В and К
      [4, 'ＢＫ７７１２'],
    ] as const) {
      const copy = await bookWithProof(t, own, [seat], disguise);
      expect(copy.paymentReference).toBe('BK7712');
      const flags = (await t.staff.get(`/api/payments/getPayment/${copy._id}`)).json().flags;
      expect(flags.duplicateReference.map((b: Doc) => b._id)).toContain(first._id);
    }
    // A statement line written the same ways matches nobody by itself: four bookings share the reference.
    const result = await imported(csv(`2026-11-20,bk\u200b-77\u200d12,${first.totalTicketPrice[0]}`));
    expect(result.matched).toEqual([]);
    expect(result.ambiguous).toHaveLength(1);
  });

  it('one line verifies one booking even when two imports race for it', async () => {
    const waiting = await bookWithProof(t, await trip(), [1], 'RACE-1');
    const statement = csv(`2026-11-20,RACE-1,${waiting.totalTicketPrice[0]}`);
    const results = await Promise.all([1, 2, 3].map(() => imported(statement)));
    expect(results.flatMap((result) => ids(result.matched))).toEqual([waiting._id]);
    expect(await status(waiting)).toBe('verified');
    const lines = await t.database.db.selectFrom('statement_lines').selectAll().execute();
    expect(lines.filter((line) => line.bookingId === waiting._id)).toHaveLength(1);
  });
});

describe.each(dialects)('statement import: the file (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const send = (body: string | Buffer, fields: Record<string, string> = {}) =>
    importStatement(t, t.token, body, fields);

  it('answers 400, never 500, to columns named like the methods of an object, and a short row', async () => {
    const file = 'toString,constructor,__proto__,hasOwnProperty\nA-1,100,x,y\nA-2\n';
    const preview = await send(file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().columns).toEqual(['toString', 'constructor', '__proto__', 'hasOwnProperty']);
    for (const mapping of [
      { reference: 'toString', amount: 'constructor' },
      { reference: 'hasOwnProperty', amount: '__proto__', date: 'valueOf' },
      { reference: 'constructor', amount: 'toString' },
    ]) {
      const response = await send(file, { mapping: JSON.stringify(mapping) });
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
    const unknown = await send('a,b\n1,2', {
      mapping: JSON.stringify({ reference: 'toString', amount: 'b' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The statement has no column "toString".');
  });

  it('refuses a file of 150,000 columns, or one endless line, before parsing it', async () => {
    const wide = `${Array.from({ length: 150_000 }, (_, i) => `c${i}`).join(',')}\n1,2\n`;
    const response = await send(wide);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'This statement has too many columns (at most 100) or too long a line.',
    );
    const endless = `Reference,Amount\n${'x'.repeat(100_000)},1\n`;
    expect((await send(endless)).json().message).toMatch(/too many columns/);
    const manyRows = `Reference,Amount\n${'R,1\n'.repeat(25_000)}`;
    expect((await send(manyRows)).json().message).toBe(
      'This statement has too many rows (at most 10,000 at a time).',
    );
  });

  it('reads a 3 MB statement, and tells a file over 5 MB apart from a payment screenshot', async () => {
    const row = (i: number) => `2026-11-20,REF-${i},45000,${'transfer note '.repeat(23)}`;
    const big = ['Date,Reference,Amount,Note', ...Array.from({ length: 9_000 }, (_, i) => row(i))].join('\n');
    expect(big.length).toBeGreaterThan(3_000_000);
    const preview = await send(big);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().rows).toBe(9_000);
    const huge = await send(Buffer.alloc(6 * 1024 * 1024, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The statement file is larger than 5 MB.');
  });

  it('reads UTF-16 (Excel\u2019s Unicode text, with or without a byte-order mark) and Windows-1256', async () => {
    const text = 'التاريخ\tرقم العملية\tالمبلغ\n2026-11-20\tU16-1\t45,000\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(Buffer.from(text, 'utf16le')).swap16();
    for (const file of [le, Buffer.concat([Buffer.from([0xfe, 0xff]), be]), Buffer.from(text, 'utf16le')]) {
      const preview = await send(file);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json().columns).toEqual(['التاريخ', 'رقم العملية', 'المبلغ']);
      expect(preview.json().sample[0]['رقم العملية']).toBe('U16-1');
    }
    // Arabic Windows saves a CSV in Windows-1256: "المبلغ" is C7 E1 E3 C8 E1 DB.
    const cp1256 = Buffer.concat([
      Buffer.from('Reference,'),
      Buffer.from([0xc7, 0xe1, 0xe3, 0xc8, 0xe1, 0xdb]),
      Buffer.from('\nW-1,100\n'),
    ]);
    expect((await send(cp1256)).json().columns).toEqual(['Reference', 'المبلغ']);
    expect((await send(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))).json().message).toBe(
      'This file is not a CSV statement we can read.',
    );
  });

  it('logs a summary, never the file: counts and the bookings verified, one row for each', async () => {
    const { trip } = await makeTrip(t, t.token);
    const a = await bookWithProof(t, trip, [1], 'LOG-1');
    const b = await bookWithProof(t, trip, [2], 'LOG-2');
    const price = a.totalTicketPrice[0];
    const filler = Array.from({ length: 2_000 }, (_, i) => `2026-11-20,NOPE-${i},${'9'.repeat(200)}`);
    const file = csv(`2026-11-20,LOG-1,${price}`, `2026-11-20,LOG-2,${price}`, ...filler);
    const before = (await activity(t, 'import_statement')).length;
    expect((await send(file)).statusCode).toBe(200);
    const result = await send(file, { mapping: MAPPING });
    expect(result.json().matched).toHaveLength(2);
    const rows = (await activity(t, 'import_statement')).slice(before);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.size).toBeLessThan(1_000);
    expect(rows[0].diff).toEqual({
      statement: [null, 'preview'],
      rows: [null, 2_002],
      columns: [null, 3],
    });
    expect(rows[1].diff).toEqual({
      statement: [null, 'import'],
      rows: [null, 2_002],
      matched: [null, 2],
      mismatched: [null, 0],
      ambiguous: [null, 0],
      alreadyVerified: [null, 0],
      unmatched: [null, 2_000],
      debits: [null, 0],
      verified: [null, [a._id, b._id]],
    });
    const verified = (await activity(t, 'verify_payment')).filter((row) =>
      [a._id, b._id].includes(row.recordId),
    );
    expect(verified.map((row) => row.recordId).sort()).toEqual([a._id, b._id].sort());
    expect(verified[0].diff.paymentStatus).toEqual(['proof_submitted', 'verified']);
    expect(verified[0].resource).toBe('bookings');
  });
});
