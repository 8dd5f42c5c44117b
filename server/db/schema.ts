// Every table the application reads and writes, as Kysely sees them (rows as the drivers return them: flags as
// 0/1 integers, times as ISO text or epoch milliseconds). A plain resource's table is derived from its registry
// entry (TableOf); the tables with columns the registry does not describe (a booking's passenger, a trip's
// timetable) are written out here.
import type { Generated, Kysely, Selectable } from 'kysely';
import type { TableOf } from '../../shared/registry/index.ts';
import type * as registry from '../../shared/registry/resources.ts';
import type { MoneyEventKind } from '../../shared/ledger.ts';

export interface BookingsTable {
  id: string;
  tripId: string;
  ticketId: string;
  /** JSON list of seat numbers, in the order the traveller chose them. */
  seats: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  totalTicketPrice: number;
  bookingDate: string;
  isCancelled: number;
  bankakScreenshot: string | null;
  idempotencyKey: string | null;
  created_at: string;
  paymentStatus: string;
  /**
   * The trip's departure as a sortable key (date, then the boarding time's place in the day), set and kept by
   * the database's triggers (migration 2026-11-23-07); never written by the application.
   */
  tripDeparture?: string | null;
  paymentReference: string | null;
  paymentMethod: string | null;
  /** ISO time an unpaid hold lapses; null while a proof is under review, once paid, or for old bookings. */
  paymentDeadline: string | null;
  verifiedBy: string | null;
  verifiedAt: string | null;
  verifiedVia: string | null;
  overrideNote: string | null;
  rejectionReason: string | null;
  rejectionNote: string | null;
  soldBy: string | null;
  refundDue: number | null;
  refundPaidAt: string | null;
  refundPaidBy: string | null;
  refundReference: string | null;
  /** How the refund went back: transfer, or cash (which a manager or an admin confirms). */
  refundMethod?: string | null;
  /** Who recorded the refund as sent or handed over, and when (a cashier's cash refund awaits confirmation). */
  refundRecordedBy?: string | null;
  refundRecordedAt?: string | null;
  /** Not boarded by departure (marked after it). */
  noShow: number;
  /**
   * A proof under review: when staff are expected to have decided (its hold then lasts until paymentDeadline).
   * Null for a proof that holds no longer than an unpaid booking, and before any proof.
   */
  reviewDeadline: string | null;
  /** Who made the booking: the client address and the public site's device id (limits on unpaid holds). */
  clientAddress: string | null;
  deviceId: string | null;
  /** The traveller's language for text messages (ar or en); null for bookings made before it was kept. */
  language?: string | null;
  /** 1 when the traveller asked for no reminders or broadcasts. */
  messagesOptOut?: number;
  /** The latest disruption of the booking's trip (disruptions.id), and what became of the booking. */
  disruptionId?: string | null;
  disruptionState?: string | null;
  movedFromTripId?: string | null;
  /** The refund rules in force at purchase (JSON, shared/refund-rules.ts); null for older bookings: full refund. */
  refundRules?: string | null;
  /** A change to another trip awaiting payment of the difference: the booking it changes (migration 2026-11-27-70). */
  changeOf?: string | null;
  /** Such a change's terms (JSON: fromTripId, newTotal, fee), applied once it is paid. */
  changeTerms?: string | null;
  /** Seats cancelled from a paid booking that kept its others: the booking (id) they were part of. */
  splitFrom?: string | null;
  /** The platform's share of this booking, in percent, taken from its company when it was made (the database's). */
  commissionRate?: number | null;
  /**
   * Whose account the traveller was told to pay into when the booking was made: its company's id, or
   * 'operator' (Settings); null for bookings made before migration 2026-11-28-102.
   */
  paidInto?: string | null;
  /**
   * A transfer refund's transaction number in the form references are compared in (normaliseReference); null
   * for cash (migration 2026-12-03-109).
   */
  refundReferenceKey?: string | null;
  /** The stops the traveller boards and alights at (0 → 1 for bookings of before stops: a trip's ends). */
  boardingStop?: number;
  alightingStop?: number;
}

/** The traveller on each seat of a booking, with an official ID (staff only). */
export interface BookingPassengersTable {
  bookingId: string;
  seat: number;
  fullName: string | null;
  idType: string | null;
  idNumber: string | null;
}

/** A conductor's scan at the bus door, as synced from the device. */
export interface ScansTable {
  id: string;
  tripId: string;
  ticketId: string | null;
  bookingId: string | null;
  deviceId: string;
  scannedAt: string;
  receivedAt: string;
  verdict: string;
  staffId: string | null;
}

/** A payment proof's bytes, kept with the booking (every node serves them; a backup carries them). */
export interface PaymentProofsTable {
  id: string;
  name: string;
  bookingId: string;
  mime: string;
  size: number;
  sha256: string;
  bytes: Buffer;
  created_at: string;
  /** Who sent it: their rejected proofs count against them. */
  clientAddress: string | null;
  deviceId: string | null;
}

