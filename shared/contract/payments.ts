// Contracts of the payment calls (server/resources/payments/payments.routes.ts): the traveller's later proof,
// staff deciding on it, the counter sale, the queue of proofs, one payment's review, refunds owed and the bank
// statement import. The handlers read and check their bodies themselves (for the specification's words): the
// forms and bodies here document them.
import { segmentFields } from './segments.ts';
import { z } from 'zod';
import { MESSAGE_LANGUAGES } from '../messages.ts';
import { PAYMENT_METHODS, REFUND_METHODS, REJECTION_REASONS } from '../payments.ts';
import { MAX_SEATS_PER_BOOKING } from '../rules.ts';
import { bookingCreated, paymentReview, statementImport, statementPreview } from './answers.ts';
import { bookingDocument, travellerBookingDocument } from './documents.ts';
import {
  counterSaleConflictBody,
  cancelledProofConflictBody,
  decisionConflictBody,
  errorBody,
  payInCashConflictBody,
  proofConflictBody,
  refundConflictBody,
  verifyConflictBody,
} from './errors.ts';
import { binary, deviceId, passengerInfo } from './fields.ts';
import { counted, route } from './route.ts';

const paymentReference = z
  .string()
  .min(3)
  .max(64)
  .describe(
    'The transaction number of the payment; stored as its letters and digits only, in upper case, look-alike letters of other scripts as Latin ones (shared/payment-reference.ts).',
  );
const note = z.string().max(500);

/** submitProof's multipart form: the traveller proves the booking and attaches the proof. */
export const submitProofForm = z.object({
  ticketId: z.string().describe('The ticket ID of the booking (13 digits).'),
  phone: z.string().describe('The phone number it was booked with (10 digits).'),
  paymentReference,
  paymentMethod: z.enum(PAYMENT_METHODS),
  deviceId,
  bankakScreenshot: binary.describe('The payment proof: a JPEG, PNG, WebP or HEIC image, at most 5 MB.'),
});

export const verifyPaymentBody = z
  .object({
    override: z
      .boolean()
      .describe("Verify although the reference or image is also another booking's (answered 409 without)."),
    note: note.describe('Why, with an override: at least 3 characters.'),
    seen: z
      .object({ paymentReference: z.string().nullable(), bankakScreenshot: z.string().nullable() })
      .strict()
      .describe(
        'The proof looked at (the booking’s paymentReference and bankakScreenshot as shown): when the booking carries another now, the traveller sent a new one, answered 409 PROOF_CHANGED.',
      ),
  })
  .partial()
  .describe('Optional.');

export const rejectPaymentBody = z.object({
  reason: z.enum(REJECTION_REASONS),
  note: note.optional().describe('For staff only; the traveller sees the reason.'),
});

/** A sale at the counter, paid there: JSON, with seats and passenger as they are. */
export const counterSaleBody = z.object({
  tripId: z.string().describe('The _id of the trip.'),
  seats: z.array(z.number().int()).min(1).max(MAX_SEATS_PER_BOOKING),
  passengerInfo,
  totalTicketPrice: z
    .number()
    .optional()
    .describe('The total shown, in SDG: a changed price answers 409 PRICE_CHANGED.'),
  bookingDate: z.string().optional(),
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentReference: paymentReference.optional(),
  language: z
    .enum(MESSAGE_LANGUAGES)
    .optional()
    .describe("The traveller's language for text messages, picked by staff (Arabic when absent)."),
  ...segmentFields,
});

export const checkCancelledProofBody = z.object({
  moneyArrived: z
    .boolean()
    .describe('true: the money reached the account (the price is owed back); false: it did not.'),
  override: z
    .boolean()
    .optional()
    .describe("With moneyArrived: confirm although the reference or image is also another booking's."),
  note: note.optional().describe('What staff found; at least 3 characters with an override.'),
});

