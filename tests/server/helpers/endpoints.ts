// Every API endpoint, read from the running app itself (its route tree), so that a route added later is
// fuzzed and put through the auth matrix without anyone remembering to list it. Who may call it comes from
// the registry (publicOps) plus the short hand-written list below; anything not listed counts as staff-only,
// so a new route that is accidentally open makes the auth matrix fail rather than pass unnoticed. Which
// capability a staff endpoint needs comes from shared/roles.ts (each registry entry's `access` for its calls)
// and the hand-written table below, written apart from the routes' own declarations so that the auth matrix
// can hold those to it: a staff route the table does not know has no capability, which fails the matrix.
import type { FastifyInstance } from 'fastify';
import { type Operation, resources } from '../../../shared/registry/index.ts';
import type { Capability } from '../../../shared/roles.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** public: anyone; staff: a valid access token; traveller: anyone with proof in the body, or staff. */
export type Access = 'public' | 'staff' | 'traveller';
/** What a successful answer carries: JSON, or a document that is not JSON (a file: PDF, CSV or XLSX). */
export type Answer = 'json' | 'pdf' | 'image' | 'file' | 'docs';

export interface Endpoint {
  method: Method;
  /** The route as registered, e.g. /api/trips/getTrip/:id */
  route: string;
  access: Access;
  answer: Answer;
  /** The capability a staff endpoint needs (shared/roles.ts); undefined for the others, or an unknown route. */
  capability?: Capability;
  /** Takes a request body. */
  hasBody: boolean;
  /** A body its handler takes, for a call that must get past the body to what follows (an unknown _id). */
  sampleBody?: object;
  /** The route with its parameters filled: `url(id)`; a sample id when none is given. */
  url(param?: string): string;
}

export const SAMPLE_ID = '0123456789abcdef01234567';
export const SAMPLE_UPLOAD = '00000000-0000-4000-8000-000000000000.png';

const OPERATION_METHODS: Record<Operation, Method> = {
  list: 'GET',
  one: 'GET',
  create: 'POST',
  update: 'PATCH',
  remove: 'DELETE',
};

