// Routes of every plain resource, generated from the registry: getAll…, get…/{id}, create…, update…/{id},
// delete…/{id}. Each declares who may call it (the entry's `access`, or its public operations).
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { crudContract } from '../../../shared/contract/index.ts';
import {
  createSchema,
  fieldLock,
  type Operation,
  type ResourceDef,
  updateSchema,
} from '../../../shared/registry/index.ts';
import { type Access, can, type Scope } from '../../../shared/roles.ts';
import { forbidden, HttpError, notFound } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import type { Db } from '../../db/schema.ts';
import { staffCompany } from '../../auth/company-scope.ts';
import { identifyStaff } from '../../auth/staff-guard.ts';
import {
  createDocument,
  deleteDocument,
  findDocument,
  findShallowDocument,
  listDocuments,
  updateDocument,
} from './crud.repository.ts';
import { listQuerySchema, parseListParams } from './list-params.ts';
import { travellerLimit } from '../../http/traveller-limit.ts';
import { typed } from '../../http/validation.ts';
import { assertOfferedChoices } from '../settings/boarding-times.ts';
import { createPublicForm, type FormRefusal } from './public-forms.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The company scope of a resource's operation (shared/roles.ts), from its registry entry's `scope`. */
export function registryScope(def: ResourceDef, op: Operation): Scope {
  const { reach, platformOps, body } = def.scope;
  if (reach === 'platform' || platformOps?.includes(op)) return 'platform';
  if (reach === 'none') return 'none';
  if (op === 'list') return { list: reach };
  if (op === 'create') return { body };
  return { id: reach, ...(op === 'update' ? { body } : {}) };
}

/**
 * Staff may send a field that is not theirs to change (their form holds it) but not change it (fieldLock): a
 * company sets not its own commission (403 PLATFORM_ONLY), a manager does not move where travellers pay
 * (403 ADMIN_ONLY); the field is named in `errors`.
 */
async function assertFieldsAllowed(
  db: Db,
  def: ResourceDef,
  /** The document changed; none for a new one (whose locked fields may only be left empty). */
  id: string | undefined,
  body: Record<string, unknown>,
  staff: { role: string | undefined; companyId: string | null },
) {
  const locked = Object.entries(def.fields).flatMap(([name, field]) => {
    const lock = name in body ? fieldLock(field, staff) : undefined;
    return lock ? [[name, lock] as const] : [];
  });
  if (!locked.length) return;
  const current: Record<string, unknown> | undefined = id ? await findShallowDocument(db, def, id) : {};
  const blank = (value: unknown) => value === undefined || value === null || value === '';
  for (const [name, code] of locked)
    if (current && !(blank(body[name]) && blank(current[name])) && body[name] !== current[name]) {
      const message =
        code === 'PLATFORM_ONLY'
          ? `Only the platform's staff change ${name}.`
          : `Only an admin changes ${name}: where travellers pay.`;
      throw forbidden(message, { code, errors: { [name]: message } });
    }
}