export const payInCashBody = z.object({
  totalTicketPrice: z
    .number()
    .min(0)
    .describe(
      'The amount the cashier was shown and took, in SDG: the booking’s price now, or 409 PRICE_CHANGED.',
    ),
});

export const markRefundPaidBody = z.object({
  refundMethod: z
    .enum(REFUND_METHODS)
    .optional()
    .describe(
      'transfer (the default) or cash. A cash refund a cashier records waits for a manager or an admin to confirm it (202).',
    ),
  refundReference: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The transaction number of the refund: required for a transfer; a receipt's number for cash."),
});

/** importStatement's multipart form: the CSV, then (once its columns are known) which hold what. */
export const importStatementForm = z.object({
  statement: binary.describe(
    "The bank's CSV statement (comma, semicolon or tab separated; UTF-8, UTF-16 or Windows-1256), at most 10,000 rows, 100 columns and 5 MB.",
  ),
  mapping: z
    .string()
    .optional()
    .describe(
      'JSON {"reference", "amount", "date"?}: the columns holding each. Without it, the answer is a preview.',
    ),
  dryRun: z
    .enum(['true', '1', 'false', '0'])
    .optional()
    .describe('true: match the rows without verifying any booking.'),
  companyId: z
    .string()
    .optional()
    .describe(
      "Whose account the statement is of (issue 24): a company with its own account, whose trips' bookings it may pay. Without it, the operator's account: the bookings of companies without one. A company's staff import their own company's (another company answers 404).",
    ),
});

const queueQuery = 'with _start/_end (default 0–25, at most 200) one page, and their total in X-Total-Count.';

