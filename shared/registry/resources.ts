// One declarative entry per resource. Server routes, validation, the admin's screens and the public site's
// API client are all derived from these entries. Field names and paths are the spec's, misspellings included.
import { API_BASES } from '../api-paths.ts';
import { BOARDING_TIMES, BUS_STATUSES, LOST_ITEM_COLOURS, LOST_ITEM_TYPES, MAX_BUS_SEATS } from '../rules.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES, REFUND_METHODS, REJECTION_REASONS } from '../payments.ts';
import { ROLES } from '../roles.ts';
import { DISRUPTION_STATES } from '../disruptions.ts';
import type { ResourceDef } from './types.ts';
import { MAX_STOPS } from '../segments.ts';
import { MAX_COMMISSION_PERCENT } from '../ledger.ts';

const crud = (base: string, entity: string, plural = `${entity}s`) => ({
  base,
  list: `getAll${plural}`,
  one: `get${entity}`,
  create: `create${entity}`,
  update: `update${entity}`,
  remove: `delete${entity}`,
});

export const companies = {
  name: 'companies',
  singular: 'company',
  table: 'companies',
  api: /* @__PURE__ */ crud('/api/companies', 'Company', 'Companies'),
  access: { read: 'reference.read', write: 'operations.write' },
  scope: { reach: 'company', platformOps: ['create', 'remove'] },
  fields: {
    company_name: { kind: 'text', required: true, searchable: true, unique: true },
    /** The name in Arabic, shown on Arabic screens and the ticket's Arabic half (the English one otherwise). */
    company_name_ar: { kind: 'text', searchable: true },
    company_phone: { kind: 'phone', required: true, searchable: true },
    company_email: { kind: 'email', required: true, searchable: true },
    company_tin: { kind: 'text', required: true, searchable: true, unique: true },
    /**
     * Where this company's travellers pay (issue 24), instead of the operator's account of Settings: a Bankak
     * account (digits), the name on it, and wallets as `Zain Cash:0912345678,MTN:0998765432`.
     */
    company_bankak_account: { kind: 'text', maxLength: 20, adminOnly: true },
    company_account_name: { kind: 'text', maxLength: 80, adminOnly: true },
    company_wallets: { kind: 'text', maxLength: 400, adminOnly: true },
    /** The platform's share of what this company's travellers pay, in percent (the ledger's commission). */
    company_commission: { kind: 'integer', min: 0, max: MAX_COMMISSION_PERCENT, platformOnly: true },
  },
  messages: { create: 'Please provide company details.', update: 'Please provide all company details.' },
  representation: 'company_name',
  defaultSort: { field: 'company_name', order: 'ASC' },
} as const satisfies ResourceDef;

export const buses = {
  name: 'buses',
  singular: 'bus',
  table: 'buses',
  api: /* @__PURE__ */ crud('/api/buses', 'Bus', 'Buses'),
  access: { read: 'reference.read', write: 'operations.write' },
  scope: { reach: 'bus', body: { bus_owner_companyId: 'company' } },
  fields: {
    bus_number: { kind: 'text', required: true, searchable: true, unique: true },
    bus_owner_companyId: { kind: 'reference', ref: 'companies', required: true },
    bus_number_of_seats: { kind: 'integer', required: true, min: 1, max: MAX_BUS_SEATS },
    bus_status: { kind: 'choice', choices: BUS_STATUSES, required: true },
    date_ofLast_oil_service: { kind: 'date', required: true },
  },
  messages: { create: 'Please provide all bus details.', update: 'Please provide all bus details.' },
  representation: 'bus_number',
  defaultSort: { field: 'bus_number', order: 'ASC' },
} as const satisfies ResourceDef;

export const positions = {
  name: 'positions',
  singular: 'employee position',
  table: 'positions',
  api: /* @__PURE__ */ crud('/api/positions', 'Position'),
  access: { read: 'operations.read', write: 'operations.write' },
  scope: { reach: 'platform' },
  fields: {
    employee_position_title: { kind: 'text', required: true, searchable: true, unique: true },
  },
  messages: {
    create: 'Please provide  employee position title details.',
    update: 'Please provide  employee position title details.',
  },
  representation: 'employee_position_title',
  defaultSort: { field: 'employee_position_title', order: 'ASC' },
} as const satisfies ResourceDef;

