// The contracts of the calls every plain resource gets from the registry (server/resources/crud/crud.routes.ts):
// getAll…, get…/{id}, create…, update…/{id}, delete…/{id}, for the operations the registry does not hand to
// custom routes.
import { z } from 'zod';
import { type Operation, type ResourceDef, resources } from '../registry/index.ts';
import { documentSchema } from './documents.ts';
import {
  busBusyBody,
  capacityConflictBody,
  deleteConflictBody,
  errorBody,
  type ErrorStatus,
  formLimitBody,
} from './errors.ts';
import { counted, type Method, route, type RouteContract } from './route.ts';

const METHODS: Record<Operation, Method> = {
  list: 'GET',
  one: 'GET',
  create: 'POST',
  update: 'PATCH',
  remove: 'DELETE',
};

/** The operations whose routes are generated for `def`. */
export function generatedOperations(def: ResourceDef): Operation[] {
  return (Object.keys(METHODS) as Operation[]).filter((op) => def.api[op] && !def.customRoutes?.includes(op));
}

/** Other documents may refer to this resource's, so deleting one can be refused. */
const isReferenced = (def: ResourceDef) =>
  resources.some((other) =>
    Object.values(other.fields).some((field) => field.kind === 'reference' && field.ref === def.name),
  );

/** Updates checked against the seats sold on their trips (server/resources/seat-capacity.ts). */
const CAPACITY_CHECKED = new Set(['buses', 'trips']);

/** Creates checked against the bus's other trips (server/resources/trips/bus-conflicts.ts). */
const BUS_CHECKED = new Set(['trips']);

/** A write can conflict: a unique value already taken, or a reference raced by a delete. */
const canConflict = (def: ResourceDef) =>
  Object.values(def.fields).some((field) => field.unique || field.kind === 'reference');

export function crudContract(def: ResourceDef): Partial<Record<Operation, RouteContract>> {
  const document = documentSchema(def);
  const path = (op: Operation) =>
    `${def.api.base}/${def.api[op]}${op === 'list' || op === 'create' ? '' : '/:id'}`;
  const guarded = (op: Operation, ...errors: ErrorStatus[]): ErrorStatus[] =>
    def.publicOps?.includes(op) ? errors : [401, ...errors];
  const conflict: ErrorStatus[] = canConflict(def) ? [409] : [];
  /** A traveller's form: limited per address, for everyone together and per phone (public-forms.ts). */
  const publicForm = def.publicOps?.includes('create') ?? false;
  const all: Record<Operation, () => RouteContract> = {
    list: () =>
      route(
        'GET',
        path('list'),
        {
          200: counted(
            z.array(document),
            `${def.name}: with _start/_end one page of them, and their total in X-Total-Count.`,
          ),
        },
        guarded('list', 400),
      ),
    one: () => route('GET', path('one'), { 200: document }, guarded('one', 400, 404)),
    create: () =>
      route(
        'POST',
        path('create'),
        { 201: document },
        guarded('create', 400, ...conflict, ...(publicForm ? [429 as const] : [])),
        {
          ...(BUS_CHECKED.has(def.name)
            ? {
                409: z
                  .union([busBusyBody, errorBody])
                  .describe('The bus is on another trip then (BUS_BUSY), or a value is taken.'),
              }
            : {}),
          ...(publicForm
            ? {
                429: formLimitBody.describe(
                  'Not stored: too many forms from this address (RATE_LIMITED), from everyone this hour (FORMS_BUSY), or from this phone number in 24 hours (FORMS_PHONE_LIMIT); `until` and Retry-After say when to send it again. Staff who keep the inbox are counted against neither of the last two.',
                ),
              }
            : {}),
        },
      ),
    update: () =>
      route(
        'PATCH',
        path('update'),
        { 200: document },
        guarded('update', 400, 404, ...conflict),
        CAPACITY_CHECKED.has(def.name)
          ? {
              409: capacityConflictBody.describe(
                'A seat is sold beyond the bus (SEATS_SOLD_BEYOND), the bus is on another trip then (BUS_BUSY), bookings sold for its company would change company with the bus or trip (BUS_HAS_BOOKINGS, OTHER_COMPANY_BUS), or a value is taken.',
              ),
            }
          : {},
      ),
    remove: () =>
      route(
        'DELETE',
        path('remove'),
        { 200: document.describe(`The deleted ${def.singular}.`) },
        guarded('remove', 400, 404),
        isReferenced(def)
          ? {
              409: deleteConflictBody.describe(
                'Other documents still refer to it: how many, in referencedBy.',
              ),
            }
          : {},
      ),
  };
  return Object.fromEntries(generatedOperations(def).map((op) => [op, all[op]()]));
}
