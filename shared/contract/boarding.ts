// Contracts of the boarding calls (server/resources/boarding/boarding.routes.ts): a conductor's offline
// package and synced scans, a booking's travellers, and a trip's checkpoint manifest.
import { z } from 'zod';
import { MAX_STOPS } from '../segments.ts';
import { ID_TYPES, VERDICTS } from '../boarding.ts';
import { PAYMENT_STATUSES } from '../payments.ts';
import { errorBody } from './errors.ts';
import { binary, documentId } from './fields.ts';
import { route } from './route.ts';
import { routePlaces, stretchOfBooking } from './segments.ts';

const nullableText = z.string().nullable();
const scanTime = z.object({ scannedAt: z.iso.datetime(), deviceId: z.string() });

/** A seat's traveller as staff see it (with the ID number). */
export const seatTraveller = z.object({
  seat: z.number().int().positive(),
  fullName: nullableText,
  idType: z.enum(ID_TYPES).nullable(),
  idNumber: nullableText,
});

/** What a conductor's phone keeps of a trip: no phones, and of an ID only its type and last digits. */
export const checkinPackage = z.object({
  trip: z.object({
    _id: documentId,
    trip_date: z.iso.date(),
    trip_boarding_time: z.string(),
    departure: z.iso.datetime(),
    isCancelled: z.boolean(),
    origin_city: z.string(),
    origin_city_ar: nullableText,
    destination_city: z.string(),
    destination_city_ar: nullableText,
    bus_number: z.string(),
    company_name: z.string(),
    company_name_ar: nullableText,
    /**
     * Every stop in order, origin and destination included: who boards and alights where. Always sent; optional
     * because a phone may still hold a package from before stops.
     */
    stops: routePlaces.optional(),
  }),
  /** Ed25519, raw 32 bytes as base64url: verifies the codes in tickets' QR codes (shared/ticket-code.ts). */
  publicKey: z.string(),
  generatedAt: z.iso.datetime(),
  tickets: z.array(
    z.object({
      ticketId: z.string(),
      bookingId: documentId,
      seats: z.array(z.number().int().positive()),
      paymentStatus: z.enum(PAYMENT_STATUSES),
      isCancelled: z.boolean(),
      /** The ticket's stops (absent from packages made before stops: the trip's ends). */
      boardingStop: stretchOfBooking.boardingStop.optional(),
      alightingStop: stretchOfBooking.alightingStop.optional(),
      travellers: z.array(
        z.object({
          seat: z.number().int().positive(),
          fullName: nullableText,
          idType: z.enum(ID_TYPES).nullable(),
          idLast: nullableText,
        }),
      ),
      /** Every scan that boarded it, earliest (the one that counts) first. */
      boardings: z.array(scanTime),
    }),
  ),
  /** The live tickets of the company's other trips of the day, by number: one typed here is another bus's. */
  otherTickets: z.array(z.object({ ticketId: z.string(), tripId: documentId })),
  /**
   * The day's live tickets of other companies, as fingerprints (shared/boarding.ts ticketFingerprint), not
   * numbers. Absent from packages of older servers, kept on phones.
   */
  otherCompanyTickets: z.array(z.string().regex(/^[0-9a-f]{8}$/)).optional(),
});

export const scansBody = z.object({
  scans: z
    .array(
      z.object({
        qr: z.string().optional().describe('The code read from the ticket’s QR.'),
        ticketId: z.string().optional().describe('Or the 13-digit ticket id typed by hand.'),
        tripId: documentId,
        scannedAt: z.iso.datetime(),
        deviceId: z.string(),
        stop: z
          .number()
          .int()
          .min(0)
          .max(MAX_STOPS + 1)
          .optional()
          .describe(
            'The stop the bus was at (a stop index), when the conductor said: a ticket of another stop is wrong_stop.',
          ),
      }),
    )
    .min(1)
    .max(500),
});

export const scanVerdicts = z.object({
  verdicts: z.array(
    z.object({
      ticketId: nullableText,
      verdict: z.enum(VERDICTS),
      seats: z.array(z.number().int().positive()).optional(),
      firstScan: scanTime.optional().describe('For already_boarded: the scan that boarded the ticket first.'),
    }),
  ),
});

const departedBody = errorBody.extend({ code: z.literal('TRIP_DEPARTED') });

export const boardingContract = {
  checkinTrip: route('GET', '/api/checkin/trip/:id', { 200: checkinPackage }, [400, 401, 404]),
  scans: route('POST', '/api/checkin/scans', { 200: scanVerdicts }, [401, 429], {
    403: errorBody
      .extend({ tripId: documentId.optional() })
      .describe(
        "NOT_YOUR_TRIP (a trip not assigned to the conductor), NOT_DOOR_TRIP (a trip leaving after tomorrow), or the role's refusal; `tripId` names the trip whose scans are not taken.",
      ),
    429: errorBody
      .extend({ code: z.literal('TOO_MANY_SCANS'), limit: z.number().int().positive() })
      .describe(
        'TOO_MANY_SCANS: this account sent more scans this hour than allowed (Retry-After says when).',
      ),
  }),
  getPassengers: route(
    'GET',
    '/api/bookings/getPassengers/:id',
    { 200: z.array(seatTraveller) },
    [400, 401, 404],
  ),
  updatePassengers: route(
    'PATCH',
    '/api/bookings/updatePassengers/:id',
    { 200: z.object({ passengers: z.array(seatTraveller) }) },
    [401, 404],
    { 409: departedBody.describe('TRIP_DEPARTED: the trip has left; its list no longer changes.') },
  ),
  manifest: route(
    'GET',
    '/api/trips/manifest/:id',
    {
      200: {
        description:
          'The passenger list for the checkpoints: format=csv, xlsx or pdf (A4, Arabic and English).',
        content: {
          'text/csv': { schema: binary },
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
          'application/pdf': { schema: binary },
        },
      },
    },
    [400, 401, 404],
  ),
};
