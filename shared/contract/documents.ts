// Documents as the API answers them, derived from the registry: `_id`, every field that is not write-only
// (computed ones included), and references filled with the documents they point to, the way
// server/resources/crud/populate.ts fills them. Below, typed twins of the documents the front ends read:
// the registry's entries are typed as plain ResourceDefs, so TypeScript cannot see their fields through
// documentSchema; tests/server/contract-documents.test.ts holds each twin equal to its derived schema.
import { z } from 'zod';
import { DISRUPTION_STATES } from '../disruptions.ts';
import { getResource, type ResourceDef } from '../registry/index.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_METHODS, REJECTION_REASONS } from '../payments.ts';
import { BOARDING_TIME_PATTERN, BUS_STATUSES, MAX_BUS_SEATS } from '../rules.ts';
import {
  documentId,
  email,
  passengerInfo,
  phone,
  seatList,
  tripFare,
  tripStop,
  valueSchema,
} from './fields.ts';
import { MAX_STOPS } from '../segments.ts';

/** The refund rules (shared/refund-rules.ts): in force (settings), or as a booking copied them at purchase. */
export const refundRules = z.object({
  tiers: z
    .array(z.object({ hoursBefore: z.number().int().min(0), keptPercent: z.number().min(0).max(100) }))
    .describe('Latest first: cancelled at least hoursBefore hours before departure, keptPercent is kept.'),
  afterDepartureKeptPercent: z.number().min(0).max(100),
  changeFee: z.number().min(0).describe('SDG charged for changing a booking to another trip.'),
});

/** How deep populate.ts fills references (its MAX_DEPTH: booking → trip → bus → company); past it, an _id. */
export const POPULATE_DEPTH = 3;

/**
 * Read-only fields the server sets on every row. The others are null until something sets them (a payment's
 * verifiedAt, say); booleans, computed fields and a resource's own timestamps are always there. The registry
 * cannot say this yet: a flag on its fields would replace this list.
 */
const SET_ON_EVERY_ROW: Record<string, readonly string[]> = {
  bookings: ['ticketId', 'paymentStatus', 'boardingStop', 'alightingStop'],
  trips: ['trip_stops', 'trip_fares'],
  timetables: ['trip_stops', 'trip_fares'],
};
const TIMESTAMPS = ['created_at', 'updated_at'];
/** Values a resource's rows carry beyond its registry fields (structured, so no field kind of the screens). */
const BEYOND_REGISTRY: Record<string, Record<string, z.ZodType>> = {
  bookings: {
    refundRules: refundRules.nullable(),
    /** Seats cancelled from a paid booking that kept its others: the booking (_id) they were part of. */
    splitFrom: z.string().nullable(),
  },
};

/** A row may answer null for this field. */
function canBeEmpty(def: ResourceDef, name: string): boolean {
  const field = def.fields[name];
  if (field.required || field.computed || field.kind === 'boolean') return false;
  if (def.timestamps && TIMESTAMPS.includes(name)) return false;
  return !SET_ON_EVERY_ROW[def.name]?.includes(name);
}

const derived = new Map<string, z.ZodObject>();

/** A document of `def` with its references filled `depth` levels deep. */
export function documentSchema(def: ResourceDef, depth = POPULATE_DEPTH): z.ZodObject {
  const key = `${def.name}|${depth}`;
  const known = derived.get(key);
  if (known) return known;
  const shape: Record<string, z.ZodType> = { _id: documentId };
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.writeOnly) continue;
    const filled = field.kind === 'reference' && depth > 0;
    const value = filled ? documentSchema(getResource(field.ref!), depth - 1) : valueSchema(field);
    // A filled reference answers null once its document is gone, which only a reference that blocks deletion
    // just for some of its rows (blocksDeleteWhen) lets happen.
    const gone = filled && field.blocksDeleteWhen !== undefined;
    shape[name] = canBeEmpty(def, name) || gone ? value.nullable() : value;
  }
  const schema = z.object({ ...shape, ...BEYOND_REGISTRY[def.name] });
  derived.set(key, schema);
  return schema;
}

export const originDocument = z.object({
  _id: documentId,
  origin_city: z.string(),
  origin_city_ar: z.string().nullable(),
});
export const destinationDocument = z.object({
  _id: documentId,
  destination_city: z.string(),
  destination_city_ar: z.string().nullable(),
});
export const priceDocument = z.object({ _id: documentId, price: z.number().positive() });

export const companyDocument = z.object({
  _id: documentId,
  company_name: z.string(),
  company_name_ar: z.string().nullable(),
  company_phone: phone,
  company_email: email,
  company_tin: z.string(),
});

export const busDocument = z.object({
  _id: documentId,
  bus_number: z.string(),
  bus_owner_companyId: companyDocument,
  bus_number_of_seats: z.number().int().min(1).max(MAX_BUS_SEATS),
  bus_status: z.enum(BUS_STATUSES),
  date_ofLast_oil_service: z.iso.date(),
});

