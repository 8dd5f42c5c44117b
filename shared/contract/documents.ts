// Documents as the API answers them, derived from the registry: `_id`, every field that is not write-only
// (computed ones included), and references filled with the documents they point to, the way
// server/resources/crud/populate.ts fills them. The schema is built from the entry at run time and typed from
// the same entry (`DocumentAt`: the registry's entries are `as const`, so their fields are known); only views
// (a trip as travellers see it, a booking without what staff wrote) are written here, from those.
// tests/server/contract-documents.test.ts holds the types to the schemas.
import { z } from 'zod';
import {
  bookings,
  buses,
  companies,
  destinations,
  getResource,
  origins,
  prices,
  type FieldDef,
  type FieldValue,
  type registry,
  type ResourceDef,
  trips,
} from '../registry/index.ts';
import { documentId, passengerInfo, valueSchema } from './fields.ts';

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
const SET_ON_EVERY_ROW = {
  bookings: ['ticketId', 'paymentStatus', 'boardingStop', 'alightingStop'],
} as const satisfies Partial<Record<keyof Registry, readonly string[]>>;
const TIMESTAMPS = ['created_at', 'updated_at'] as const;
/** Values a resource's rows carry beyond its registry fields (structured, so no field kind of the screens). */
const BEYOND_REGISTRY = {
  bookings: {
    refundRules: refundRules.nullable(),
    /** Seats cancelled from a paid booking that kept its others: the booking (_id) they were part of. */
    splitFrom: z.string().nullable(),
  },
} satisfies Partial<Record<keyof Registry, Record<string, z.ZodType>>>;

/** A row may answer null for this field. */
function canBeEmpty(def: ResourceDef, name: string): boolean {
  const field = def.fields[name];
  if (field.required || field.computed || field.kind === 'boolean') return false;
  if (def.timestamps && (TIMESTAMPS as readonly string[]).includes(name)) return false;
  return !(SET_ON_EVERY_ROW as Record<string, readonly string[]>)[def.name]?.includes(name);
}

// The same rules as types: what documentSchema(def, depth) answers, field by field.
type Registry = typeof registry;
/** How deep a document's references are filled; each level down fills one fewer. */
export type Depth = 0 | 1 | 2 | 3;
type Shallower = [0, 0, 1, 2];
type Fields<D extends ResourceDef> = D['fields'];
type AlwaysSet<D extends ResourceDef> = D['name'] extends keyof typeof SET_ON_EVERY_ROW
  ? (typeof SET_ON_EVERY_ROW)[D['name']][number]
  : never;
type NeverEmpty<D extends ResourceDef, K, F> = F extends
  { required: true } | { computed: true } | { kind: 'boolean' } | { kind: RouteKind }
  ? true
  : K extends AlwaysSet<D>
    ? true
    : D extends { timestamps: true }
      ? K extends (typeof TIMESTAMPS)[number]
        ? true
        : false
      : false;
/** A field's answer: a reference filled (null once its document is gone, where deleting it may be allowed). */
type Answer<F extends FieldDef, N extends Depth> = F extends {
  kind: 'reference';
  ref: infer R extends keyof Registry;
}
  ? N extends 0
    ? string
    : DocumentAt<Registry[R], Shallower[N]> | (F extends { blocksDeleteWhen: object } ? null : never)
  : F extends { kind: 'passenger' }
    ? z.infer<typeof passengerInfo>
    : F extends { kind: RouteKind }
      ? FieldValue<F> | undefined
      : FieldValue<F>;
/** A route's stops and fares are left out when there are none (a trip answers as it did before stops). */
type RouteKind = 'stops' | 'fares';
type Beyond<D extends ResourceDef> = D['name'] extends keyof typeof BEYOND_REGISTRY
  ? z.infer<z.ZodObject<(typeof BEYOND_REGISTRY)[D['name']]>>
  : unknown;

/** A document of `D` with its references filled `N` levels deep, as documentSchema(def, N) answers it. */
export type DocumentAt<D extends ResourceDef, N extends Depth = 3> = { _id: string } & {
  -readonly [K in keyof Fields<D> as Fields<D>[K] extends { writeOnly: true } ? never : K]:
    Answer<Fields<D>[K], N> | (NeverEmpty<D, K, Fields<D>[K]> extends true ? never : null);
} & Beyond<D>;

/** The zod object of DocumentAt: each field's schema typed by its answer. */
export type DocumentSchema<D extends ResourceDef, N extends Depth = 3> = z.ZodObject<{
  [K in keyof DocumentAt<D, N>]-?: z.ZodType<DocumentAt<D, N>[K]>;
}>;

const derived = new Map<string, z.ZodObject>();

function buildSchema(def: ResourceDef, depth: number): z.ZodObject {
  const key = `${def.name}|${depth}`;
  const known = derived.get(key);
  if (known) return known;
  const shape: Record<string, z.ZodType> = { _id: documentId };
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.writeOnly) continue;
    const filled = field.kind === 'reference' && depth > 0;
    const value = filled ? buildSchema(getResource(field.ref!), depth - 1) : valueSchema(field);
    // A filled reference answers null once its document is gone, which only a reference that blocks deletion
    // just for some of its rows (blocksDeleteWhen) lets happen.
    const gone = filled && field.blocksDeleteWhen !== undefined;
    if (field.kind === 'stops' || field.kind === 'fares') shape[name] = value.optional();
    else shape[name] = canBeEmpty(def, name) || gone ? value.nullable() : value;
  }
  const beyond = (BEYOND_REGISTRY as Partial<Record<string, Record<string, z.ZodType>>>)[def.name];
  const schema = z.object({ ...shape, ...beyond });
  derived.set(key, schema);
  return schema;
}

/** A document of `def` with its references filled `depth` levels deep. */
export function documentSchema<D extends ResourceDef, N extends Depth = 3>(
  def: D,
  depth: N = POPULATE_DEPTH as N,
): DocumentSchema<D, N> {
  // Built from the entry at run time; its type is the entry's (DocumentAt), which the contract-documents test
  // holds to what is built.
  return buildSchema(def, depth) as unknown as DocumentSchema<D, N>;
}

export const originDocument = documentSchema(origins, 0);
export const destinationDocument = documentSchema(destinations, 0);
export const priceDocument = documentSchema(prices, 0);
export const companyDocument = documentSchema(companies, 0);
export const busDocument = documentSchema(buses, 1);
export const tripDocument = documentSchema(trips, 2);

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

/** A booking with its trip as a bare _id, and its payment (shared/payments.ts), as staff see it. */
export const bookingRecord = documentSchema(bookings, 0);

/** A booking with its trip filled; null once the trip was deleted (allowed when its bookings are cancelled). */
export const bookingDocument = documentSchema(bookings, 3);

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
