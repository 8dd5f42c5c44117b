// How many bytes each route reads: enough for the largest body its schema accepts, and no more. A JSON form
// gets 16 KB, or more where its text fields allow more (a report's 20,000-character description: 64 KB); a
// route without a body schema reads none (request-bodies.ts). Multipart forms have their own limits (app.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';

/** The least a route that takes JSON accepts: every small form, with room for a client's formatting. */
export const JSON_BODY_LIMIT = 16 * 1024;
/** Bytes of UTF-8 one UTF-16 code unit (what zod's lengths count) takes at most, unescaped as browsers send it. */
const BYTES_PER_CHARACTER = 3;
/** A number, a boolean or null, with its separator. */
const SCALAR_BYTES = 24;
/** Whitespace and separators of a pretty-printed body, beyond the values themselves. */
const SLACK_BYTES = 4 * 1024;

const maxLength = (def: { checks?: { _zod: { def: { check?: string; maximum?: number } } }[] }) =>
  def.checks
    ?.map((check) => check._zod.def)
    .filter((check) => check.check === 'max_length' && typeof check.maximum === 'number')
    .reduce<number | undefined>((least, check) => Math.min(least ?? Infinity, check.maximum!), undefined);

/**
 * Bytes of the largest JSON text the schema accepts, counting only what it bounds: a string or an array
 * without a maximum counts as empty, the JSON_BODY_LIMIT floor covers it.
 */
export function largestJson(schema: ZodType, seen = new Set<ZodType>()): number {
  if (seen.has(schema)) return 0; // a recursive schema: unbounded
  seen.add(schema);
  const def = schema._zod.def as any;
  const of = (inner: ZodType) => largestJson(inner, new Set(seen));
  const max = maxLength(def);
  switch (def.type) {
    case 'string':
      return max === undefined ? 2 : max * BYTES_PER_CHARACTER + 2;
    case 'object':
      return Object.entries(def.shape as Record<string, ZodType>).reduce(
        (sum, [key, value]) => sum + key.length + 4 + of(value),
        2,
      );
    case 'array':
      return max === undefined ? 2 : max * (of(def.element) + 1) + 2;
    case 'tuple':
      return (def.items as ZodType[]).reduce((sum, item) => sum + of(item) + 1, 2);
    case 'union':
      return Math.max(0, ...(def.options as ZodType[]).map(of));
    case 'pipe':
      // A preprocessed value is read by what it feeds; otherwise the input side is what arrives.
      return of(def.in._zod.def.type === 'transform' ? def.out : def.in);
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries) : (def.values as unknown[]);
      return Math.max(0, ...values.map((v) => (JSON.stringify(v)?.length ?? 0) * BYTES_PER_CHARACTER));
    }
    case 'any':
    case 'unknown':
    case 'record':
    case 'custom':
    case 'transform':
    case 'lazy':
      return 0;
    default:
      // Wrappers (optional, nullable, default…) hold what they wrap; numbers, booleans and dates are scalars.
      return def.innerType ? of(def.innerType) : SCALAR_BYTES;
  }
}

/** The body limit of a route whose JSON body follows `schema`. */
export function jsonBodyLimit(schema: ZodType): number {
  const needed = Math.ceil((largestJson(schema) + SLACK_BYTES) / 1024) * 1024;
  return Math.max(JSON_BODY_LIMIT, needed);
}

/** Gives every route registered from here on the body limit its schema needs (call before registering routes). */
export function limitBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema?.body ?? route.schema?.form) as ZodType | undefined;
    if (route.bodyLimit === undefined && schema?._zod) route.bodyLimit = jsonBodyLimit(schema);
  });
}
