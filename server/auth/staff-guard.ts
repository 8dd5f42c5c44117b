// Who is calling, and may they: every API route declares its access (shared/roles.ts) in its config — the
// public, or a capability some roles have. One onRequest hook, before the body is read or validated, refuses
// a route that declares nothing (deny by default), answers 401 without a live session and 403 to a role
// the capability does not list. A session is live while its row says so: signing out, a password, role or
// e-mail change, a reused refresh token or the session's absolute end stop its access tokens at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Access, type Capability, can, type Scope } from '../../shared/roles.ts';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { companyOf, REACH_NAMES, valuesAt } from './company-scope.ts';
import { hookFirst } from '../http/route-hooks.ts';
import { verifyAccessToken } from './tokens.ts';

export interface Staff {
  id: string;
  role: string;
  email: string;
  sessionId: string;
  /** The company the account belongs to (it sees only that company's business), or null: the platform's. */
  companyId: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route: 'public', or a capability (shared/roles.ts). Required of every API route. */
    access?: Access;
    /**
     * A public route that does more for staff whose role has this capability (the whole trip, a cancellation
     * without the traveller's proof): its handler checks it; the API document offers the bearer token.
     */
    staffAccess?: Capability;
    /** How the route's records reach a company (shared/roles.ts). Required of every staff route. */
    scope?: Scope;
  }
  interface FastifyRequest {
    staffId?: string;
    staff?: Staff;
    /** The company whose business alone a company staff member's list answers (undefined: everything). */
    companyScope?: string;
  }
  interface FastifyInstance {
    /** Every route registered and the access it declared ('public', a capability, or undefined: nobody). */
    routeAccess: { method: string; url: string; access?: Access; staffAccess?: Capability; scope?: Scope }[];
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

/** The staff member of a valid access token whose session is live, or undefined. */
async function staffOf(request: FastifyRequest): Promise<Staff | undefined> {
  const token = bearerToken(request);
  const claims = token && (await verifyAccessToken(request.server.jwtSecret, token));
  if (!claims) return undefined;
  const row = await request.server.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.role',
      'users.email',
      'users.companyId',
      'sessions.revoked_at',
      'sessions.expires_at',
    ])
    .where('sessions.id', '=', claims.sessionId)
    .where('users.id', '=', claims.userId)
    .executeTakeFirst();
  const now = request.server.clock.now().getTime();
  if (!row || row.revoked_at != null || Number(row.expires_at) <= now) return undefined;
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    sessionId: claims.sessionId,
    companyId: row.companyId ?? null,
  };
}

export async function requireStaff(request: FastifyRequest, _reply?: FastifyReply) {
  if (request.staff) return;
  if (!bearerToken(request)) throw unauthorized();
  const staff = await staffOf(request);
  if (!staff) throw unauthorized('Your session has expired. Please sign in again.');
  request.staff = staff;
  request.staffId = staff.id;
  request.companyScope = staff.companyId ?? undefined;
}

/**
 * For calls open to the public that do more for staff: sets `staff` when a valid token is present. A request
 * already identified (by an earlier hook, such as a rate limit's allow list) is not checked again.
 */
export async function identifyStaff(request: FastifyRequest, _reply?: FastifyReply) {
  if (request.staff === undefined && bearerToken(request)) {
    await requireStaff(request).catch(() => undefined);
  }
}

const isApi = (url: string | undefined) => !!url && (url === '/api' || url.startsWith('/api/'));

type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The check a route's access needs before its body is read, or none (public routes and the front ends' files). */
function accessCheck(access: Access | undefined, url: string): RouteHook | undefined {
  if (access === 'public') return undefined;
  if (access === undefined) {
    if (!isApi(url)) return undefined; // the front ends' pages and files
    return async () => {
      throw forbidden('This call is not open to anyone.');
    };
  }
  return async (request) => {
    await requireStaff(request);
    if (!can(request.staff!.role, access)) throw forbidden('Your role does not allow this.');
  };
}

/**
 * The company check a route's scope needs, once its body is parsed: company staff are refused the
 * platform's routes (403), and a record of another company named by :id or a body field answers 404, as one
 * that does not exist. A public route that does more for staff checks the staff its own hooks identified.
 */
function scopeCheck(scope: Scope, access: Access, staffAccess?: Capability): RouteHook | undefined {
  if (scope === 'none') return undefined;
  return async (request) => {
    if (access === 'public') {
      await identifyStaff(request);
      if (!staffAccess || !request.staff || !can(request.staff.role, staffAccess)) return;
    }
    const companyId = request.staff?.companyId;
    if (!companyId) return;
    if (scope === 'platform') throw forbidden('This belongs to the platform, not to a company.');
    const { db } = request.server;
    const named: [string, string, 'id' | 'body'][] = [];
    const params = request.params as Record<string, string> | undefined;
    const id = params?.id ?? params?.name;
    if (scope.id && id !== undefined) named.push([scope.id, id, 'id']);
    for (const [path, reach] of Object.entries(scope.body ?? {}))
      for (const value of valuesAt(request.body, path))
        if (typeof value === 'string' && value) named.push([reach, value, 'body']);
    for (const [reach, value] of named) {
      const owner = await companyOf(db, reach as keyof typeof REACH_NAMES, value);
      // A record that does not exist is the handler's to answer, in its own words.
      if (owner !== undefined && owner !== companyId)
        throw notFound(`No ${REACH_NAMES[reach as keyof typeof REACH_NAMES]} has this _id.`);
    }
  };
}

/**
 * Installs the access check on every route registered after it (call before registering routes). The check
 * is each route's own first onRequest hook, and only where there is something to check: a public call (every
 * search) does not pay for an async hook that finds it public.
 */
export function enforceAccess(app: FastifyInstance, docsAccess: Access) {
  app.decorate('routeAccess', []);
  app.addHook('onRoute', (route) => {
    // Routes that plugins register (the API documentation) declare nothing themselves.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: docsAccess };
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, scope: 'none' };
    const { access, staffAccess, scope } = route.config ?? {};
    // Default deny for companies too: a staff route that does not say how its records reach a company does
    // not start (a route added later cannot leak another company's business unnoticed).
    if ((staffAccess || (access && access !== 'public')) && scope === undefined)
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no company scope.`);
    for (const method of [route.method].flat())
      app.routeAccess.push({ method, url: route.url, access, staffAccess, scope });
    const check = accessCheck(access, route.url);
    if (check) route.onRequest = hookFirst(route.onRequest, check) as typeof route.onRequest;
    const companyCheck = access && scope !== undefined ? scopeCheck(scope, access, staffAccess) : undefined;
    // Before validation (the body is parsed, not yet checked): another company's record is not there, whatever
    // else the request gets wrong, and the platform's routes refuse a company before reading what it sent.
    if (companyCheck)
      route.preValidation = [
        ...[route.preValidation ?? []].flat(),
        companyCheck,
      ] as typeof route.preValidation;
  });
}