/** Hand-written routes open to anyone (the generated ones say so in the registry). */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/settings',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/trips/filterTrips',
  'GET /api/trips/onSale',
  'POST /api/bookings/createBooking',
  'POST /api/bookings/submitProof',
  'GET /api/bookings/filterBookings',
  'GET /api/bookings/ticket',
  'GET /api/bookings/cancellationQuote',
  // "Find my bookings" by phone: a code texted to the phone proves it.
  'POST /api/bookings/requestCode',
  'POST /api/bookings/myBookings',
  'GET /api/bookings/changeQuote',
  // The SMS gateway's delivery reports: no staff session, its own token (tests/server/messages.test.ts).
  'POST /api/messages/delivery',
  // The Android phone's signed delivery reports (tests/server/messages-android-events.test.ts).
  'POST /api/messages/androidEvents',
  // A traveller's choice of messages, proved by ticket id and phone.
  'PATCH /api/messages/preferences',
]);
const TRAVELLER_ROUTES = new Set([
  'PATCH /api/bookings/cancelBooking/:id',
  'PATCH /api/bookings/cancelSeats/:id',
  // A cancelled trip's traveller chooses (ticket id and phone); staff at the counter may do it for them.
  'POST /api/bookings/moveBooking',
  'POST /api/bookings/requestRefund',
  // Another day (ticket id and phone); staff at the counter may do it for them.
  'POST /api/bookings/changeBooking',
]);
/** What the hand-written staff routes need (the registry's generated ones follow their entry's `access`). */
const STAFF_ROUTES: Record<string, Capability> = {
  'GET /api/auth/user': 'self',
  'PATCH /api/auth/changePassword': 'self',
  'GET /api/settings/getSettings': 'settings.manage',
  'PATCH /api/settings/updateSettings': 'settings.manage',
  'GET /api/settings/getRefundRules': 'settings.manage',
  'PATCH /api/settings/updateRefundRules': 'settings.manage',
  'POST /api/auth/register': 'users.manage',
  'PATCH /api/auth/updateUser/:id': 'users.manage',
  'DELETE /api/auth/deleteUser/:id': 'users.manage',
  'GET /api/dashboard/summary': 'dashboard.read',
  'PATCH /api/trips/cancelTrip/:id': 'trips.write',
  'POST /api/trips/disrupt': 'trips.write',
  'GET /api/trips/passengers/:id': 'trips.passengers',
  'GET /api/trips/manifest/:id': 'trips.passengers',
  'GET /api/bookings/getPassengers/:id': 'trips.passengers',
  'PATCH /api/bookings/updatePassengers/:id': 'passengers.edit',
  'GET /api/checkin/trip/:id': 'boarding.scan',
  'POST /api/checkin/scans': 'boarding.scan',
  'POST /api/bookings/counterSale': 'sales.counter',
  'PATCH /api/bookings/verifyPayment/:id': 'payments.review',
  'PATCH /api/bookings/payInCash/:id': 'sales.counter',
  'PATCH /api/bookings/rejectPayment/:id': 'payments.review',
  'GET /api/payments/getQueue': 'payments.review',
  'GET /api/payments/getPayment/:id': 'payments.review',
  'GET /api/payments/getCancelledProofs': 'payments.review',
  'PATCH /api/payments/checkCancelledProof/:id': 'payments.review',
  'GET /api/uploads/:name': 'payments.review',
  'POST /api/payments/importStatement': 'payments.import',
  'GET /api/payments/getRefunds': 'refunds.manage',
  'PATCH /api/payments/markRefundPaid/:id': 'refunds.manage',
  'PATCH /api/payments/confirmCashRefund/:id': 'refunds.confirm',
  'GET /api/messages/getAllMessages': 'messages.read',
  'GET /api/messages/getMessage/:id': 'messages.read',
  'PATCH /api/messages/resend/:id': 'messages.resend',
  'POST /api/messages/broadcast': 'messages.broadcast',
  'GET /api/analytics/occupancy': 'analytics.read',
  'GET /api/analytics/sales': 'analytics.read',
  'GET /api/analytics/settlement': 'analytics.read',
  'POST /api/shifts/openShift': 'shifts.own',
  'PATCH /api/shifts/closeShift/:id': 'shifts.own',
  'GET /api/shifts/getAllShifts': 'shifts.own',
  'GET /api/shifts/getShift/:id': 'shifts.own',
  'POST /api/conductors/assign': 'conductors.assign',
  'DELETE /api/conductors/unassign/:id': 'conductors.assign',
  'GET /api/conductors/getAssignments': 'conductors.assign',
  'GET /api/conductors/getConductors': 'conductors.assign',
};
/** The API documentation: for any signed-in staff member unless the app is built with PUBLIC_API_DOCS=1. */
const DOCS_CAPABILITY: Capability = 'self';
/** Routes that check their body before they look their _id up (the others take an empty one). */
const SAMPLE_BODIES: Record<string, object> = {
  'PATCH /api/bookings/rejectPayment/:id': { reason: 'other' },
  'PATCH /api/bookings/payInCash/:id': { totalTicketPrice: 1 },
  'PATCH /api/payments/markRefundPaid/:id': { refundReference: 'SAMPLE-1' },
  'PATCH /api/payments/checkCancelledProof/:id': { moneyArrived: false },
  'PATCH /api/bookings/updatePassengers/:id': { passengers: [] },
  'PATCH /api/bookings/cancelSeats/:id': { seats: [1] },
  'POST /api/messages/broadcast': { tripId: 'x', text_en: 'Hello', text_ar: 'مرحبا' },
  'PATCH /api/shifts/closeShift/:id': { counted: 0 },
  'POST /api/conductors/assign': { userId: 'nobody', tripId: 'no-trip' },
};
/** Routes that need a query to answer at all (a report's period): their url() carries a valid one. */
const SAMPLE_QUERIES: Record<string, string> = {
  'GET /api/analytics/occupancy': '?from=2026-01-01&to=2026-01-31',
  'GET /api/analytics/sales': '?from=2026-01-01&to=2026-01-31',
  'GET /api/analytics/settlement': '?from=2026-01-01&to=2026-01-31',
};
const ANSWERS: Record<string, Answer> = {
  'GET /api/bookings/ticket': 'pdf',
  'GET /api/uploads/:name': 'image',
  'GET /api/trips/manifest/:id': 'file',
};

/** The registry's generated operations open to the public, as "METHOD /path/:id". */
export function registryPublicRoutes(): Set<string> {
  const open = new Set<string>();
  for (const def of resources) {
    for (const op of def.publicOps ?? []) {
      const name = def.api[op];
      if (!name) continue;
      const suffix = op === 'list' || op === 'create' ? '' : '/:id';
      open.add(`${OPERATION_METHODS[op]} ${def.api.base}/${name}${suffix}`);
    }
  }
  return open;
}

