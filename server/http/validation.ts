// Schemas at the HTTP edge. Requests are validated with the registry's zod schemas: a failure answers 400
// {message, errors} where the message is the spec's (a missing field's resource message first), never zod's
// own wording. Answers are serialised by their route's response schema (shared/contract), keeping only the
// fields it declares. The OpenAPI document is generated from the same schemas.
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { describeIssues } from '../../shared/registry/index.ts';
import { HttpError, notFound } from './errors.ts';

declare module 'fastify' {
  interface FastifySchema {
    /** A request body the handler reads itself (a multipart form): documented in OpenAPI, not validated. */
    form?: ZodType;
  }
}

export const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** The field holding a string with a NUL character, if any: PostgreSQL cannot store one (SQLite would). */
function fieldWithNul(data: unknown, field = '_', depth = 0): string | undefined {
  if (typeof data === 'string') return data.includes('\u0000') ? field : undefined;
  if (!data || typeof data !== 'object' || depth > 4) return undefined;
  for (const [key, value] of Object.entries(data)) {
    const found = fieldWithNul(value, depth === 0 ? key : field, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = fieldWithNul(data);
    // A path with a NUL names nothing that exists; in a body or query string it is a malformed value.
    if (nul && httpPart === 'params') return { error: notFound('Nothing has this identifier.') };
    if (nul) return { error: new HttpError(400, NUL_MESSAGE, { errors: { [nul]: NUL_MESSAGE } }) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const failure = describeIssues(result.error.issues, data);
    return { error: new HttpError(400, failure.message, { errors: failure.errors }) };
  };

/**
 * What a response schema lets through: the fields of plain objects it declares (`rest` for the others:
 * records and loose objects), the items of arrays, or anything (`any`: unknown, transforms).
 */
interface Plan {
  any?: boolean;
  fields?: Record<string, Plan>;
  rest?: Plan;
  items?: Plan;
}

const ANY: Plan = { any: true };
/** A plain value: an object found there (never expected) answers no field, an array such objects. */
const VALUE: Plan = {};

function merge(a: Plan | undefined, b: Plan | undefined): Plan | undefined {
  if (!a || !b) return a ?? b;
  if (a.any || b.any) return ANY;
  const fields: Record<string, Plan> = {};
  for (const key of new Set([...Object.keys(a.fields ?? {}), ...Object.keys(b.fields ?? {})])) {
    fields[key] = merge(a.fields?.[key] ?? a.rest, b.fields?.[key] ?? b.rest)!;
  }
  return { fields, rest: merge(a.rest, b.rest), items: merge(a.items, b.items) };
}

function planOf(schema: ZodType, seen = new Map<ZodType, Plan>()): Plan {
  const known = seen.get(schema);
  if (known) return known;
  const plan: Plan = {};
  seen.set(schema, plan); // before the children: a recursive (lazy) schema finds itself
  const def = schema._zod.def as any;
  const of = (inner: ZodType) => planOf(inner, seen);
  switch (def.type) {
    case 'object':
      plan.fields = Object.fromEntries(
        Object.entries(def.shape as Record<string, ZodType>).map(([k, v]) => [k, of(v)]),
      );
      if (def.catchall && def.catchall._zod.def.type !== 'never') plan.rest = of(def.catchall);
      break;
    case 'record':
      plan.fields = {};
      plan.rest = of(def.valueType);
      break;
    case 'array':
      plan.items = of(def.element);
      break;
    case 'tuple':
      plan.items = [...def.items, ...(def.rest ? [def.rest] : [])].map(of).reduce(merge, undefined);
      break;
    case 'union':
      Object.assign(plan, (def.options as ZodType[]).map(of).reduce(merge, undefined));
      break;
    case 'intersection':
      Object.assign(plan, merge(of(def.left), of(def.right)));
      break;
    case 'pipe':
      Object.assign(plan, merge(of(def.in), of(def.out)));
      break;
    case 'lazy':
      Object.assign(plan, of(def.getter()));
      break;
    case 'any':
    case 'unknown':
    case 'custom':
    case 'transform':
      plan.any = true;
      break;
    default:
      // Wrappers (nullable, optional, default, readonly, catch…) answer what they wrap; other kinds are values.
      if (def.innerType) Object.assign(plan, of(def.innerType));
  }
  return plan;
}

type Project = (value: unknown) => unknown;

/** A plan for a plain value: a string or number found there is sent as it is, without a call. */
const isValue = (plan: Plan) => !plan.any && !plan.fields && !plan.items && !plan.rest;

/**
 * Fields answers carried beyond their schema, and so did not send ("GET /api/x 200: password_hash"): each is
 * a handler or a contract to fix. Warned once each; tests/server/contract.test.ts expects none.
 */
export const undeclaredFields = new Set<string>();

function reportUndeclared(answer: string, fields: string[]) {
  const entry = `${answer}: ${fields.join(', ')}`;
  if (undeclaredFields.has(entry) || undeclaredFields.size >= 1000) return;
  undeclaredFields.add(entry);
  process.emitWarning(`${entry} (not in the response schema, not sent)`, 'UndeclaredAnswerField');
}

function compile(plan: Plan, answer: string, compiled = new Map<Plan, Project>()): Project {
  if (plan.any) return (value) => value;
  const known = compiled.get(plan);
  if (known) return known;
  let project: Project = () => undefined;
  compiled.set(plan, (value) => project(value)); // recursive plans call through this until it is built
  const keys = Object.keys(plan.fields ?? {});
  const declared = new Set(keys);
  const fields = keys.map((key) => compile(plan.fields![key], answer, compiled));
  const plain = keys.map((key) => isValue(plan.fields![key]));
  const rest = plan.rest && compile(plan.rest, answer, compiled);
  const items = compile(plan.items ?? VALUE, answer, compiled);
  project = (value) => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map(items);
    // Dates and buffers answer their own JSON.
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    let sent = 0;
    for (let i = 0; i < keys.length; i++) {
      const field = source[keys[i]];
      if (field !== undefined) {
        out[keys[i]] = plain[i] && typeof field !== 'object' ? field : fields[i](field);
        sent++;
      }
    }
    if (rest) {
      for (const key in source) if (!declared.has(key)) out[key] = rest(source[key]);
      return out;
    }
    // Counting keys is cheap (V8 caches them); which ones were dropped is worked out only when some were.
    if (Object.keys(source).length > sent) {
      const dropped = Object.keys(source).filter((key) => !declared.has(key) && source[key] !== undefined);
      if (dropped.length) reportUndeclared(answer, dropped);
    }
    return out;
  };
  return project;
}

/**
 * Serialises an answer with JSON.stringify after keeping only what its response schema declares, so a
 * column a handler picked up by mistake (a password hash, say) cannot leave; what was dropped is reported in
 * undeclaredFields. The answer is not validated here: fastify-type-provider-zod's own serializer runs zod's
 * encode on every answer, which costs each call a full validation; tests/server/contract.test.ts holds real
 * answers to their schemas instead.
 */
export const projectingSerializerCompiler: FastifySerializerCompiler<ZodType> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  const project = compile(planOf(schema), `${method} ${url} ${httpStatus}`);
  return (data) => JSON.stringify(project(data));
};

/** fastify-type-provider-zod's OpenAPI transform, plus the documented-only request bodies (`schema.form`). */
export const openApiTransform: typeof jsonSchemaTransform = (document) => {
  const { form, ...schema } = (document.schema ?? {}) as { form?: ZodType } & Record<string, unknown>;
  return jsonSchemaTransform(form ? { ...document, schema: { ...schema, body: form } } : document);
};

/**
 * A route plugin's instance with its requests typed by their zod schemas (params, query, body, headers) and its
 * answers by the response schemas: handlers read `request.body` as the schema's output, never by a cast.
 */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
