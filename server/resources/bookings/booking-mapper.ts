// A booking row holds the passenger in columns and the seats as JSON; the API answers the spec's shape.
import type { BookingsTable } from '../../db/schema.ts';
import type { Document, Row } from '../crud/row-mapper.ts';
import type { RefundRules } from '../../../shared/refund-rules.ts';

export interface PassengerInfo {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

/** The payment's columns, answered as they are stored (null when not set). */
const PAYMENT_COLUMNS = [
  'paymentStatus',
  'paymentReference',
  'paymentMethod',
  'paymentDeadline',
  'reviewDeadline',
  'verifiedBy',
  'verifiedAt',
  'verifiedVia',
  'overrideNote',
  'rejectionReason',
  'rejectionNote',
  'soldBy',
  'refundPaidAt',
  'refundPaidBy',
  'refundReference',
  'refundMethod',
  'refundRecordedBy',
  'refundRecordedAt',
] as const;

export function bookingRowToDocument(row: Row | BookingsTable): Document {
  const passengerInfo: PassengerInfo = {
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    phone: String(row.phone),
  };
  if (row.email) passengerInfo.email = String(row.email);
  return {
    _id: String(row.id),
    tripId: row.tripId,
    ticketId: String(row.ticketId),
    seats: JSON.parse(String(row.seats)) as number[],
    passengerInfo,
    totalTicketPrice: [Number(row.totalTicketPrice)],
    bookingDate: row.bookingDate,
    isCancelled: Boolean(Number(row.isCancelled)),
    bankakScreenshot: row.bankakScreenshot ?? null,
    ...Object.fromEntries(PAYMENT_COLUMNS.map((name) => [name, (row as Row)[name] ?? null])),
    refundDue: row.refundDue == null ? null : Number(row.refundDue),
    noShow: Boolean(Number(row.noShow ?? 0)),
    disruptionState: (row as Row).disruptionState ?? null,
    refundRules: row.refundRules ? (JSON.parse(String(row.refundRules)) as RefundRules) : null,
    splitFrom: (row as Row).splitFrom ?? null,
  };
}
