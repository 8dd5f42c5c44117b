// The activity log: who did what, when, to which record, from where, with a compact diff of what changed.
// Every staff write route declares what it records (its config `audit`). A service that moves money or seats
// (server/sales, the trips service) writes its rows itself, inside the transaction of the change, and its
// route says so (`byService`); for the others (plain CRUD) the hooks read the record before the handler runs
// and write the row from the answer, before the answer leaves. Sign-ins and sign-outs record themselves. Rows are only ever appended (the database refuses updates and deletes, migration 2026-11-23-02).
import type { Db } from '../db/schema.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hookFirst } from '../http/route-hooks.ts';
import { newOrderedId } from '../db/ids.ts';

export interface AuditSpec {
  /** What was done: create, update, delete, cancel_trip, verify_payment, … */
  action: string;
  /** The resource's registry name (trips, bookings, users, …). */
  resource: string;
  /** Reads the record as it was before the write (by the route's :id), for the diff. */
  before?: (db: Db, id: string) => Promise<Record<string, unknown> | undefined>;
  /**
   * false: the answer is no record to compare (a statement import's result, which can be megabytes): the row
   * keeps only what the handler put in `request.auditChanges` (a summary).
   */
  diffAnswer?: false;
  /** Keys of the answer that are not the record's (a timetable's `generation`): left out of the diff. */
  notRecord?: readonly string[];
  /**
   * The handler's service writes the row itself, in the transaction of its change (a rolled-back change leaves
   * none): no hook runs; `action` and `resource` say what it records.
   */
  byService?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a staff write records in the activity log (required of every staff write route). */
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    auditBefore?: Record<string, unknown>;
    /** Set by a handler when what it did has a more precise name than its route's (a role change). */
    auditAction?: string;
    /** Changes the documents do not show (a password was set), merged into the diff. */
    auditChanges?: Record<string, [unknown, unknown]>;
  }
}

export interface AuditEntry {
  action: string;
  resource?: string;
  recordId?: string;
  userId?: string | null;
  userLabel?: string | null;
  ip?: string;
  diff?: Record<string, [unknown, unknown]> | null;
}

/** Fields whose values are never written to the log: only that they changed. */
const SECRET = /password|idNumber|national_id|token|secret/i;
const HIDDEN = '•••';

/** A value as the log keeps it: a referenced document by its _id, lists and objects as they are. */
function compact(value: unknown): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && '_id' in value)
    return (value as { _id: unknown })._id;
  return hideSecrets(value ?? null);
}

/** Secrets inside a value (the ID numbers in a list of travellers) shown only as being there. */
function hideSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(hideSecrets);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET.test(key) && inner != null ? HIDDEN : hideSecrets(inner),
      ]),
    );
  return value;
}

/** {field: [before, after]} of the top-level fields that differ; secrets hidden, computed views left out. */
export function diffOf(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): Record<string, [unknown, unknown]> {
  const diff: Record<string, [unknown, unknown]> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === '_id' || key === 'bookedSeats' || key === 'full_name') continue;
    const a = compact(before?.[key]);
    const b = compact(after?.[key]);
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    diff[key] = SECRET.test(key) ? [a == null ? null : HIDDEN, b == null ? null : HIDDEN] : [a, b];
  }
  return diff;
}

/** `at`: the app's clock (app.clock.now()), which every time the server keeps is read from. */
export async function recordAudit(db: Db, entry: AuditEntry, at: Date) {
  await recordAudits(db, [entry], at);
}

/** Appends several rows at once (a trip's bookings, each changed by one staff action). */
export async function recordAudits(db: Db, entries: AuditEntry[], at: Date) {
  const rows = entries.map((entry) => ({
    id: newOrderedId(),
    at: at.toISOString(),
    userId: entry.userId ?? null,
    userLabel: entry.userLabel ?? null,
    action: entry.action,
    resource: entry.resource ?? null,
    recordId: entry.recordId ?? null,
    diff: entry.diff && Object.keys(entry.diff).length ? JSON.stringify(entry.diff) : null,
    ip: entry.ip ?? null,
  }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('audit_log')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Who acted, as a row names them: a staff member (id and e-mail), or nobody signed in, and from where. */
export interface Actor {
  userId: string | null;
  userLabel: string | null;
  ip?: string;
}

/** The acting staff member and address of a request, for rows recorded by hand. */
export function actor(request: FastifyRequest): Actor {
  return { userId: request.staff?.id ?? null, userLabel: request.staff?.email ?? null, ip: request.ip };
}

/** The `:id` of the route's path, when it has one (this hook sees every route's request). */
const idParam = (request: FastifyRequest) => {
  const params: unknown = request.params;
  return params && typeof params === 'object' && 'id' in params && typeof params.id === 'string'
    ? params.id
    : undefined;
};

/** The document an answer carries: the booking of {booking, pdfBlob}, or the answer itself. */
function answered(payload: unknown): Record<string, unknown> | undefined {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return undefined;
  const body = payload as Record<string, unknown>;
  return (body.booking as Record<string, unknown> | undefined) ?? body;
}

/**
 * Installs the hooks that record every route's declared `audit` (call before registering routes): on the
 * routes that declare one only, so that the others (every search, every read) do not run two async hooks that
 * find nothing to record.
 */
export function recordStaffWrites(app: FastifyInstance) {
  const readBefore = async (request: FastifyRequest) => {
    const spec = request.routeOptions.config!.audit!;
    const id = idParam(request);
    if (spec.before && id) request.auditBefore = await spec.before(app.db, id);
  };
  const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const spec = request.routeOptions.config!.audit!;
    if (reply.statusCode >= 400 || !request.staff) return payload;
    const answer = answered(payload);
    const after =
      answer && spec.notRecord
        ? Object.fromEntries(Object.entries(answer).filter(([key]) => !spec.notRecord!.includes(key)))
        : answer;
    const deleted = spec.action === 'delete' || spec.action.startsWith('delete_');
    await recordAudit(
      app.db,
      {
        ...actor(request),
        action: request.auditAction ?? spec.action,
        resource: spec.resource,
        recordId: idParam(request) ?? (after?._id as string | undefined),
        diff:
          spec.diffAnswer === false
            ? (request.auditChanges ?? {})
            : { ...diffOf(request.auditBefore, deleted ? undefined : after), ...request.auditChanges },
      },
      app.clock.now(),
    );
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const writes = methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method));
    const access = route.config?.access;
    const spec = route.config?.audit;
    // A staff write that records nothing cannot even be registered.
    if (writes && access && access !== 'public' && !spec)
      throw new Error(
        `${methods.join(',')} ${route.url} is a staff write that records nothing (config.audit)`,
      );
    if (!spec || spec.byService) return;
    // First among the route's own: the document is read before any other hook of the route runs.
    if (spec.before) route.preHandler = hookFirst(route.preHandler, readBefore) as typeof route.preHandler;
    route.preSerialization = hookFirst(route.preSerialization, record) as typeof route.preSerialization;
  });
}
