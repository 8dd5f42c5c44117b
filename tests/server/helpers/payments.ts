// Payments as the public site and the desk make them: a booking with its proof and reference, a proof sent
// later, a bank statement imported; and the activity rows a test checks.
import { expect } from 'vitest';
import type { AuditLogTable } from '../../../server/db/schema.ts';
import { bookingFields, PASSENGER, postBooking, type TripDoc } from './bookings.ts';
import { makePng } from './images.ts';
import { multipart } from './multipart.ts';
import type { TestApp } from './test-app.ts';
import type { TestAppHandle } from './use-test-app.ts';

let colour = 0;
/** A real PNG no other booking of this test file sent (the same image twice is flagged as a duplicate). */
export function uniquePng() {
  colour++;
  return makePng(2, 2, [colour % 256, Math.floor(colour / 256) % 256, 131]);
}

let phoneCounter = 0;
/** A phone no other booking of this file used. */
export const newPhone = () =>
  `09${String(Date.now() % 1e6).padStart(6, '0')}${String(++phoneCounter % 100).padStart(2, '0')}`;

export type Doc = Record<string, any>;

/** A counter sale paid in cash of `seats` on `trip` to a new phone (201 expected); answers the booking. */
export async function counterSale(t: TestAppHandle, trip: Doc, seats: number[]): Promise<Doc> {
  const response = await t.staff.post('/api/bookings/counterSale', {
    tripId: trip._id,
    seats,
    passengerInfo: {
      firstName: 'Halima',
      lastName: 'Osman',
      phone: `09${Math.floor(1e7 + Math.random() * 9e7)}`,
    },
    paymentMethod: 'cash',
    language: 'en',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().booking as Doc;
}

/** Books `seats` with a proof and `reference` (201 expected); answers the booking. */
export async function bookWithProof(t: TestApp, trip: TripDoc, seats: number[], reference: string) {
  const fields = bookingFields(trip, seats, {
    passengerInfo: JSON.stringify({ ...PASSENGER, phone: newPhone() }),
    paymentReference: reference,
    paymentMethod: 'bankak',
  });
  const response = await postBooking(t, fields, {
    filename: 'proof.png',
    contentType: 'image/png',
    data: uniquePng(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().booking as Doc;
}

/** The traveller's later proof (submitProof), from `ip`. */
export function sendProof(
  t: TestApp,
  booking: { ticketId: string; phone: string },
  image: Buffer,
  options: { reference?: string; ip?: string } = {},
) {
  const { payload, headers } = multipart(
    {
      ticketId: booking.ticketId,
      phone: booking.phone,
      paymentReference: options.reference ?? 'TRX-77',
      paymentMethod: 'bankak',
    },
    { filename: 'shot.png', contentType: 'image/png', data: image },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/submitProof',
    payload,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** importStatement with a CSV (text, or the file's bytes) and the form's other fields. */
export function importStatement(
  t: TestApp,
  token: string,
  csv: string | Buffer,
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipart(fields, {
    field: 'statement',
    filename: 'statement.csv',
    contentType: 'text/csv',
    data: typeof csv === 'string' ? Buffer.from(csv, 'utf8') : csv,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/importStatement',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

/** The activity rows of `action` (newest last), their diffs parsed. */
export async function activity(t: TestApp, action: string) {
  const rows = (await t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('at')
    .orderBy('id')
    .execute()) as AuditLogTable[];
  return rows.map((row) => ({
    ...row,
    size: row.diff?.length ?? 0,
    diff: row.diff && JSON.parse(row.diff),
  }));
}
