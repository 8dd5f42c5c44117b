// Booking calls as the public site makes them (multipart createBooking), and direct looks at what was
// stored: rows in the database (bookings, seats, payment proofs), what files DATA_DIR holds (never a proof),
// and the text of a ticket PDF.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { client, type TestApp } from './test-app.ts';
import type { TestAppHandle } from './use-test-app.ts';
import { type FilePart, multipart } from './multipart.ts';

export const PASSENGER = {
  firstName: 'Fatima',
  lastName: 'Hassan',
  phone: '0912345678',
  email: 'fatima@example.com',
};

export interface TripDoc {
  _id: string;
  trip_ticket_priceId: { price: number };
  busId: { bus_number_of_seats: number };
}

/** The form fields of a correct booking of `seats` on `trip`; `overrides` replace any of them. */
export function bookingFields(trip: TripDoc, seats: number[], overrides: Record<string, string> = {}) {
  return {
    tripId: trip._id,
    seats: JSON.stringify(seats),
    passengerInfo: JSON.stringify(PASSENGER),
    totalTicketPrice: String(seats.length * trip.trip_ticket_priceId.price),
    bookingDate: new Date().toISOString(),
    ...overrides,
  };
}

/** createBooking with these form fields (and proof), from `remoteAddress` when given. */
export function postBooking(
  t: TestApp,
  fields: Record<string, string>,
  file?: FilePart,
  remoteAddress?: string,
) {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/bookings/createBooking',
    payload,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** Unpaid seats for `phone`, asked from `address`. */
export const bookFrom = (t: TestApp, trip: TripDoc, seats: number[], phone: string, address: string) =>
  postBooking(
    t,
    bookingFields(trip, seats, { passengerInfo: JSON.stringify({ ...PASSENGER, phone }) }),
    undefined,
    address,
  );

/** Books seats and expects 201; answers the stored booking. */
export async function book(
  t: TestApp,
  trip: TripDoc,
  seats: number[],
  overrides: Record<string, string> = {},
) {
  const response = await postBooking(t, bookingFields(trip, seats, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().booking as Booking;
}

export interface Booking {
  _id: string;
  tripId: string;
  ticketId: string;
  seats: number[];
  passengerInfo: { firstName: string; lastName: string; phone: string; email?: string };
  totalTicketPrice: number[];
  bookingDate: string;
  isCancelled: boolean;
  bankakScreenshot: string | null;
  paymentStatus: string;
  paymentDeadline: string | null;
}

export async function bookedSeats(t: TestApp, tripId: string): Promise<number[]> {
  const response = await client(t).get(`/api/trips/getTrip/${tripId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().bookedSeats;
}

/** What the database holds: booking rows and sold seat rows, for all trips or one. */
export async function storedCounts(t: TestApp, tripId?: string) {
  const db = t.database.db;
  let bookings = db.selectFrom('bookings').select((eb) => eb.fn.countAll().as('n'));
  let seats = db.selectFrom('booking_seats').select((eb) => eb.fn.countAll().as('n'));
  if (tripId) {
    bookings = bookings.where('tripId', '=', tripId);
    seats = seats.where('tripId', '=', tripId);
  }
  const [b, s] = await Promise.all([bookings.executeTakeFirstOrThrow(), seats.executeTakeFirstOrThrow()]);
  return { bookings: Number(b.n), seats: Number(s.n) };
}

/** A payment proof's generated name: a random UUID and the extension of the type its bytes are. */
export const PROOF_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|heic)$/;

/** The names of every payment proof the database holds, sorted. */
export async function proofNames(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.selectFrom('payment_proofs').select('name').orderBy('name').execute();
  return rows.map((row) => row.name as string);
}

/** One stored payment proof by name, its bytes a Buffer and its size a number on either database. */
export async function storedProof(t: TestApp, name: string) {
  const row = await t.database.db
    .selectFrom('payment_proofs')
    .selectAll()
    .where('name', '=', name)
    .executeTakeFirst();
  return row && { ...row, size: Number(row.size), bytes: Buffer.from(row.bytes) };
}

/**
 * Checks that a booking's proof URL names one payment_proofs row of that booking under a generated name, of
 * type `mime`, holding exactly `data` (size and hash too), and that staff get exactly those bytes there.
 * Answers the name.
 */
export async function expectProofStored(
  t: TestAppHandle,
  booking: { _id: string; bankakScreenshot: string | null },
  data: Buffer,
  mime: string,
  label = '',
): Promise<string> {
  const url = booking.bankakScreenshot ?? '';
  expect(url, label).toMatch(/^\/api\/uploads\//);
  const name = url.slice('/api/uploads/'.length);
  expect(name, label).toMatch(PROOF_NAME);
  const row = await storedProof(t, name);
  expect(row, label).toMatchObject({
    name,
    bookingId: booking._id,
    mime,
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
  });
  expect(row!.bytes.equals(data), label).toBe(true);
  const served = await t.staff.get(url);
  expect(served.statusCode, label).toBe(200);
  expect(served.headers['content-type'], label).toBe(mime);
  expect(served.rawPayload.equals(data), label).toBe(true);
  return name;
}

/** The files the app itself keeps in DATA_DIR: SQLite's database and the JWT key it generates. */
const APP_FILES = /^(rihla\.db(-wal|-shm|-journal)?|jwt-secret)$/;

/** Every file and folder under DATA_DIR (relative paths, folders with a trailing /) except the app's own. */
export function dataDirEntries(dataDir: string, dir = dataDir): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      const relative = path.relative(dataDir, full);
      if (entry.isDirectory()) return [`${relative}/`, ...dataDirEntries(dataDir, full)];
      return dir === dataDir && APP_FILES.test(entry.name) ? [] : [relative];
    })
    .sort();
}

/** Proofs live in the database only: DATA_DIR holds no uploads folder, nor any file but the app's own. */
export function expectNoProofFiles(dataDir: string, label = '') {
  expect(fs.existsSync(path.join(dataDir, 'uploads')), label).toBe(false);
  expect(dataDirEntries(dataDir), label).toEqual([]);
}

/** The text pdftotext reads from a PDF (poppler-utils). */
export function pdfText(pdf: Buffer): string {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-pdf-')), 'ticket.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

/** Yesterday, today and other days on Khartoum's calendar (trips are dated there, UTC+2). */
export function khartoumDate(offsetDays = 0, now = Date.now()): string {
  return new Date(now + 2 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
