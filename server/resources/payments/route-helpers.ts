// What the payment routes share: the :id and page parameters, the body check that answers in the registry's
// words, and the context the payment and booking services take.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { describeIssues } from '../../../shared/registry/index.ts';
import { badRequest } from '../../http/errors.ts';
import type { BookingContext } from '../../sales/sale.service.ts';

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

export function bookingContext(app: FastifyInstance): BookingContext {
  return { db: app.db, clock: app.clock, payments: app.config.payments };
}
