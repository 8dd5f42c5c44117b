// react-admin's dataProvider, generated from the registry: every resource's calls map onto the spec's URLs
// ({base}/{getAll…|get…|create…|update…|delete…}, and the hand-written calls, all from shared/api-paths.ts),
// with the server's paging, sorting and filtering parameters. Errors are mapped in one place: an HttpError
// carrying the server's message and body (its field errors as our message keys where we have the words).
import { type DataProvider, HttpError } from 'react-admin';
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
import type { SeatTraveller } from '../../shared/boarding.ts';
import type { Session } from '../auth/session.ts';
import { type Doc, toCreateBody, toPatchBody, toRecord, toRecords } from './records.ts';
import { fieldErrorKeys } from './serverWords.ts';

/** Answers of the hand-written calls, as the API contract declares them. */
export type { DashboardSummary, PassengerRow, SeatTraveller };

export type ManifestFormat = 'pdf' | 'csv' | 'xlsx';

/** A traveller as staff give one: the seat, the full name, and an official ID or none. */
export interface TravellerInput {
  seat: number;
  fullName: string;
  idType: string | null;
  idNumber: string | null;
}

export interface RihlaDataProvider extends DataProvider {
  cancelTrip(id: string): Promise<{ data: Record<string, unknown> & { id: string } }>;
  cancelBooking(id: string): Promise<{ data: Record<string, unknown> & { id: string } }>;
  tripPassengers(id: string): Promise<PassengerRow[]>;
  dashboardSummary(): Promise<DashboardSummary>;
  /** Who sits on each seat of a booking, with their ID. */
  travellers(bookingId: string): Promise<SeatTraveller[]>;
  updateTravellers(bookingId: string, passengers: TravellerInput[]): Promise<SeatTraveller[]>;
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

type Params = Record<string, string | number | boolean | null | undefined | readonly unknown[]>;

function queryString(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function path(def: ResourceDef, op: Operation, id?: string) {
  if (!def.api[op]) throw new HttpError(`${def.name} has no ${op} call`, 405);
  return operationPath(def, op, id);
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/**
 * A day picked for a timestamp range (booking date from … to …) means that whole day in Khartoum: the
 * server compares ISO instants, so "to 2026-11-30" becomes the last instant of that day.
 */
function timestampDays(def: ResourceDef, filter: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...filter };
  for (const [key, value] of Object.entries(filter)) {
    const range = /^(.+)_(gte|lte)$/.exec(key);
    if (
      !range ||
      def.fields[range[1]]?.kind !== 'timestamp' ||
      typeof value !== 'string' ||
      !DATE_PATTERN.test(value)
    )
      continue;
    const start = khartoumMidnight(value);
    out[key] = new Date(range[2] === 'gte' ? start : start + 86_400_000 - 1).toISOString();
  }
  return out;
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
  const send = (method: string, url: string, body: unknown) =>
    json(url, { method, headers: JSON_HEADERS, body: JSON.stringify(body) });

  const listQuery = (def: ResourceDef, params: any): Params => {
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const { field, order } = params.sort ?? def.defaultSort;
    return {
      ...timestampDays(def, params.filter ?? {}),
      _start: (page - 1) * perPage,
      _end: page * perPage,
      _sort: field === 'id' ? '_id' : field,
      _order: String(order).toUpperCase() === 'DESC' ? 'DESC' : 'ASC',
    };
  };

  const list = async (def: ResourceDef, query: Params) => {
    const response = await call(path(def, 'list') + queryString(query));
    const docs: Doc[] = await response.json();
    const { data, prefetched } = toRecords(def, docs);
    const total = Number(response.headers.get('X-Total-Count') ?? data.length);
    return { data, total, meta: { prefetched } };
  };
  const one = (def: ResourceDef, doc: Doc) => {
    const prefetched = {};
    return { data: toRecord(def, doc, prefetched), meta: { prefetched } };
  };

  const provider: RihlaDataProvider = {
    getList: (resource, params) =>
      list(getResource(resource), listQuery(getResource(resource), params)) as any,
    getOne: async (resource, { id }) => {
      const def = getResource(resource);
      return one(def, await json(path(def, 'one', String(id)))) as any;
    },
    getMany: async (resource, { ids }) => {
      const def = getResource(resource);
      const { data, meta } = await list(def, { id: ids.map(String), _start: 0, _end: ids.length });
      return { data, meta } as any;
    },
    getManyReference: (resource, params) => {
      const def = getResource(resource);
      return list(def, { ...listQuery(def, params), [params.target]: String(params.id) }) as any;
    },
    create: async (resource, { data }) => {
      const def = getResource(resource);
      return one(def, await send('POST', path(def, 'create'), toCreateBody(def, data))) as any;
    },
    update: async (resource, { id, data, previousData }) => {
      const def = getResource(resource);
      const body = toPatchBody(def, data, previousData);
      if (Object.keys(body).length === 0) return { data: previousData } as any;
      return one(def, await send('PATCH', path(def, 'update', String(id)), body)) as any;
    },
    updateMany: async (resource, { ids, data }) => {
      const def = getResource(resource);
      const body = toPatchBody(def, data);
      await Promise.all(ids.map((id) => send('PATCH', path(def, 'update', String(id)), body)));
      return { data: ids };
    },
    delete: async (resource, { id }) => {
      const def = getResource(resource);
      return one(def, await json(path(def, 'remove', String(id)), { method: 'DELETE' })) as any;
    },
    deleteMany: async (resource, { ids }) => {
      const def = getResource(resource);
      await Promise.all(ids.map((id) => call(path(def, 'remove', String(id)), { method: 'DELETE' })));
      return { data: ids };
    },

    cancelTrip: async (id) =>
      one(getResource('trips'), await send('PATCH', tripPaths.cancel(id), { isCancelled: true })) as any,
    cancelBooking: async (id) =>
      one(
        getResource('bookings'),
        await send('PATCH', bookingPaths.cancel(id), { isCancelled: true }),
      ) as any,
    tripPassengers: (id) => json(tripPaths.passengers(id)),
    dashboardSummary: () => json(DASHBOARD_SUMMARY_PATH),
    travellers: (bookingId) => json(apiPath(API_BASES.bookings, 'getPassengers', bookingId)),
    updateTravellers: async (bookingId, passengers) =>
      (await send('PATCH', apiPath(API_BASES.bookings, 'updatePassengers', bookingId), { passengers }))
        .passengers,
    manifest: async (tripId, format) => {
      const response = await call(`${apiPath(API_BASES.trips, 'manifest', tripId)}?format=${format}`);
      const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '');
      return { blob: await response.blob(), fileName: named?.[1] ?? `manifest-${tripId}.${format}` };
    },
    changePassword: async (body) => {
      await send('PATCH', apiPath(API_BASES.auth, 'changePassword'), body);
    },
    upload: async (uploadPath) => {
      if (!uploadPath.startsWith(`${UPLOADS_PATH}/`)) throw new HttpError('ra.notification.bad_item', 400);
      return (await call(uploadPath)).blob();
    },
    request: (url, init) => call(url, init),
  };
  return provider;
}