export const employees = {
  name: 'employees',
  singular: 'employee',
  table: 'employees',
  api: /* @__PURE__ */ crud('/api/employees', 'Employee'),
  access: { read: 'operations.read', write: 'operations.write' },
  scope: { reach: 'platform' },
  fields: {
    employee_full_name: { kind: 'text', required: true, searchable: true },
    employee_national_id: { kind: 'text', required: true, searchable: true, unique: true },
    employee_phone_number: { kind: 'phone', required: true, searchable: true },
    employee_emial: { kind: 'email', required: true, searchable: true },
    positionId: { kind: 'reference', ref: 'positions', required: true },
  },
  messages: { create: 'Please provide employee details.', update: 'Please provide all employee details.' },
  representation: 'employee_full_name',
  defaultSort: { field: 'employee_full_name', order: 'ASC' },
} as const satisfies ResourceDef;

export const origins = {
  name: 'origins',
  singular: 'origin',
  table: 'origins',
  api: /* @__PURE__ */ crud('/api/origins', 'Origin'),
  access: { read: 'reference.read', write: 'operations.write' },
  scope: { reach: 'none', platformOps: ['create', 'update', 'remove'] },
  publicOps: ['list'],
  fields: {
    origin_city: { kind: 'text', required: true, searchable: true, unique: true },
    origin_city_ar: { kind: 'text', searchable: true },
  },
  messages: { create: 'Please provide origin details.', update: 'Please provide origin details.' },
  representation: 'origin_city',
  defaultSort: { field: 'origin_city', order: 'ASC' },
} as const satisfies ResourceDef;

export const destinations = {
  name: 'destinations',
  singular: 'destination',
  table: 'destinations',
  api: /* @__PURE__ */ crud('/api/destination', 'Destination'),
  access: { read: 'reference.read', write: 'operations.write' },
  scope: { reach: 'none', platformOps: ['create', 'update', 'remove'] },
  publicOps: ['list'],
  fields: {
    destination_city: { kind: 'text', required: true, searchable: true, unique: true },
    destination_city_ar: { kind: 'text', searchable: true },
  },
  messages: { create: 'Please provide destination details.', update: 'Please provide destination details.' },
  representation: 'destination_city',
  defaultSort: { field: 'destination_city', order: 'ASC' },
} as const satisfies ResourceDef;

export const prices = {
  name: 'prices',
  singular: 'price',
  table: 'prices',
  api: /* @__PURE__ */ crud('/api/prices', 'Price'),
  access: { read: 'reference.read', write: 'operations.write' },
  scope: { reach: 'none', platformOps: ['create', 'update', 'remove'] },
  fields: { price: { kind: 'money', required: true, unique: true } },
  messages: { create: 'Please provide price details.', update: 'Please provide price details.' },
  representation: 'price',
  defaultSort: { field: 'price', order: 'ASC' },
} as const satisfies ResourceDef;

export const trips = {
  name: 'trips',
  singular: 'trip',
  table: 'trips',
  api: /* @__PURE__ */ crud(API_BASES.trips, 'Trip'),
  access: { read: 'trips.read', write: 'trips.write' },
  scope: { reach: 'trip', body: { busId: 'bus' } },
  publicOps: ['one'],
  customRoutes: ['one'],
  fields: {
    busId: { kind: 'reference', ref: 'buses', required: true },
    trip_originId: { kind: 'reference', ref: 'origins', required: true },
    trip_destinationId: { kind: 'reference', ref: 'destinations', required: true },
    trip_date: { kind: 'date', required: true },
    trip_boarding_time: {
      kind: 'choice',
      choices: BOARDING_TIMES,
      moreChoices: 'boardingTimes',
      required: true,
    },
    trip_ticket_priceId: { kind: 'reference', ref: 'prices', required: true },
    /** Intermediate stops, in order (shared/segments.ts); none: origin → destination as ever. */
    trip_stops: { kind: 'stops', defaultValue: [] },
    /** Fares between stops other than the ends (whose price is trip_ticket_priceId); a pair not listed is not sold. */
    trip_fares: { kind: 'fares', defaultValue: [] },
    bookedSeats: { kind: 'seats', readOnly: true, computed: true },
    isCancelled: { kind: 'boolean', readOnly: true },
  },
  messages: { create: 'Please provide all trip details.', update: 'Please provide all trip details.' },
  representation: 'trip_date',
  defaultSort: { field: 'trip_date', order: 'DESC' },
} as const satisfies ResourceDef;