/** The capability of each of the registry's generated operations, as "METHOD /path[/:id]" → capability. */
export function registryCapabilities(): Map<string, Capability> {
  const needs = new Map<string, Capability>();
  for (const def of resources) {
    const { access } = def;
    for (const op of Object.keys(OPERATION_METHODS) as Operation[]) {
      const name = def.api[op];
      if (!name) continue;
      const suffix = op === 'list' || op === 'create' ? '' : '/:id';
      const capability = op === 'list' || op === 'one' ? access.read : access.write;
      needs.set(`${OPERATION_METHODS[op]} ${def.api.base}/${name}${suffix}`, capability);
    }
  }
  return needs;
}

/** Every operation the registry describes, as "METHOD /path[/:id]" (the app must serve each of them). */
export function registryRoutes(): string[] {
  return resources.flatMap((def) =>
    (Object.keys(OPERATION_METHODS) as Operation[])
      .filter((op) => def.api[op])
      .map((op) => {
        const suffix = op === 'list' || op === 'create' ? '' : '/:id';
        return `${OPERATION_METHODS[op]} ${def.api.base}/${def.api[op]}${suffix}`;
      }),
  );
}

/** The full path of the wildcard route printed below `parent` ("/api/docs" → "/api/docs/static/*"). */
function wildcard(app: FastifyInstance, parent: string): string {
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  const full = [...new Set(app.routeAccess.map((route) => route.url))].filter(
    (url) => url.startsWith(base) && url.endsWith('*'),
  );
  return full.length === 1 ? full[0] : `${base}*`;
}

/**
 * "METHOD /path" of every route the app serves, from `printRoutes()`. The tree prints one node per line,
 * four characters of indentation per level; a child's text continues its parent's path.
 */
export function appRoutes(app: FastifyInstance): { method: Method; route: string }[] {
  const found: { method: Method; route: string }[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const parent = stack[depth - 1] ?? '';
    // A wildcard child prints as "*" although it matches below its parent's path, and the tree may have
    // folded part of that path away ("/api/docs/static/*" prints as "*" under "/api/docs"): the route list
    // the app kept as routes were added (app.routeAccess) names it in full.
    const route = match[2] === '*' ? wildcard(app, parent) : parent + match[2];
    stack[depth] = route;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) {
        found.push({ method: method as Method, route });
      }
    }
  }
  return found;
}

function fill(route: string, param?: string): string {
  return route
    .replace(/:id\b/, param ?? SAMPLE_ID)
    .replace(/:name\b/, param ?? SAMPLE_UPLOAD)
    .replace(/\*$/, param ?? 'index.html');
}

/** Every /api endpoint of the app, classified. */
export function listEndpoints(app: FastifyInstance): Endpoint[] {
  const open = registryPublicRoutes();
  const needs = registryCapabilities();
  const publicDocs = app.config.publicApiDocs;
  return appRoutes(app)
    .filter(({ route }) => route.startsWith('/api/'))
    .map(({ method, route }) => {
      const key = `${method} ${route}`;
      const docs = route === '/api/docs' || route.startsWith('/api/docs/');
      const access: Access =
        (docs && publicDocs) || PUBLIC_ROUTES.has(key) || open.has(key)
          ? 'public'
          : TRAVELLER_ROUTES.has(key)
            ? 'traveller'
            : 'staff';
      const capability =
        access !== 'staff' ? undefined : docs ? DOCS_CAPABILITY : (STAFF_ROUTES[key] ?? needs.get(key));
      return {
        method,
        route,
        access,
        capability,
        answer: docs ? 'docs' : (ANSWERS[key] ?? 'json'),
        hasBody: method === 'POST' || method === 'PATCH' || method === 'PUT',
        sampleBody: SAMPLE_BODIES[key],
        url: (param?: string) => fill(route, param) + (SAMPLE_QUERIES[key] ?? ''),
      };
    });
}

/** A multipart/form-data part: a text field, or a file with the name and type the client claims. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject, as a browser's FormData sends it. */
export function formData(parts: FormPart[], boundary = `----rihla${Math.random().toString(36).slice(2)}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType}\r\n`
        : `Content-Disposition: form-data; name="${part.name}"\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n`, 'utf8'));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