export const paymentContract = {
  submitProof: {
    ...route(
      'POST',
      '/api/bookings/submitProof',
      { 200: travellerBookingDocument.describe('The booking, its proof waiting for staff.') },
      [404, 429],
      {
        409: proofConflictBody.describe(
          'PROOF_NOT_WANTED: the booking is paid, its proof is being checked, it expired or was cancelled.',
        ),
        429: errorBody.describe(
          'Too many look-ups from this address, or too many bytes of payment proofs in the last hour: wait and try again.',
        ),
      },
    ),
    form: submitProofForm,
  },
  verifyPayment: {
    ...route(
      'PATCH',
      '/api/bookings/verifyPayment/:id',
      { 200: bookingDocument.describe('The booking, paid.') },
      [401, 404],
      {
        409: verifyConflictBody.describe(
          'BOOKING_CANCELLED, ALREADY_DECIDED (paymentStatus), DUPLICATE_PROOF (flags): verify with an override and a note, NOTE_REQUIRED: a booking without a proof is verified only with a note saying how the money was checked, or PROOF_CHANGED: the traveller sent another proof than the one seen (or than the one the flags were read of, during the call).',
        ),
      },
    ),
    form: verifyPaymentBody,
  },
  payInCash: {
    ...route(
      'PATCH',
      '/api/bookings/payInCash/:id',
      {
        200: bookingDocument.describe(
          'The booking, paid in cash at the desk (paymentMethod cash, verifiedVia counter), the amount counted in the cashier’s open shift.',
        ),
      },
      [401, 404],
      {
        409: payInCashConflictBody.describe(
          'NO_OPEN_SHIFT (open a shift first), PRICE_CHANGED (totalTicketPrice: what it costs now), PROOF_SENT (a proof of a transfer waits for staff: decide it), HOLD_LAPSED, BOOKING_CANCELLED or ALREADY_DECIDED (paymentStatus).',
        ),
      },
    ),
    form: payInCashBody,
  },
  rejectPayment: {
    ...route(
      'PATCH',
      '/api/bookings/rejectPayment/:id',
      {
        200: bookingDocument.describe('The booking, its proof rejected, with a fresh deadline for another.'),
      },
      [401, 404],
      {
        409: decisionConflictBody.describe(
          'BOOKING_CANCELLED, or ALREADY_DECIDED (paymentStatus): no proof waits for a decision.',
        ),
      },
    ),
    form: rejectPaymentBody,
  },
  counterSale: {
    ...route('POST', '/api/bookings/counterSale', { 201: bookingCreated }, [401, 404], {
      409: counterSaleConflictBody.describe(
        'SEATS_TAKEN (takenSeats), PRICE_CHANGED (price, totalTicketPrice), TRIP_UNAVAILABLE, KEY_REUSED, KEY_CANCELLED, NO_OPEN_SHIFT, or REFERENCE_USED (usedBy, usedElsewhere): the transaction number already paid a booking. A payment that is not cash without its transaction number answers 400 REFERENCE_REQUIRED.',
      ),
    }),
    form: counterSaleBody,
  },
  getQueue: route(
    'GET',
    '/api/payments/getQueue',
    {
      200: counted(
        z.array(bookingDocument),
        `Proofs waiting for staff, the trip leaving first first: ${queueQuery}`,
      ),
    },
    [400, 401],
  ),
  getPayment: route('GET', '/api/payments/getPayment/:id', { 200: paymentReview }, [400, 401, 404]),
  getRefunds: route(
    'GET',
    '/api/payments/getRefunds',
    {
      200: counted(
        z.array(bookingDocument),
        `Paid bookings cancelled, latest first: refunds owed (status=due, the default) or paid (status=paid); ${queueQuery}`,
      ),
    },
    [400, 401],
  ),
  getCancelledProofs: route(
    'GET',
    '/api/payments/getCancelledProofs',
    {
      200: counted(
        z.array(bookingDocument),
        `Cancelled bookings whose payment proof nobody decided on (the money may have arrived), newest first: ${queueQuery}`,
      ),
    },
    [400, 401],
  ),
  checkCancelledProof: {
    ...route(
      'PATCH',
      '/api/payments/checkCancelledProof/:id',
      {
        200: bookingDocument.describe(
          'The booking: verified with its price owed back (refundDue), or its proof rejected as not received.',
        ),
      },
      [401, 404],
      {
        409: cancelledProofConflictBody.describe(
          'BOOKING_LIVE (its proof is checked in the queue), NO_PROOF, ALREADY_DECIDED (paymentStatus), or DUPLICATE_PROOF (flags): confirm with an override and a note.',
        ),
      },
    ),
    form: checkCancelledProofBody,
  },
  markRefundPaid: {
    ...route(
      'PATCH',
      '/api/payments/markRefundPaid/:id',
      {
        200: bookingDocument.describe('The booking, its refund recorded as paid.'),
        202: bookingDocument.describe(
          'The booking, its cash refund recorded by a cashier: paid once a manager or an admin confirms it (refundRecordedBy, refundRecordedAt).',
        ),
      },
      [401, 404],
      {
        409: refundConflictBody.describe(
          'NO_REFUND_DUE, REFUND_ALREADY_PAID, REFUND_AWAITS_CONFIRMATION (a cash refund recorded, not yet confirmed), or REFUND_AMOUNT_CHANGED (what is owed changed since it was read: `refundDue` is the amount now).',
        ),
      },
    ),
    form: markRefundPaidBody,
  },
  confirmCashRefund: route(
    'PATCH',
    '/api/payments/confirmCashRefund/:id',
    { 200: bookingDocument.describe('The booking, its cash refund confirmed and paid.') },
    [401, 404],
    {
      409: refundConflictBody.describe(
        'NO_REFUND_DUE (no cash refund waits for a confirmation), REFUND_ALREADY_PAID, or NO_CASH_REFUND (one confirms a cash refund one did not record).',
      ),
    },
  ),
  importStatement: {
    ...route(
      'POST',
      '/api/payments/importStatement',
      {
        200: z
          .union([statementPreview, statementImport])
          .describe('Without a mapping, a preview; with one, what each row matched.'),
      },
      [401],
    ),
    form: importStatementForm,
  },
};