/** A trip that repeats: the trips of its days are put on sale SALES_HORIZON_DAYS ahead (server/jobs.ts). */
export const timetables = {
  name: 'timetables',
  singular: 'timetable',
  table: 'timetables',
  api: /* @__PURE__ */ crud('/api/timetables', 'Timetable'),
  access: { read: 'trips.read', write: 'trips.write' },
  scope: { reach: 'timetable', body: { busId: 'bus' } },
  // Creating and editing put trips on sale at once and answer how many (server/resources/timetables/).
  customRoutes: ['create', 'update'],
  fields: {
    timetable_originId: { kind: 'reference', ref: 'origins', required: true },
    timetable_destinationId: { kind: 'reference', ref: 'destinations', required: true },
    busId: { kind: 'reference', ref: 'buses', required: true },
    timetable_boarding_time: {
      kind: 'choice',
      choices: BOARDING_TIMES,
      moreChoices: 'boardingTimes',
      required: true,
    },
    timetable_ticket_priceId: { kind: 'reference', ref: 'prices', required: true },
    /** Copied to each of its trips (shared/segments.ts). */
    trip_stops: { kind: 'stops', defaultValue: [] },
    trip_fares: { kind: 'fares', defaultValue: [] },
    timetable_days: { kind: 'weekdays', required: true },
    timetable_from: { kind: 'date', required: true },
    timetable_until: { kind: 'date' },
    timetable_dates_off: { kind: 'dateList' },
    isActive: { kind: 'boolean', defaultValue: true },
  },
  messages: {
    create: 'Please provide all timetable details.',
    update: 'Please provide all timetable details.',
  },
  representation: 'timetable_boarding_time',
  defaultSort: { field: 'timetable_from', order: 'DESC' },
} as const satisfies ResourceDef;

export const reports = {
  name: 'reports',
  singular: 'report',
  table: 'reports',
  api: /* @__PURE__ */ crud('/api/reports', 'Report'),
  access: { read: 'operations.read', write: 'operations.write' },
  scope: { reach: 'platform' },
  fields: {
    report_title: { kind: 'text', required: true, searchable: true },
    report_description: { kind: 'longtext', required: true, searchable: true, maxLength: 20000 },
    created_at: { kind: 'timestamp', readOnly: true },
    updated_at: { kind: 'timestamp', readOnly: true },
  },
  messages: { create: 'Please provide all report details.', update: 'Please provide all report details.' },
  representation: 'report_title',
  defaultSort: { field: 'created_at', order: 'DESC' },
  timestamps: true,
} as const satisfies ResourceDef;

export const users = {
  name: 'users',
  singular: 'user',
  table: 'users',
  api: {
    base: API_BASES.auth,
    list: 'getAllusers',
    one: 'getUser',
    create: 'register',
    update: 'updateUser',
    remove: 'deleteUser',
  },
  access: { read: 'users.manage', write: 'users.manage' },
  scope: { reach: 'platform' },

  customRoutes: ['create', 'update', 'remove'],
  fields: {
    username: { kind: 'text', required: true, searchable: true, unique: true },
    first_name: { kind: 'text', required: true, searchable: true },
    last_name: { kind: 'text', required: true, searchable: true },
    phone_number: { kind: 'phone', required: true, searchable: true },
    email: { kind: 'email', required: true, searchable: true, unique: true },
    password: { kind: 'password', required: true, writeOnly: true },
    password_confirm: { kind: 'password', required: true, writeOnly: true },
    full_name: { kind: 'text', readOnly: true, computed: true },
    // What the account may do (shared/roles.ts); admins set it, a new account without one gets the least.
    role: { kind: 'choice', choices: ROLES },
    /** The company the account works for: it sees only that company's business (none: the platform's). */
    companyId: { kind: 'reference', ref: 'companies' },
  },
  messages: {
    create: 'Please provide all the requested details.',
    update: 'Please provide all the requested details.',
  },
  representation: 'full_name',
  defaultSort: { field: 'first_name', order: 'ASC' },
  timestamps: true,
} as const satisfies ResourceDef;

