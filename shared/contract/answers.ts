// Answers the registry does not describe: searches, lists built for one screen, sessions, settings, a payment's
// review and a bank statement's import.
import { z } from 'zod';
import { DISRUPTION_ACTIONS, DISRUPTION_STATES } from '../disruptions.ts';
import { PAYMENT_STATUSES } from '../payments.ts';
import { users } from '../registry/index.ts';
import {
  bookingDocument,
  documentSchema,
  publicTripDocument,
  refundRules,
  travellerBookingRecord,
} from './documents.ts';
import { documentId, IMAGE_TYPES, phone } from './fields.ts';
import { stopPlace, stretchAnswer, stretchOfBooking } from './segments.ts';

export const userDocument = documentSchema(users);

/** The stretch is answered for trips with stops (a trip without them answers as it always did: its ends). */
const optionalStretch = Object.fromEntries(
  Object.entries(stretchAnswer).map(([name, schema]) => [name, schema.optional()]),
) as { [K in keyof typeof stretchAnswer]: z.ZodOptional<(typeof stretchAnswer)[K]> };

export const tripSearchAnswer = z
  .array(publicTripDocument.extend(optionalStretch))
  .describe(
    'Trips that pass the origin before the destination, leaving the origin on that date (Khartoum time), not ' +
      'cancelled and not yet departed, with the fare of that stretch on sale, by departure; bookedSeats: seats ' +
      'taken on any leg of the stretch.',
  );

export const routesOnSaleAnswer = z
  .array(
    z.object({
      origin: z.string(),
      origin_ar: z.string().nullable(),
      destination: z.string(),
      destination_ar: z.string().nullable(),
    }),
  )
  .describe(
    'The routes with a trip on sale now (not cancelled, not departed, its bus in service), by origin and ' +
      'destination; empty when nothing is on sale.',
  );

/** One line per seat of every booking of a trip, live ones first, by seat: its payment and its boarding. */
export const passengerRow = z.object({
  seat: z.number().int().positive(),
  name: z.string(),
  phone: phone.nullable().describe('The booking’s phone; null for a conductor (the door needs none).'),
  ticketId: z.string(),
  isCancelled: z.boolean(),
  bookingId: documentId,
  paymentStatus: z.enum(PAYMENT_STATUSES).describe("The booking's payment (shared/payments.ts)."),
  verifiedVia: z
    .string()
    .nullable()
    .describe(
      'How a paid booking was verified: review, import (bank statement) or counter (sold at the desk).',
    ),
  boardedAt: z.iso
    .datetime()
    .nullable()
    .describe("The ticket's first boarding scan (the one that boarded it); null while not boarded."),
  noShow: z.boolean().describe('Not boarded by departure (marked after it).'),
  ...stretchOfBooking,
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
  /** Bookings of cancelled trips waiting for their traveller's choice (move or refund). */
  disruptedWaiting: count,
  /** The outbox: messages that failed for good in the last 24 h; SMS segments sent this Khartoum month. */
  messages: z.object({ failedLastDay: count, segmentsThisMonth: count }),
});

/** login and refresh: a 15-minute access token (the refresh token travels as an httpOnly cookie). */
export const sessionAnswer = z.object({ access_token: z.string().min(1), user: userDocument });
export const messageAnswer = z.object({ message: z.string().min(1) });

/** The operator's contact details for the public pages (empty strings when not configured). */
/** What a traveller gets back if they cancel now (GET /api/bookings/cancellationQuote). */
export const cancellationQuote = z.object({
  bookingId: z.string(),
  ticketId: z.string(),
  paid: z.number().min(0).describe('What was paid, in SDG: 0 for a booking not paid (nothing to refund).'),
  refund: z
    .number()
    .min(0)
    .describe('What goes back, in whole SDG, by the rules the booking was sold under.'),
  keptPercent: z.number().min(0).max(100),
  minutesBefore: z.number().int().min(0).describe('Whole minutes from now to departure; 0 once departed.'),
  departed: z.boolean().describe('The bus has left: the booking can no longer be cancelled.'),
  rules: refundRules,
  seats: z
    .array(z.number().int().positive())
    .min(1)
    .describe('The seats quoted: those asked for (`seats`), or every seat of the booking.'),
});

