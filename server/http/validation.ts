// Request validation with the registry's zod schemas. A failure answers 400 {message, errors} where the
// message is the spec's (a missing field's resource message first), never zod's own wording.
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { describeIssues } from '../../shared/registry/index.ts';
import { HttpError } from './errors.ts';

export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const failure = describeIssues(result.error.issues, data);
    return { error: new HttpError(400, failure.message, { errors: failure.errors }) };
  };
