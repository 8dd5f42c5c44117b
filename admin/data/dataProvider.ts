// react-admin's dataProvider: ra-data-simple-rest's calls over the spec's URLs. Its requests
// (`/{resource}[/{id}]?sort&range&filter`, PUT for an update) are mapped onto the registry's calls
// ({base}/{getAll…|get…|create…|update…|delete…}[/{id}], PATCH) with the server's _start/_end/_sort/_order/
// <field> parameters by the one httpClient below; records are the server's documents with `id` (populated
// references handed to react-admin's cache), and bodies carry the writable fields only (an update the changed
// ones). The hand-written calls (cancel, passengers, manifest, payments…) sit beside it, over the same request.
// Errors are mapped in one place: an HttpError with the server's message and body (its field errors as our
// message keys where we have the words).
import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, type fetchUtils, HttpError } from 'react-admin';
import {
  API_BASES,
  apiPath,
  bookingPaths,
  DASHBOARD_SUMMARY_PATH,
  operationPath,
  tripPaths,
  UPLOADS_PATH,
} from '../../shared/api-paths.ts';
import { getResource, type Operation, type ResourceDef } from '../../shared/registry/index.ts';
import { DATE_PATTERN, khartoumMidnight } from '../../shared/rules.ts';
import type { DashboardSummary, PassengerRow } from '../../shared/contract/index.ts';
import type { DisruptAnswer, DisruptBody } from '../../shared/contract/disruptions.ts';
import type { OccupancyReport, SalesReport, SettlementReport } from '../../shared/contract/analytics.ts';
import type { SeatTraveller } from '../../shared/boarding.ts';
import type { Session } from '../auth/session.ts';
import { type Doc, toCreateBody, toPatchBody, toRecord, toRecords } from './records.ts';
import { fieldErrorKeys } from './serverWords.ts';

/** Answers of the hand-written calls, as the API contract declares them. */
export type { DashboardSummary, DisruptAnswer, DisruptBody, PassengerRow, SeatTraveller };

/** The reason travellers are told, in both languages. */
export interface Reason {
  reason_en: string;
  reason_ar: string;
}

export type ManifestFormat = 'pdf' | 'csv' | 'xlsx';

/** A report's period, and its company (none: every company the caller sees). */
export interface ReportQuery {
  from: string;
  to: string;
  companyId?: string;
}
export type { OccupancyReport, SalesReport, SettlementReport };
export type ReportName = 'occupancy' | 'sales' | 'settlement';
export type ReportFileFormat = 'csv' | 'xlsx' | 'pdf';

const reportUrl = (report: string, query: ReportQuery, format = 'json') =>
  `${apiPath(API_BASES.analytics, report)}?${new URLSearchParams({ ...query, format })}`;

/** A traveller as staff give one: the seat, the full name, and an official ID or none. */
export interface TravellerInput {
  seat: number;
  fullName: string;
  idType: string | null;
  idNumber: string | null;
}

type Saved = Promise<{ data: Record<string, unknown> & { id: string } }>;

export interface RihlaDataProvider extends DataProvider {
  /** Cancels a trip; without a reason travellers are told the company's default one. */
  cancelTrip(id: string, reason?: Reason): Saved;
  /** Cancels or delays trips (or, with dryRun, says what it would do). */
  disrupt(body: DisruptBody): Promise<DisruptAnswer>;
  cancelBooking(id: string): Saved;
  /** Cancels some seats of a booking, which keeps its others. */
  cancelSeats(id: string, seats: number[]): Promise<unknown>;
  tripPassengers(id: string): Promise<PassengerRow[]>;
  dashboardSummary(): Promise<DashboardSummary>;
  /** Who sits on each seat of a booking, with their ID. */
  travellers(bookingId: string): Promise<SeatTraveller[]>;
  updateTravellers(bookingId: string, passengers: TravellerInput[]): Promise<SeatTraveller[]>;
  /** A report of /api/analytics for a period, as JSON. */
  occupancy(query: ReportQuery): Promise<OccupancyReport>;
  sales(query: ReportQuery): Promise<SalesReport>;
  settlement(query: ReportQuery): Promise<SettlementReport>;
  /** The same report as a CSV or XLSX file (the settlement also as PDF statements), named by the server. */
  reportFile(
    report: ReportName,
    query: ReportQuery,
    format: ReportFileFormat,
  ): Promise<{ blob: Blob; fileName: string }>;
  /** A trip's checkpoint manifest as a file, with the name the server gives it. */
  manifest(tripId: string, format: ManifestFormat): Promise<{ blob: Blob; fileName: string }>;
  /** The signed-in staff member's own password. */
  changePassword(body: {
    current_password: string;
    password: string;
    password_confirm: string;
  }): Promise<void>;
  /** A staff-only upload (payment proof) as a Blob, fetched with the bearer token. */
  upload(path: string): Promise<Blob>;
  /**
   * Any other call (the payments' screens build theirs on it), with the same session and error mapping: the
   * answer when it is a success, an HttpError with the server's message and body otherwise.
   */
  request(path: string, init?: RequestInit): Promise<Response>;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };
const OPERATIONS: Record<string, Operation> = { POST: 'create', PUT: 'update', DELETE: 'remove' };

/**
 * A day picked for a timestamp range (booking date from … to …) means that whole day in Khartoum: the
 * server compares ISO instants, so "to 2026-11-30" becomes the last instant of that day.
 */
function timestampDay(def: ResourceDef, key: string, value: unknown) {
  const range = /^(.+)_(gte|lte)$/.exec(key);
  if (!range || def.fields[range[1]]?.kind !== 'timestamp' || !DATE_PATTERN.test(String(value))) return value;
  const start = khartoumMidnight(String(value));
  return new Date(range[2] === 'gte' ? start : start + 86_400_000 - 1).toISOString();
}

/** simple-rest's list parameters (JSON sort, range and filter) as the server's. */
function listQuery(def: ResourceDef, params: URLSearchParams): string {
  const query = new URLSearchParams();
  const filter = JSON.parse(params.get('filter') ?? '{}') as Record<string, unknown>;
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value])
      query.append(key, String(timestampDay(def, key, item)));
  }
  if (params.has('range')) {
    const [start, end] = JSON.parse(params.get('range')!) as [number, number];
    query.set('_start', String(start));
    query.set('_end', String(end + 1));
  }
  if (params.has('sort')) {
    const [field, order] = JSON.parse(params.get('sort')!) as [string, string];
    query.set('_sort', field === 'id' ? '_id' : field);
    query.set('_order', order.toUpperCase() === 'DESC' ? 'DESC' : 'ASC');
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The spec's URL of one of simple-rest's requests: its method and whether it names an id say which call. */
function specUrl(url: string, method: string): string {
  const { pathname, searchParams } = new URL(url, 'http://rihla');
  const [name, id] = pathname.slice(1).split('/').map(decodeURIComponent);
  const def = getResource(name);
  const op = OPERATIONS[method] ?? (id === undefined ? 'list' : 'one');
  if (!def.api[op]) throw new HttpError(`${def.name} has no ${op} call`, 405);
  return operationPath(def, op, id) + (op === 'list' ? listQuery(def, searchParams) : '');
}

/** A document as react-admin's record: `id`, references as `_id` strings, their documents as `prefetched`. */
function asRecords(resource: string, answer: { data: any }): any {
  const def = getResource(resource);
  if (Array.isArray(answer.data)) {
    const { data, prefetched } = toRecords(def, answer.data);
    return { ...answer, data, meta: { prefetched } };
  }
  const prefetched = {};
  return { ...answer, data: toRecord(def, answer.data as Doc, prefetched), meta: { prefetched } };
}

export function createDataProvider(session: Session): RihlaDataProvider {
  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await session.fetch(url, init);
    } catch {
      throw new HttpError('ra.notification.http_error', 0);
    }
    if (response.ok) return response;
    const body = await response.json().catch(() => ({}));
    const message = typeof body?.message === 'string' ? body.message : 'ra.notification.http_error';
    // A form shows `errors` beside its fields: in the page's language where the sentence is one we know.
    const errors = fieldErrorKeys(body?.errors);
    throw new HttpError(message, response.status, errors ? { ...body, errors } : body);
  }
  const json = async (url: string, init?: RequestInit) => (await call(url, init)).json();
  /** A file answer, with the name the server gives it (`fallback` if none). */
  async function file(url: string, fallback: string) {
    const response = await call(url);
    const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
    return { blob: await response.blob(), fileName: named?.[1] ?? fallback };
  }
  const send = (method: string, url: string, body: unknown) =>
    json(url, { method, headers: JSON_HEADERS, body: JSON.stringify(body) });

  async function httpClient(url: string, { method = 'GET', body, signal }: fetchUtils.Options = {}) {
    const headers = body ? JSON_HEADERS : undefined;
    const init = { method: method === 'PUT' ? 'PATCH' : method, body, signal, headers };
    const response = await call(specUrl(url, method), init);
    const answer = await response.json();
    // simple-rest's updateMany and deleteMany read `id`.
    const withId = (doc: Doc) => ({ ...doc, id: doc._id });
    const parsed = Array.isArray(answer) ? answer.map(withId) : answer && withId(answer);
    return { status: response.status, headers: response.headers, body: '', json: parsed };
  }
  const rest = simpleRestProvider('', httpClient, 'X-Total-Count');
  const def = getResource;

  return {
    ...rest,
    getList: async (resource, params) =>
      asRecords(
        resource,
        await rest.getList(resource, { ...params, sort: params.sort ?? def(resource).defaultSort }),
      ),
    getOne: async (resource, params) => asRecords(resource, await rest.getOne(resource, params)),
    getMany: async (resource, params) => asRecords(resource, await rest.getMany(resource, params)),
    getManyReference: async (resource, params) =>
      asRecords(resource, await rest.getManyReference(resource, params)),
    create: async (resource, params) =>
      asRecords(
        resource,
        await rest.create(resource, { ...params, data: toCreateBody(def(resource), params.data) }),
      ),
    update: async (resource, params) => {
      const data = toPatchBody(def(resource), params.data, params.previousData);
      if (Object.keys(data).length === 0) return { data: params.previousData } as any;
      return asRecords(resource, await rest.update(resource, { ...params, data }));
    },
    updateMany: (resource, params) =>
      rest.updateMany(resource, { ...params, data: toPatchBody(def(resource), params.data) }),
    delete: async (resource, params) => asRecords(resource, await rest.delete(resource, params)),

    cancelTrip: async (id, reason) =>
      asRecords('trips', {
        data: await send('PATCH', tripPaths.cancel(id), { isCancelled: true, ...reason }),
      }),
    disrupt: (body) => send('POST', apiPath(API_BASES.trips, 'disrupt'), body),
    cancelBooking: async (id) =>
      asRecords('bookings', { data: await send('PATCH', bookingPaths.cancel(id), { isCancelled: true }) }),
    cancelSeats: (id, seats) => send('PATCH', bookingPaths.cancelSeats(id), { seats }),
    tripPassengers: (id) => json(tripPaths.passengers(id)),
    dashboardSummary: () => json(DASHBOARD_SUMMARY_PATH),
    travellers: (bookingId) => json(apiPath(API_BASES.bookings, 'getPassengers', bookingId)),
    updateTravellers: async (bookingId, passengers) =>
      (await send('PATCH', apiPath(API_BASES.bookings, 'updatePassengers', bookingId), { passengers }))
        .passengers,
    occupancy: (query) => json(reportUrl('occupancy', query)),
    sales: (query) => json(reportUrl('sales', query)),
    settlement: (query) => json(reportUrl('settlement', query)),
    reportFile: (report, query, format) => file(reportUrl(report, query, format), `${report}.${format}`),
    manifest: (tripId, format) =>
      file(
        `${apiPath(API_BASES.trips, 'manifest', tripId)}?format=${format}`,
        `manifest-${tripId}.${format}`,
      ),
    changePassword: async (body) => {
      await send('PATCH', apiPath(API_BASES.auth, 'changePassword'), body);
    },
    upload: async (uploadPath) => {
      if (!uploadPath.startsWith(`${UPLOADS_PATH}/`)) throw new HttpError('ra.notification.bad_item', 400);
      return (await call(uploadPath)).blob();
    },
    request: (url, init) => call(url, init),
  };
}
