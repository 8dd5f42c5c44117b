// What the payment routes share: the :id and page parameters, and the body check that answers in the
// registry's words.
import { z } from 'zod';
import { describeIssues } from '../../../shared/registry/index.ts';
import { badRequest } from '../../http/errors.ts';

export const idParams = z.object({ id: z.string().min(1).max(64) });
export const page = z.object({
  _start: z.coerce.number().int().min(0).default(0),
  _end: z.coerce.number().int().min(0).default(25),
});

export function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const failure = describeIssues(parsed.error.issues, input);
  throw badRequest(failure.message, failure.errors);
}