/** The wait until `until`, in words: minutes within two hours, hours beyond. */
function waitUntil(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

/** How a traveller's form refused is answered (the public site says it in the traveller's language by code). */
const formRefusals = (now: Date): RefusalTable<FormRefusal> => ({
  FORMS_BUSY: ({ until }) =>
    new HttpError(
      429,
      `Many messages are arriving right now and yours was not stored: please send it again in ${waitUntil(until, now)}.`,
      { code: 'FORMS_BUSY', until: until.toISOString() },
    ),
  FORMS_PHONE_LIMIT: ({ until, limit }) =>
    new HttpError(
      429,
      `This phone number has sent ${limit} messages in the last 24 hours and this one was not stored: please send it again in ${waitUntil(until, now)}.`,
      { code: 'FORMS_PHONE_LIMIT', until: until.toISOString(), limit },
    ),
});

/** A refused form's answer, with Retry-After. */
function refuseForm(reply: FastifyReply, refusal: FormRefusal, now: Date): never {
  reply.header('Retry-After', Math.max(1, Math.ceil((refusal.until.getTime() - now.getTime()) / 1000)));
  throw refusalError(formRefusals(now), refusal);
}

/** Who the staff member is, for the fields they may change (fieldLock). */
const staffOf = (request: FastifyRequest) => ({
  role: request.staff?.role,
  companyId: staffCompany(request),
});

export function crudRoutes(def: ResourceDef) {
  const missing = () => notFound(`No ${def.singular} has this _id.`);
  const contract = crudContract(def);
  const generated = (op: Operation) => contract[op] !== undefined;
  // Who may call each: the public where the entry opens the operation, otherwise the resource's capability.
  const access = (op: Operation): Access =>
    def.publicOps?.includes(op) ? 'public' : def.access[op === 'list' || op === 'one' ? 'read' : 'write'];
  const before = (db: Db, id: string) => findShallowDocument(db, def, id);
  const ACTIONS: Partial<Record<Operation, string>> = {
    create: 'create',
    update: 'update',
    remove: 'delete',
  };
  const guard = (op: Operation) => ({
    access: access(op),
    scope: access(op) === 'public' ? 'none' : registryScope(def, op),
    // Staff writes record who did what (server/audit/audit.ts); the public's (a traveller's report) do not.
    ...(ACTIONS[op] && access(op) !== 'public'
      ? { audit: { action: ACTIONS[op]!, resource: def.name, before } }
      : {}),
  });
  const schema = <S extends FastifySchema>(op: Operation, input: S) => ({
    tags: [def.name],
    ...input,
    response: contract[op]!.responses,
  });

  return async function routes(instance: FastifyInstance) {
    const app = typed(instance);
    const { db } = app;

    if (generated('list')) {
      app.get(
        `/${def.api.list}`,
        { schema: schema('list', { querystring: listQuerySchema }), config: guard('list') },
        async (request, reply) => {
          const params = {
            ...parseListParams(def, request.query),
            companyId: request.companyScope,
            // A conductor's trips are the ones assigned to them (issue 24).
            assignedTo:
              request.staff && !can(request.staff.role, 'boarding.anyTrip') ? request.staff.id : undefined,
          };
          const { documents, total } = await listDocuments(db, def, params);
          reply.header('X-Total-Count', String(total));
          return documents;
        },
      );
    }

    if (generated('one')) {
      app.get(
        `/${def.api.one}/:id`,
        { schema: schema('one', { params: idParams }), config: guard('one') },
        async (request) => {
          const document = await findDocument(db, def, request.params.id);
          if (!document) throw missing();
          return document;
        },
      );
    }

    if (generated('create')) {
      const body = createSchema(def);
      const isPublic = access('create') === 'public';
      // A traveller's form (a lost-item report, an enquiry) is limited per address, as look-ups are.
      const formLimit = isPublic ? travellerLimit(app.config, 'public-forms') : {};
      app.post(
        `/${def.api.create}`,
        { schema: schema('create', { body }), config: { ...guard('create'), ...formLimit } },
        async (request, reply) => {
          // A public call names no caller by itself: a staff token is read here, for its locks and the counts.
          if (isPublic) await identifyStaff(request);
          if (request.staff) await assertFieldsAllowed(db, def, undefined, request.body, staffOf(request));
          await assertOfferedChoices(db, app.config, def, request.body);
          if (!isPublic) {
            reply.status(201);
            return createDocument(db, def, request.body, {}, app.clock.now());
          }
          // Forms are counted by their creation times (public-forms.ts), on the app's clock whoever sends them.
          // Staff who keep the inbox (a report taken at the counter or by phone) are not counted against; any
          // other token counts as a traveller's.
          const now = app.clock.now();
          const outcome =
            request.staff && can(request.staff.role, def.access.read)
              ? { document: await createDocument(db, def, request.body, {}, now) }
              : await createPublicForm(db, def, request.body, app.config.publicForms, now);
          if ('refused' in outcome) refuseForm(reply, outcome, now);
          reply.status(201);
          return outcome.document;
        },
      );
    }

    if (generated('update')) {
      const body = updateSchema(def);
      app.patch(
        `/${def.api.update}/:id`,
        { schema: schema('update', { params: idParams, body }), config: guard('update') },
        async (request) => {
          const { id } = request.params;
          await assertFieldsAllowed(db, def, id, request.body, staffOf(request));
          await assertOfferedChoices(db, app.config, def, request.body);
          const document = await updateDocument(db, def, id, request.body, app.clock.now());
          if (!document) throw missing();
          return document;
        },
      );
    }

    if (generated('remove')) {
      app.delete(
        `/${def.api.remove}/:id`,
        { schema: schema('remove', { params: idParams }), config: guard('remove') },
        async (request) => {
          const document = await deleteDocument(db, def, request.params.id);
          if (!document) throw missing();
          return document;
        },
      );
    }
  };
}