/** Some seats of a booking cancelled (PATCH /api/bookings/cancelSeats/{id}). */
export const seatsCancelled = z.object({
  seats: z.array(z.number().int().positive()).min(1).describe('The seats cancelled, free for sale now.'),
  refundDue: z
    .number()
    .min(0)
    .describe('What goes back for them, in whole SDG, by the tiers the booking was sold under (0 unpaid).'),
  refundBookingId: z
    .string()
    .nullable()
    .describe(
      "The refunds list's record of these seats (a cancelled part of the booking, `splitFrom` it); null when nothing was paid or every seat was cancelled.",
    ),
});
export const publicSettings = z.object({
  operator: z.object({ phone: z.string(), email: z.string(), address: z.string() }),
  /** The refund rules in force for bookings made now. */
  refunds: refundRules,
  /** Where travellers pay (from the operator's configuration) and how long an unpaid hold lasts. */
  payment: z.object({
    bankakAccount: z.string(),
    accountName: z.string(),
    wallets: z.array(z.object({ name: z.string(), number: z.string() })),
    proofMinutes: z.number().positive(),
  }),
  /** Every boarding time trips may have, the spec's two and an admin's, earliest first ("5:30 am"). */
  boardingTimes: z.array(z.string()),
});
/** The settings as admins read and change them (shared/settings.ts), one field per input of the form. */
export const staffSettings = z.object({
  _id: z.literal('operator'),
  operator_phone: z.string(),
  operator_email: z.string(),
  operator_address: z.string(),
  payment_bankak_account: z.string(),
  payment_account_name: z.string(),
  payment_wallets: z.array(z.object({ name: z.string(), number: z.string() })),
  /** Boarding times added to the spec's two, 24-hour clocks ("05:30"). */
  boarding_times: z.array(z.string()),
  /** The public site's address in ticket messages ("rihla.sd"), blank for none. */
  site_address: z.string(),
});
/** The refund rules as admins read and change them. */
export const staffRefundRules = refundRules.extend({ _id: z.literal('refunds') });
export const healthAnswer = z.object({ status: z.literal('ok') });

/** The signed code of a ticket's QR (shared/ticket-code.ts), which a phone keeps to show offline. */
const ticketCodeField = z
  .string()
  .nullable()
  .describe("The signed code in the ticket's QR, as the conductor scans it; null for a cancelled booking.");

export const bookingCreated = z.object({
  booking: travellerBookingRecord,
  ticketCode: ticketCodeField,
  pdfBlob: z
    .string()
    .nullable()
    .describe('The ticket, a base64 PDF; null when it could not be made (the booking stands).'),
});

/** What a traveller's answers say of a disruption of their booking's trip, and the choices still open. */
export const bookingDisruption = z
  .object({
    action: z.enum(DISRUPTION_ACTIONS),
    reason_en: z.string(),
    reason_ar: z.string(),
    at: z.string().describe('When the operator made it (ISO 8601).'),
    state: z.enum(DISRUPTION_STATES),
    new_date: z.string().nullable(),
    new_boarding_time: z.string().nullable(),
  })
  .nullable();

export const moveTarget = z.object({
  _id: documentId,
  trip_date: z.string(),
  trip_boarding_time: z.string(),
  seatsLeft: z.number().int().describe("Seats free on every leg of the traveller's stretch on that trip."),
  departsAt: z
    .string()
    .describe(
      "When that trip leaves the town the traveller boards at (ISO 8601): a trip with stops, or of another route passing the traveller's towns, leaves it after its own departure.",
    ),
});

export const disruptionChoices = z
  .object({
    /** Until when (a date) and to which trips of the route the booking may move, free of charge. */
    move: z.object({ until: z.string(), trips: z.array(moveTarget) }),
    refund: z.boolean().describe('A full refund may be asked for.'),
  })
  .nullable();

/** A booking found by ticket id and phone: its trip as an _id, and what the traveller needs of it beside. */
export const bookingMatch = travellerBookingRecord.extend({
  tripId: documentId.nullable(),
  trip: z
    .object({
      _id: documentId,
      trip_date: z.iso.date(),
      trip_boarding_time: z.string(),
      /** The route's cities (the trip search takes them: another day of the same route). */
      trip_originId: documentId,
      trip_destinationId: documentId,
      origin_city: z.string(),
      /** The Arabic names, where staff gave one (null otherwise). */
      origin_city_ar: z.string().nullable(),
      destination_city: z.string(),
      destination_city_ar: z.string().nullable(),
      /** The bus company: a change of day is to another of its trips (its seats, its money). */
      companyId: documentId.nullable(),
      company_name: z.string(),
      company_name_ar: z.string().nullable(),
      bus_number: z.string(),
      isCancelled: z.boolean(),
      /** Where the traveller boards and alights (the origin and destination on a trip without stops). */
      boarding: stopPlace.optional(),
      alighting: stopPlace.optional(),
    })
    .nullable(),
  messagesOptOut: z
    .boolean()
    .describe(
      'The traveller asked for no reminders or messages to the trip (tickets and payment news still go).',
    ),
  disruption: bookingDisruption.describe('The operator cancelled or delayed the trip: why, and when.'),
  pendingChange: z
    .object({
      ticketId: z.string().describe('The change’s own reference: its proof is sent with it (submitProof).'),
      toPay: z.number().min(0),
      fee: z.number().min(0),
      newTotal: z.number().min(0),
      seats: z.array(z.number().int()),
      paymentStatus: z.string(),
      paymentDeadline: z.string().nullable(),
      tripId: z.string(),
      trip_date: z.string().nullable(),
      trip_boarding_time: z.string().nullable(),
    })
    .nullable()
    .describe('A change to another trip waiting for the difference to be paid; null when none.'),
  choices: disruptionChoices.describe(
    'A cancelled trip: the trips the booking may move to (free), and the full refund; null when none is open.',
  ),
  ticketCode: ticketCodeField,
});