export const bookings = {
  name: 'bookings',
  singular: 'booking',
  table: 'bookings',
  api: { .../* @__PURE__ */ crud(API_BASES.bookings, 'Booking'), update: undefined },
  access: { read: 'bookings.read', write: 'bookings.delete' },
  scope: { reach: 'booking', body: { tripId: 'trip' } },
  publicOps: ['create'],
  customRoutes: ['create', 'remove'],
  fields: {
    tripId: { kind: 'reference', ref: 'trips', required: true, blocksDeleteWhen: { isCancelled: 0 } },
    ticketId: { kind: 'text', readOnly: true, searchable: true },
    seats: { kind: 'seats', required: true },
    passengerInfo: { kind: 'passenger', required: true },
    totalTicketPrice: { kind: 'priceList', required: true },
    /** Stop indexes the traveller boards and alights at (0 = the trip's origin, n + 1 its destination). */
    boardingStop: { kind: 'integer', readOnly: true, min: 0, max: MAX_STOPS },
    alightingStop: { kind: 'integer', readOnly: true, min: 1, max: MAX_STOPS + 1 },
    bookingDate: { kind: 'timestamp', required: true },
    isCancelled: { kind: 'boolean', readOnly: true },
    bankakScreenshot: { kind: 'image' },
    // The payment (shared/payments.ts): set by the server as travellers send proofs and staff decide.
    paymentStatus: { kind: 'choice', choices: PAYMENT_STATUSES, readOnly: true },
    paymentReference: { kind: 'text', readOnly: true, searchable: true },
    paymentMethod: { kind: 'choice', choices: PAYMENT_METHODS, readOnly: true },
    paymentDeadline: { kind: 'timestamp', readOnly: true },
    /** A proof under review: when staff are expected to have decided (its hold ends at paymentDeadline). */
    reviewDeadline: { kind: 'timestamp', readOnly: true },
    verifiedBy: { kind: 'text', readOnly: true },
    verifiedAt: { kind: 'timestamp', readOnly: true },
    verifiedVia: { kind: 'text', readOnly: true },
    overrideNote: { kind: 'text', readOnly: true },
    rejectionReason: { kind: 'choice', choices: REJECTION_REASONS, readOnly: true },
    rejectionNote: { kind: 'text', readOnly: true },
    soldBy: { kind: 'text', readOnly: true },
    refundDue: { kind: 'money', readOnly: true },
    refundPaidAt: { kind: 'timestamp', readOnly: true },
    refundPaidBy: { kind: 'text', readOnly: true },
    refundReference: { kind: 'text', readOnly: true },
    refundMethod: { kind: 'choice', choices: REFUND_METHODS, readOnly: true },
    refundRecordedBy: { kind: 'text', readOnly: true },
    refundRecordedAt: { kind: 'timestamp', readOnly: true },
    /** Not boarded by departure (marked once the trip has left). */
    noShow: { kind: 'boolean', readOnly: true },
    /** What became of the booking when the operator cancelled or delayed its trip (shared/disruptions.ts). */
    disruptionState: { kind: 'choice', choices: DISRUPTION_STATES, readOnly: true },
  },
  messages: {
    create: 'Please provide your personal details.',
    update: 'Please provide your personal details.',
  },
  representation: 'ticketId',
  defaultSort: { field: 'bookingDate', order: 'DESC' },
} as const satisfies ResourceDef;

