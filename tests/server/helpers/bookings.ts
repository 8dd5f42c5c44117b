// Booking calls as the public site makes them (multipart createBooking), and direct looks at what was
// stored: rows in the database, files under DATA_DIR/uploads, and the text of a ticket PDF.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { client, type TestApp } from './test-app.ts';
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

export function postBooking(t: TestApp, fields: Record<string, string>, file?: FilePart) {
  const { payload, headers } = multipart(fields, file);
  return t.app.inject({ method: 'POST', url: '/api/bookings/createBooking', payload, headers });
}

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

export function uploadedFiles(t: TestApp): string[] {
  const dir = path.join(t.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
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
