// The shape of a registry entry: what every layer needs to know about one resource, as plain data.
import type { Capability, Reach } from '../roles.ts';
import type { TripFare, TripStop } from '../segments.ts';

export type FieldKind =
  | 'text' // one line of text
  | 'longtext' // several lines
  | 'email'
  | 'phone' // 10 digits
  | 'integer'
  | 'money' // a positive amount in SDG
  | 'date' // YYYY-MM-DD
  | 'choice' // one of `choices`
  | 'reference' // the _id of a document of `ref`
  | 'password' // write-only
  | 'boolean'
  | 'timestamp' // ISO 8601, set by the server
  | 'seats' // list of seat numbers
  | 'passenger' // {firstName, lastName, phone, email?}
  | 'priceList' // list of amounts, the first one shown
  | 'image' // URL path of a stored upload
  | 'weekdays' // list of days of the week, 0 = Sunday … 6 = Saturday
  | 'dateList' // list of dates YYYY-MM-DD
  | 'stops' // a trip's intermediate stops, in order: {originId, destinationId, minutes} (shared/segments.ts)
  | 'fares'; // fares between stops: {from, to, price} (shared/segments.ts)

export interface FieldDef {
  kind: FieldKind;
  /** Required on create (blank counts as missing). */
  required?: boolean;
  /** Set by the server; never accepted from a client. */
  readOnly?: boolean;
  /** Computed by the server when it answers; no column of its own. */
  computed?: boolean;
  /** Accepted from a client, never answered. */
  writeOnly?: boolean;
  ref?: string;
  choices?: readonly string[];
  /**
   * `choices` are only the defaults: an admin adds others in Settings (boarding times). Any value of their
   * form passes the schema; the server then checks it against the list configured now.
   */
  moreChoices?: 'boardingTimes';
  min?: number;
  max?: number;
  maxLength?: number;
  /** No two documents may share this value. */
  unique?: boolean;
  /** Included in the free-text `q` search of lists. */
  searchable?: boolean;
  /** What a new document's form starts with (the server applies the same when the field is not given). */
  defaultValue?: unknown;
  /** Only the platform's staff change it (a company sets not its own commission); company staff may read it. */
  platformOnly?: boolean;
  /**
   * Only an admin (the company's or the platform's) changes it: where travellers pay, as the operator's own
   * account in Settings. Others may read it; one manager alone does not redirect a company's money.
   */
  adminOnly?: boolean;
  /** Only rows matching this block deletion of the referenced document (e.g. live bookings). */
  blocksDeleteWhen?: Record<string, unknown>;
}

export type Operation = 'list' | 'one' | 'create' | 'update' | 'remove';

export interface ResourceDef {
  /** Admin resource name, i18n key and REST folder name: lower-case plural. */
  name: string;
  /** Singular noun used in server messages ("company"). */
  singular: string;
  table: string;
  api: {
    base: string;
    list?: string;
    one?: string;
    create?: string;
    update?: string;
    remove?: string;
  };
  /**
   * Who may call its generated calls (shared/roles.ts): list and one need `read`; create, update and delete
   * `write`. Also what the back-office's screens and menu follow.
   */
  access: { read: Capability; write: Capability };
  /**
   * How its documents reach a company (shared/roles.ts, issue 24): `reach` (company staff see and change
   * only their company's; 'none': shared by every company, 'platform': company staff are refused them),
   * `platformOps` the operations only the platform's staff may call (a company creates no company),
   * and `body` the fields that name another company's record (a trip's bus).
   */
  scope: {
    reach: Reach | 'none' | 'platform';
    platformOps?: readonly Operation[];
    body?: Record<string, Reach>;
  };
  /** Operations open to anonymous travellers; every other one needs a staff token. */
  publicOps?: readonly Operation[];
  /** Routes written by hand on the server (the registry still describes fields and paths). */
  customRoutes?: readonly Operation[];
  fields: Record<string, FieldDef>;
  messages: {
    /** Answered when a required field is missing on create (the spec's words). */
    create: string;
    /** Answered when a field is blanked on update. */
    update: string;
  };
  /** Field shown when another screen refers to a document of this resource. */
  representation: string;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  timestamps?: boolean;
}

/** i18n keys of the labels, by react-admin's convention. */
export const resourceLabelKey = (resource: string) => `resources.${resource}.name`;
export const fieldLabelKey = (resource: string, field: string) => `resources.${resource}.fields.${field}`;

// What an entry's fields are, as types: a resource's document (what the API answers) and its table's columns
// (what the generic CRUD layer writes), derived from the entry itself, so a field added to an entry is a field
// of both.

/** What a value of each kind is in a document. */
interface KindValues {
  text: string;
  longtext: string;
  email: string;
  phone: string;
  integer: number;
  money: number;
  date: string;
  choice: string;
  reference: string;
  password: string;
  boolean: boolean;
  timestamp: string;
  seats: number[];
  passenger: { firstName: string; lastName: string; phone: string; email?: string | null };
  priceList: number[];
  image: string;
  weekdays: number[];
  dateList: string[];
  stops: TripStop[];
  fares: TripFare[];
}

/** A field's value in a document: one of its choices (any text where Settings may add more), else its kind's. */
export type FieldValue<F extends FieldDef> = F extends { kind: 'choice'; moreChoices: string }
  ? string
  : F extends { kind: 'choice'; choices: readonly (infer C)[] }
    ? C
    : KindValues[F['kind']];

/** How a value of each kind is kept in its column: flags as 0/1, lists (a route's stops and fares too) as JSON text. */
type ColumnValue<F extends FieldDef> = F['kind'] extends 'boolean'
  ? number
  : F['kind'] extends 'weekdays' | 'dateList' | 'stops' | 'fares'
    ? string
    : FieldValue<F>;

type Fields<D extends ResourceDef> = D['fields'];
/** Kinds kept in columns of their own shape (a booking's seats, passenger and prices), not one per field. */
type StructuredKind = 'seats' | 'passenger' | 'priceList';
type Nullable<F, V> = F extends { required: true } ? V : V | null;

/** A resource's document as the API answers it (references as ids; the CRUD layer may fill them in). */
export type DocumentOf<D extends ResourceDef> = { _id: string } & {
  -readonly [K in keyof Fields<D> as Fields<D>[K] extends { writeOnly: true } ? never : K]?: Nullable<
    Fields<D>[K],
    FieldValue<Fields<D>[K]>
  >;
};

/** The columns of a plain resource's table: `id`, one per stored field, and the timestamps it keeps. */
export type TableOf<D extends ResourceDef> = { id: string } & {
  -readonly [
    K in keyof Fields<D> as Fields<D>[K] extends
      { computed: true } | { writeOnly: true } | { kind: StructuredKind }
      ? never
      : K
  ]: Nullable<Fields<D>[K], ColumnValue<Fields<D>[K]>>;
} & (D extends { timestamps: true } ? { created_at: string; updated_at: string } : unknown);

/**
 * Why `field` is not this staff member's to change, if it is not: only the platform's staff change a
 * platformOnly field, only an admin an adminOnly one. `companyId` is the staff member's company (null: the
 * platform's). The server refuses such a change (403); the back office shows the field locked.
 */
export function fieldLock(
  field: FieldDef,
  staff: { role: string | undefined; companyId: string | null },
): 'PLATFORM_ONLY' | 'ADMIN_ONLY' | undefined {
  if (field.platformOnly && staff.companyId) return 'PLATFORM_ONLY';
  if (field.adminOnly && staff.role !== 'admin') return 'ADMIN_ONLY';
  return undefined;
}