/** Lost-item reports sent from the public site; staff read them in an inbox. */
export const lostItems = {
  name: 'lostItems',
  singular: 'lost-item report',
  table: 'lost_items',
  api: {
    base: '/api/lostItems',
    list: 'getAllLostItems',
    one: 'getLostItem',
    create: 'createLostItem',
    remove: 'deleteLostItem',
  },
  access: { read: 'inbox.read', write: 'inbox.delete' },
  scope: { reach: 'platform' },

  publicOps: ['create'],
  fields: {
    first_name: { kind: 'text', required: true, searchable: true },
    last_name: { kind: 'text', required: true, searchable: true },
    phone: { kind: 'phone', required: true, searchable: true },
    email: { kind: 'email' },
    date_of_loss: { kind: 'date', required: true },
    item_type: { kind: 'choice', choices: LOST_ITEM_TYPES, required: true },
    colour: { kind: 'choice', choices: LOST_ITEM_COLOURS, required: true },
    brand: { kind: 'text' },
    bus_number: { kind: 'text', searchable: true },
    line_description: { kind: 'text' },
    boarding_time: { kind: 'choice', choices: BOARDING_TIMES, moreChoices: 'boardingTimes' },
    message_subject: { kind: 'text', searchable: true },
    description: { kind: 'longtext', required: true, searchable: true, maxLength: 2000 },
    created_at: { kind: 'timestamp', readOnly: true },
    updated_at: { kind: 'timestamp', readOnly: true },
  },
  messages: {
    create: 'Please provide all the details of the lost item.',
    update: 'Please provide all the details of the lost item.',
  },
  representation: 'item_type',
  defaultSort: { field: 'created_at', order: 'DESC' },
  timestamps: true,
} as const satisfies ResourceDef;

/** Public enquiries sent from the public site; staff read them in an inbox. */
export const enquiries = {
  name: 'enquiries',
  singular: 'enquiry',
  table: 'enquiries',
  api: {
    base: '/api/enquiries',
    list: 'getAllEnquiries',
    one: 'getEnquiry',
    create: 'createEnquiry',
    remove: 'deleteEnquiry',
  },
  access: { read: 'inbox.read', write: 'inbox.delete' },
  scope: { reach: 'platform' },

  publicOps: ['create'],
  fields: {
    first_name: { kind: 'text', required: true, searchable: true },
    last_name: { kind: 'text', required: true, searchable: true },
    phone: { kind: 'phone', required: true, searchable: true },
    message: { kind: 'longtext', required: true, searchable: true, maxLength: 2000 },
    created_at: { kind: 'timestamp', readOnly: true },
    updated_at: { kind: 'timestamp', readOnly: true },
  },
  messages: {
    create: 'Please provide your details and your message.',
    update: 'Please provide your details and your message.',
  },
  representation: 'first_name',
  defaultSort: { field: 'created_at', order: 'DESC' },
  timestamps: true,
} as const satisfies ResourceDef;

/** The activity log (who did what), written by the server as staff work; read only, never changed. */
export const activity = {
  name: 'activity',
  singular: 'activity entry',
  table: 'audit_log',
  api: { base: API_BASES.activity, list: 'getAllActivity', one: 'getActivity' },
  access: { read: 'activity.read', write: 'activity.read' },
  scope: { reach: 'activity' },
  fields: {
    at: { kind: 'timestamp', readOnly: true },
    userId: { kind: 'text', readOnly: true },
    userLabel: { kind: 'text', readOnly: true, searchable: true },
    action: { kind: 'text', readOnly: true },
    resource: { kind: 'text', readOnly: true },
    recordId: { kind: 'text', readOnly: true },
    diff: { kind: 'longtext', readOnly: true },
    ip: { kind: 'text', readOnly: true },
  },
  messages: { create: 'Activity is recorded by the server.', update: 'Activity is never changed.' },
  representation: 'action',
  defaultSort: { field: 'at', order: 'DESC' },
} as const satisfies ResourceDef;

/** Every resource, in the order the back-office lists them. */
export const registry = {
  bookings,
  trips,
  timetables,
  reports,
  companies,
  buses,
  employees,
  users,
  origins,
  destinations,
  prices,
  positions,
  lostItems,
  enquiries,
  activity,
} as const satisfies Record<string, ResourceDef>;

export type ResourceName = keyof typeof registry;
export const resources: readonly ResourceDef[] = /* @__PURE__ */ Object.values(registry);

export function getResource(name: string): ResourceDef {
  const def = (registry as Record<string, ResourceDef>)[name];
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}