/** A rejected proof, once per source it came from ("phone:…", "device:…", "address:…"). */
export interface ProofRejectionsTable {
  source: string;
  rejectedAt: string;
}

/** A bank statement line that verified a booking (migration 2026-11-24-31): one transfer pays one booking. */
export interface StatementLinesTable {
  key: string;
  bookingId: string;
  reference: string;
  amount: number;
  date: string | null;
  line: number;
  usedAt: string;
  usedBy: string | null;
}

/** One row per seat a live booking holds: (tripId, seat) is the primary key, so a seat is sold once. */
/** One row per seat and leg a live booking holds (leg k: stop k → k + 1); the key is (tripId, seat, leg). */
export interface BookingSeatsTable {
  tripId: string;
  seat: number;
  /** 0 by default: the one leg of a trip without stops. */
  leg: Generated<number>;
  bookingId: string;
}

export interface DisruptionsTable {
  id: string;
  tripId: string;
  action: string;
  reason_en: string;
  reason_ar: string;
  old_date: string;
  old_boarding_time: string;
  new_date: string | null;
  new_boarding_time: string | null;
  created_at: string;
  created_by: string | null;
}

export interface TripsTable {
  id: string;
  busId: string;
  trip_originId: string;
  trip_destinationId: string;
  trip_date: string;
  trip_boarding_time: string;
  trip_ticket_priceId: string;
  /** JSON lists (shared/segments.ts): intermediate stops, fares between stops; '[]' for none. */
  trip_stops?: string;
  trip_fares?: string;
  isCancelled: number;
  /** The timetable that made the trip (null: made by hand); one trip per timetable and date. */
  timetableId?: string | null;
  timetable_date?: string | null;
  /** 1 once staff edited the trip: its timetable's later edits leave it as it is. */
  editedByHand?: number;
}

export interface TimetablesTable {
  id: string;
  timetable_originId: string;
  timetable_destinationId: string;
  busId: string;
  timetable_boarding_time: string;
  timetable_ticket_priceId: string;
  /** JSON lists: days of the week (0 = Sunday), dates off. */
  timetable_days: string;
  timetable_from: string;
  timetable_until: string | null;
  timetable_dates_off: string;
  isActive: number;
  /** Copied to its trips (JSON lists, shared/segments.ts). */
  trip_stops?: string;
  trip_fares?: string;
}

export type BusesTable = TableOf<typeof registry.buses>;
export type CompaniesTable = TableOf<typeof registry.companies>;
export type OriginsTable = TableOf<typeof registry.origins>;
export type DestinationsTable = TableOf<typeof registry.destinations>;
export type PricesTable = TableOf<typeof registry.prices>;

export interface UsersTable {
  id: string;
  username: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password_hash: string;
  role: string;
  /** The company the account belongs to (issue 24); null: the platform's staff. */
  companyId: string | null;
  created_at: string;
  updated_at: string;
}

/** A sign-in: access tokens name it (sid), refresh tokens belong to it (family_id); it ends absolutely. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
}

/** What staff did, append-only. */
export interface AuditLogTable {
  id: string;
  at: string;
  userId: string | null;
  userLabel: string | null;
  action: string;
  resource: string | null;
  recordId: string | null;
  diff: string | null;
  ip: string | null;
}

/** A cashier's shift (cash-up, issue 24): opened with a float, closed with the cash counted. */
export interface ShiftsTable {
  id: string;
  userId: string;
  /** The staff member's company when it opened; null: the platform's own desk. */
  companyId: string | null;
  float: number;
  openedAt: string;
  closedAt: string | null;
  closedBy: string | null;
  /** Set on closing, never changed after: what was counted, what was expected, counted − expected. */
  counted: number | null;
  expected: number | null;
  variance: number | null;
}

/** Cash into (a counter sale paid in cash) or out of (a cash refund) a shift's drawer, append-only. */
export interface ShiftCashTable {
  id: string;
  shiftId: string;
  bookingId: string;
  kind: 'sale' | 'refund';
  /** Signed SDG: positive in, negative out. */
  amount: number;
  at: string;
}

/**
 * A conductor assigned to one trip, or to one company's trips of one day (issue 24): exactly one of `tripId`
 * and (`companyId`, `date`).
 */
export interface ConductorAssignmentsTable {
  id: string;
  userId: string;
  tripId: string | null;
  companyId: string | null;
  date: string | null;
  assignedBy: string;
  assignedAt: string;
}

