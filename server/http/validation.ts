// Request validation with the registry's zod schemas. A failure answers 400 {message, errors} where the
// message is the spec's (a missing field's resource message first), never zod's own wording.
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { describeIssues } from '../../shared/registry/index.ts';
import { HttpError, notFound } from './errors.ts';

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