export const tripDocument = z.object({
  _id: documentId,
  busId: busDocument,
  trip_originId: originDocument,
  trip_destinationId: destinationDocument,
  trip_date: z.iso.date(),
  trip_boarding_time: z.string().regex(BOARDING_TIME_PATTERN),
  trip_ticket_priceId: priceDocument,
  /** Intermediate stops in order (shared/segments.ts); [] for a trip from its origin to its destination. */
  trip_stops: z.array(tripStop),
  /** Fares between stops other than the ends; a pair not listed is not sold. */
  trip_fares: z.array(tripFare),
  /** Seats held by live bookings (on any leg, or on the legs of the stretch asked). */
  bookedSeats: seatList,
  isCancelled: z.boolean(),
});

/**
 * A trip as travellers see it (filterTrips, and getTrip without a staff token): the company's name and phone,
 * the bus's number and seats; not the company's TIN or e-mail, nor the bus's state or servicing. Whether the
 * trip's bus is out of service says whether it can be booked now.
 */
export const publicTripDocument = tripDocument.extend({
  busId: busDocument.pick({ _id: true, bus_number: true, bus_number_of_seats: true }).extend({
    bus_owner_companyId: companyDocument.pick({
      _id: true,
      company_name: true,
      company_name_ar: true,
      company_phone: true,
    }),
  }),
  outOfService: z.boolean(),
});

const text = z.string().nullable();
const instant = z.iso.datetime().nullable();

/** A booking with its trip as a bare _id, and its payment (shared/payments.ts), as staff see it. */
export const bookingRecord = z.object({
  _id: documentId,
  tripId: documentId,
  ticketId: z.string(),
  seats: seatList,
  passengerInfo,
  totalTicketPrice: z.array(z.number()).min(1),
  /** The stops the traveller boards and alights at (0 = the trip's origin, n + 1 its destination). */
  boardingStop: z.number().int().min(0).max(MAX_STOPS),
  alightingStop: z.number().int().min(1).max(MAX_STOPS + 1),
  bookingDate: z.iso.datetime(),
  isCancelled: z.boolean(),
  bankakScreenshot: z.string().startsWith('/api/uploads/').nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentReference: text,
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /** When an unpaid hold lapses (a proof under review's too, after its review time). */
  paymentDeadline: instant,
  /** A proof under review: when staff are expected to have decided; null for a proof that holds no longer than an unpaid booking. */
  reviewDeadline: instant,
  verifiedBy: text,
  verifiedAt: instant,
  verifiedVia: text,
  overrideNote: text,
  rejectionReason: z.enum(REJECTION_REASONS).nullable(),
  rejectionNote: text,
  soldBy: text,
  /** What is owed back after a paid booking was cancelled. */
  refundDue: z.number().positive().nullable(),
  refundPaidAt: instant,
  refundPaidBy: text,
  refundReference: text,
  /** transfer, or cash (paid once a manager or an admin confirms it). */
  refundMethod: z.enum(REFUND_METHODS).nullable(),
  /** Who recorded the refund as sent or handed over, and when (before a cash refund's confirmation). */
  refundRecordedBy: text,
  refundRecordedAt: instant,
  noShow: z.boolean(),
  /** What became of the booking when the operator cancelled or delayed its trip (shared/disruptions.ts). */
  disruptionState: z.enum(DISRUPTION_STATES).nullable(),
  /** The refund rules the booking was sold under; null for one sold before they existed (refunded in full). */
  refundRules: refundRules.nullable(),
  /**
   * Seats cancelled from a paid booking that kept its others: this cancelled record holds those seats and their
   * refund, and names the booking (its _id) they were part of. Null for every other booking.
   */
  splitFrom: text,
});

/** A booking with its trip filled; null once the trip was deleted (allowed when its bookings are cancelled). */
export const bookingDocument = bookingRecord.extend({ tripId: tripDocument.nullable() });

/** What staff wrote or who they are: never answered to a traveller. */
const STAFF_ONLY = {
  verifiedBy: true,
  verifiedVia: true,
  overrideNote: true,
  soldBy: true,
  refundPaidBy: true,
  refundMethod: true,
  refundRecordedBy: true,
  refundRecordedAt: true,
  rejectionNote: true,
  noShow: true,
  splitFrom: true,
} as const;

/** A booking as its traveller sees it (createBooking, filterBookings, their own cancellation). */
export const travellerBookingRecord = bookingRecord.omit(STAFF_ONLY);
export const travellerBookingDocument = bookingDocument.omit(STAFF_ONLY);

export type OriginDocument = z.infer<typeof originDocument>;
export type DestinationDocument = z.infer<typeof destinationDocument>;
export type TripDocument = z.infer<typeof tripDocument>;
/** A trip with its bus, company, cities and price, as a booking refers to it (its bookedSeats not counted). */
export type TripDetails = Omit<TripDocument, 'bookedSeats'> & { bookedSeats?: number[] };
export type PublicTripDocument = z.infer<typeof publicTripDocument>;
export type PassengerInfo = z.infer<typeof passengerInfo>;
export type BookingRecord = z.infer<typeof bookingRecord>;
export type BookingDocument = z.infer<typeof bookingDocument>;
export type TravellerBookingRecord = z.infer<typeof travellerBookingRecord>;