export interface RefreshTokensTable {
  id: string;
  token_hash: string;
  family_id: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

/**
 * A "find my bookings" code texted to a phone, and the request that asked for it: only hashes are kept (SHA-256
 * of phone and code; of the request's token), with the wrong codes typed for this request.
 */
export interface AccessCodesTable {
  id: string;
  phone: string;
  code_hash: string;
  /** Null for a code sent before requests had tokens (migration 106): no one can use it. */
  request_hash: string | null;
  /** Who asked: a hash of the address key (its /64 for IPv6); null for a code asked before migration 108. */
  requester_hash?: string | null;
  wrong_tries: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

/** Settings staff change in the back-office: a JSON value per key (server/settings/settings.repository.ts). */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** The outbox (server/messages): one row per text message to a traveller. */
export interface MessagesTable {
  id: string;
  kind: string;
  dedupe_key: string | null;
  phone: string;
  language: string;
  text: string;
  segments: number;
  bookingId: string | null;
  tripId: string | null;
  status: string;
  tries: number;
  next_try_at: string;
  claimed_by: string | null;
  provider_id: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  /** When it failed for good (the dashboard's last-day count). */
  failed_at: string | null;
  created_by: string | null;
}

/**
 * The towns a trip with stops passes (migration 2026-11-27-81): written only by the database's trigger on trips,
 * read by the search. role 'b': boarding there (origins ids), 'a': alighting there (destinations ids).
 */
export interface TripTownsTable {
  town: string;
  role: 'a' | 'b';
  trip_date: string;
  tripId: string;
  stop: number;
}

/**
 * The stretches a trip with stops sells (migration 2026-11-27-99): a boarding town (origins id) and an alighting
 * town after it (destinations id), their stop indexes and the trip's date. Written only by the database's
 * trigger on trips, with trip_towns; read by the search and by disruption moves.
 */
export interface TripPairsTable {
  origin: string;
  destination: string;
  trip_date: string;
  tripId: string;
  boarding: number;
  alighting: number;
  /** The pair's fare in the trip's fares, null when not listed (migration 2026-12-01-105). */
  fare: number | null;
}

/** The ledger: one row per movement of money a booking made, written by the database (migration 95). */
export interface MoneyEventsTable {
  id: Generated<number>;
  bookingId: string;
  /** The booking it began as (a split's part, a change of day: the booking they came from). */
  originId: string;
  tripId: string;
  companyId: string | null;
  kind: MoneyEventKind;
  amount: number;
  method: string | null;
  staffId: string | null;
  at: string;
}

interface MoneySums {
  sales: number;
  refundsOwed: number;
  refundsPaid: number;
  commission: number;
}
/** The ledger summed by Khartoum day, company ('' when the bus names none) and method (kept by a trigger). */
export interface MoneyDaysTable extends MoneySums {
  day: string;
  companyId: string;
  method: string;
}
/** The ledger summed by Khartoum day, company and route (kept by the same trigger). */
export interface MoneyRouteDaysTable extends MoneySums {
  day: string;
  companyId: string;
  originId: string;
  destinationId: string;
}

export interface Tables {
  money_events: MoneyEventsTable;
  money_days: MoneyDaysTable;
  money_route_days: MoneyRouteDaysTable;
  /** Per trip: seat-legs held by paid bookings, and paid travellers not boarded (kept by triggers). */
  trip_counts: { tripId: string; sold: number; noShows: number };
  bookings: BookingsTable;
  booking_seats: BookingSeatsTable;
  payment_proofs: PaymentProofsTable;
  proof_rejections: ProofRejectionsTable;
  statement_lines: StatementLinesTable;
  booking_passengers: BookingPassengersTable;
  scans: ScansTable;
  trip_closures: { tripId: string; closedAt: string };
  trips: TripsTable;
  trip_towns: TripTownsTable;
  trip_pairs: TripPairsTable;
  timetables: TimetablesTable;
  buses: BusesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  shifts: ShiftsTable;
  shift_cash: ShiftCashTable;
  conductor_assignments: ConductorAssignmentsTable;
  rate_limits: RateLimitsTable;
  access_codes: AccessCodesTable;
  app_secrets: AppSecretsTable;
  app_settings: AppSettingsTable;
  messages: MessagesTable;
  disruptions: DisruptionsTable;
  origins: OriginsTable;
  destinations: DestinationsTable;
  companies: CompaniesTable;
  prices: PricesTable;
  positions: TableOf<typeof registry.positions>;
  employees: TableOf<typeof registry.employees>;
  reports: TableOf<typeof registry.reports>;
  lost_items: TableOf<typeof registry.lostItems>;
  enquiries: TableOf<typeof registry.enquiries>;
}

/** The database as the hand-written repositories use it (a transaction is one too). */
export type Db = Kysely<Tables>;
export type BookingRow = Selectable<BookingsTable>;
/** A trip as the sale, the door and disruptions read it (what made it, a timetable or staff, aside). */
export type TripRow = Selectable<Omit<TripsTable, 'timetableId' | 'timetable_date' | 'editedByHand'>>;
