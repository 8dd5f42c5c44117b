// Who may do what. Every API route declares one capability (or none, for the public); a role may use the
// routes whose capability lists it. The back-office reads the same table to show each role only what it may
// do. The specification leaves permissions per role unshown; this is the operator's decision, explained in
// README's security section.
//
//   admin      everything, including staff accounts and their roles
//   manager    all operations (trips, buses, companies, employees, reports, reference data, bookings,
//              payments, refunds, the activity log), not staff accounts
//   cashier    bookings, counter sales and their own shifts (cash-up), the payments queue, refunds; reads trips
//   conductor  boarding of the trips assigned to them and those trips' passenger lists, read only

export const ROLES = ['admin', 'manager', 'cashier', 'conductor'] as const;
export type Role = (typeof ROLES)[number];

const everyone: readonly Role[] = ROLES;
const operations: readonly Role[] = ['admin', 'manager'];
const money: readonly Role[] = ['admin', 'manager', 'cashier'];

export const CAPABILITIES = {
  /** One's own account: who am I, change my password. */
  self: everyone,
  'users.manage': ['admin'],
  /** The operator's contact details and payment accounts that travellers see (Settings). */
  'settings.manage': ['admin'],
  'activity.read': operations,
  /** Sales, occupancy and settlement figures for a period (/api/analytics). */
  'analytics.read': operations,
  'dashboard.read': money,
  'trips.read': [...money, 'conductor'],
  'trips.write': operations,
  'trips.passengers': [...money, 'conductor'],
  'boarding.scan': [...operations, 'conductor'],
  /**
   * The door of any trip of the scope: its offline package, scans and passenger list. Without it (conductors)
   * only the trips assigned to them, one by one or as a company's trips of a day; their trip lists show those.
   */
  'boarding.anyTrip': money,
  /** Assign conductors to trips (or to a company's trips of a day) and take them off. */
  'conductors.assign': operations,
  /**
   * Travellers' phones and whole ID numbers, and the passengers of any day's trip. Without it (conductors)
   * the door's share only: trips of yesterday, today and tomorrow (Khartoum), ID last digits, no phones.
   */
  'passengers.full': money,
  /** Who sits on each seat, with their ID: completed at the counter or at the bus door. */
  'passengers.edit': [...money, 'conductor'],
  /** What a trip shows (companies, buses, cities, prices): read by whoever reads trips. */
  'reference.read': [...money, 'conductor'],
  /** Employees, positions, reports. */
  'operations.read': operations,
  /** Companies, buses, employees, positions, cities, prices, reports. */
  'operations.write': operations,
  /** Travellers' lost-item reports and enquiries. */
  'inbox.read': operations,
  'inbox.delete': operations,
  'bookings.read': money,
  'bookings.cancel': money,
  'bookings.delete': operations,
  /** The payments queue, a payment's review and its proof images, verify and reject. */
  'payments.review': money,
  'payments.import': money,
  'refunds.manage': money,
  /** A refund handed over in cash is paid once a manager or an admin confirms it (a cashier only records it). */
  'refunds.confirm': operations,
  'sales.counter': money,
  /**
   * Cash-up (issue 24): open one's own shift with a float, close it with the cash counted, see one's own
   * shifts. A counter sale needs an open shift.
   */
  'shifts.own': money,
  /** Every shift (of the company, for company staff), open or closed; close another's shift. */
  'shifts.manage': operations,
  /** The outbox: the text messages travellers were sent; sending one again. */
  'messages.read': money,
  'messages.resend': money,
  /** A message of staff's own words to every passenger of a trip. */
  'messages.broadcast': operations,
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/** What a route declares: the public may call it, or a capability is needed. */
export type Access = 'public' | Capability;

export function can(role: string | undefined, capability: Capability): boolean {
  return !!role && (CAPABILITIES[capability] as readonly string[]).includes(role);
}

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

// Company staff (issue 24). A staff account may belong to a company: it then sees and acts only on that
// company's business, with the same role; an account without one (the platform's staff) sees everything.
// Every staff route declares, beside its capability, how its records reach a company — its `scope` — and the
// server enforces it in one place (server/auth/company-scope.ts): a list is filtered in SQL, and a record of
// another company named by the route's :id, or by a field of its body, answers 404 as if it did not exist.

/** What a record is, and so how it reaches its company: a trip by its bus, a booking by its trip… */
export const REACHES = [
  'company', // companies.id
  'bus', // buses.bus_owner_companyId
  'trip', // trips.busId → bus
  'timetable', // timetables.busId → bus
  'booking', // bookings.tripId → trip
  'message', // messages.tripId or messages.bookingId → trip
  'activity', // audit_log.userId → the staff account's company
  'upload', // payment_proofs.name → booking
  'shift', // shifts.companyId: the company of the staff member who opened it
  'assignment', // conductor_assignments: its companyId (a day's), or its trip's company
  'staff', // users.companyId: a staff account of the company
] as const;
export type Reach = (typeof REACHES)[number];

/**
 * How a route's records reach a company:
 *   'none'      it reads or writes nothing of a company's (one's own account, the cities, the API document)
 *   'platform'  the platform's own business (staff accounts, settings, the operator's inbox and notes):
 *               company staff are refused it (403)
 *   an object   `id`: what the route's :id names; `list`: what the list answers (filtered in SQL by the
 *               handler, from request.companyScope); `body`: the body's fields that name a record (a path
 *               `scans[].tripId` names one in each item of a list); `create`: platform only (a company
 *               cannot create another company).
 */
export type Scope = 'none' | 'platform' | { id?: Reach; list?: Reach; body?: Record<string, Reach> };
