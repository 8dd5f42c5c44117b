// Every API endpoint, read from the running app itself (its route tree), so that a route added later is
// fuzzed and put through the auth matrix without anyone remembering to list it. Who may call it comes from
// the registry (publicOps) plus the short hand-written list below; anything not listed counts as staff-only,
// so a new route that is accidentally open makes the auth matrix fail rather than pass unnoticed.
import type { FastifyInstance } from 'fastify';
import { type Operation, resources } from '../../../shared/registry/index.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** public: anyone; staff: a valid access token; traveller: anyone with proof in the body, or staff. */
export type Access = 'public' | 'staff' | 'traveller';
/** What a successful answer carries: JSON, or a document that is not JSON. */
export type Answer = 'json' | 'pdf' | 'image' | 'docs';

export interface Endpoint {
  method: Method;
  /** The route as registered, e.g. /api/trips/getTrip/:id */
  route: string;
  access: Access;
  answer: Answer;
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
  'POST /api/bookings/createBooking',
  'POST /api/bookings/submitProof',
  'GET /api/bookings/filterBookings',
  'GET /api/bookings/ticket',
]);
const TRAVELLER_ROUTES = new Set(['PATCH /api/bookings/cancelBooking/:id']);
/** Routes that check their body before they look their _id up (the others take an empty one). */
const SAMPLE_BODIES: Record<string, object> = {
  'PATCH /api/bookings/rejectPayment/:id': { reason: 'other' },
  'PATCH /api/payments/markRefundPaid/:id': { refundReference: 'SAMPLE-1' },
};
const ANSWERS: Record<string, Answer> = {
  'GET /api/bookings/ticket': 'pdf',
  'GET /api/uploads/:name': 'image',
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
    // A wildcard child prints as "*" although it matches below its parent's path ("/api/docs/*").
    const route = parent + (match[2] === '*' && !parent.endsWith('/') ? '/*' : match[2]);
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
  return appRoutes(app)
    .filter(({ route }) => route.startsWith('/api/'))
    .map(({ method, route }) => {
      const key = `${method} ${route}`;
      const docs = route === '/api/docs' || route.startsWith('/api/docs/');
      const access: Access =
        docs || PUBLIC_ROUTES.has(key) || open.has(key)
          ? 'public'
          : TRAVELLER_ROUTES.has(key)
            ? 'traveller'
            : 'staff';
      return {
        method,
        route,
        access,
        answer: docs ? 'docs' : (ANSWERS[key] ?? 'json'),
        hasBody: method === 'POST' || method === 'PATCH' || method === 'PUT',
        sampleBody: SAMPLE_BODIES[key],
        url: (param?: string) => fill(route, param),
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