/** Another booking that shares this one's transaction reference or proof image. */
const otherBooking = z.object({ _id: documentId, ticketId: z.string() });

/** What should make staff look twice before verifying a payment (server/sales/payments.repository.ts). */
export const paymentFlags = z.object({
  /** Other live bookings with the same transaction reference (at most 20). */
  duplicateReference: z.array(otherBooking),
  /** Other bookings whose proof is the very same image (at most 20). */
  duplicateImage: z.array(otherBooking),
  /**
   * Such bookings of other companies, for a company's staff: counted, not named (platform staff see them in
   * the lists above).
   */
  duplicateReferenceElsewhere: count,
  duplicateImageElsewhere: count,
  /** Live bookings made with the same phone, this one included. */
  bookingsFromPhone: count,
});

/** A payment proof as stored, without its bytes (GET its url, signed in, for the image). */
export const paymentProof = z.object({
  name: z.string(),
  mime: z.enum(IMAGE_TYPES),
  size: z.number().int().positive(),
  created_at: z.iso.datetime(),
  url: z.string().startsWith('/api/uploads/'),
});

/** One payment under review: the booking as staff see it, what to look twice at, its proofs newest first. */
export const paymentReview = z.object({
  booking: bookingDocument,
  flags: paymentFlags,
  proofs: z.array(paymentProof),
});

/** A bank statement without a column mapping: its columns and first rows, to map them on screen. */
export const statementPreview = z.object({
  columns: z.array(z.string()),
  /** Up to five rows, cell text by column. */
  sample: z.array(z.record(z.string(), z.string())).max(5),
  rows: z.number().int().positive(),
});

/** Which columns of a statement hold the transaction reference, the amount and (optionally) the date. */
export const statementMapping = z.object({
  reference: z.string().min(1).max(200),
  amount: z.string().min(1).max(200),
  date: z.string().max(200).optional(),
});

/** One row of a statement, as read with the mapping; with the booking its reference names, once found. */
const statementRow = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int().min(2),
  /** As stored and compared (shared/payment-reference.ts): letters and digits only, Latin digits, upper case. */
  reference: z.string(),
  /** In SDG; negative for money going out (a debit), which never matches. */
  amount: z.number().nullable(),
  date: z.string().optional(),
  bookingId: documentId.optional(),
  ticketId: z.string().optional(),
  /** The booking's total, in SDG. */
  expected: z.number().positive().optional(),
});
const foundRow = statementRow.required({ bookingId: true, ticketId: true, expected: true });

/** A statement matched row by row: verified (or, in a dry run, would be), or left for a person to look at. */
export const statementImport = z.object({
  rows: z.number().int().positive(),
  matched: z.array(foundRow),
  /** The amount is not the booking's total. */
  mismatched: z.array(foundRow),
  /**
   * A reference several bookings used (paid, or a proof still undecided, live or cancelled), seen twice in the
   * statement, or a cancelled booking's proof.
   */
  ambiguous: z.array(statementRow),
  /** The booking is paid already, or this very line paid a booking before (one transfer pays one booking). */
  alreadyVerified: z.array(foundRow),
  /** No booking waits for a proof with this reference. */
  unmatched: z.array(statementRow),
  /** Money going out: never matches a booking. */
  debits: z.array(statementRow),
});

export type UserDocument = z.infer<typeof userDocument>;
export type PassengerRow = z.infer<typeof passengerRow>;
export type DashboardSummary = z.infer<typeof dashboardSummary>;
export type SessionAnswer = z.infer<typeof sessionAnswer>;
export type PublicSettings = z.infer<typeof publicSettings>;
export type StaffSettings = z.infer<typeof staffSettings>;
export type BookingCreated = z.infer<typeof bookingCreated>;
export type BookingMatch = z.infer<typeof bookingMatch>;
export type CancellationQuote = z.infer<typeof cancellationQuote>;
export type StaffRefundRules = z.infer<typeof staffRefundRules>;
export type PaymentFlags = z.infer<typeof paymentFlags>;
export type PaymentReview = z.infer<typeof paymentReview>;
export type StatementPreview = z.infer<typeof statementPreview>;
export type StatementImport = z.infer<typeof statementImport>;
export type StatementRow = z.infer<typeof statementRow>;
export type StatementMapping = z.infer<typeof statementMapping>;
