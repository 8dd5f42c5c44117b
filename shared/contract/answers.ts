// Answers the registry does not describe: searches, lists built for one screen, sessions, settings.
import { z } from 'zod';
import { users } from '../registry/index.ts';
import { documentSchema, travellerBookingRecord, tripDocument } from './documents.ts';
import { documentId, phone } from './fields.ts';

export const userDocument = documentSchema(users);

export const tripSearchAnswer = z
  .array(tripDocument)
  .describe(
    'Trips on that date between the two cities, not cancelled and not yet departed, by boarding time.',
  );

/** One line per seat of every booking of a trip, live ones first, by seat. */
export const passengerRow = z.object({
  seat: z.number().int().positive(),
  name: z.string(),
  phone,
  ticketId: z.string(),
  isCancelled: z.boolean(),
  bookingId: documentId,
});
export const passengerList = z.array(passengerRow);

const count = z.number().int().min(0);
export const dashboardSummary = z.object({
  counts: z.object({ bookings: count, trips: count, buses: count, employees: count }),
  /** The five latest reports. */
  recentReports: z.array(
    z.object({ _id: documentId, report_title: z.string(), created_at: z.iso.datetime() }),
  ),
  /** Seats sold and offered on each of the next 14 days (Khartoum dates), cancelled trips left out. */
  seatsByDay: z.array(z.object({ date: z.iso.date(), seatsSold: count, seatsTotal: count })),
  /** Payment proofs waiting for staff. */
  proofsWaiting: count,
});

/** login and refresh: a 15-minute access token (the refresh token travels as an httpOnly cookie). */
export const sessionAnswer = z.object({ access_token: z.string().min(1), user: userDocument });
export const messageAnswer = z.object({ message: z.string().min(1) });

/** The operator's contact details for the public pages (empty strings when not configured). */
export const publicSettings = z.object({
  operator: z.object({ phone: z.string(), email: z.string(), address: z.string() }),
  /** Where travellers pay (from the operator's configuration) and how long an unpaid hold lasts. */
  payment: z.object({
    bankakAccount: z.string(),
    accountName: z.string(),
    wallets: z.array(z.object({ name: z.string(), number: z.string() })),
    proofMinutes: z.number().positive(),
  }),
});
export const healthAnswer = z.object({ status: z.literal('ok') });

export const bookingCreated = z.object({
  booking: travellerBookingRecord,
  pdfBlob: z
    .string()
    .nullable()
    .describe('The ticket, a base64 PDF; null when it could not be made (the booking stands).'),
});

/** A booking found by ticket id and phone: its trip as an _id, and what the traveller needs of it beside. */
export const bookingMatch = travellerBookingRecord.extend({
  tripId: documentId.nullable(),
  trip: z
    .object({
      _id: documentId,
      trip_date: z.iso.date(),
      trip_boarding_time: z.string(),
      origin_city: z.string(),
      destination_city: z.string(),
      company_name: z.string(),
      bus_number: z.string(),
      isCancelled: z.boolean(),
    })
    .nullable(),
});

export type UserDocument = z.infer<typeof userDocument>;
export type PassengerRow = z.infer<typeof passengerRow>;
export type DashboardSummary = z.infer<typeof dashboardSummary>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type PublicSettings = z.infer<typeof publicSettings>;
export type BookingCreated = z.infer<typeof bookingCreated>;
export type BookingMatch = z.infer<typeof bookingMatch>;
