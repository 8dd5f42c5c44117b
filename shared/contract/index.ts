// The API contract: what every call answers, per status, as data-only zod schemas. The server declares
// them as its routes' response schemas (and so documents them at /api/docs); the front ends take their
// types from them with `import type`, so no zod reaches a browser bundle.
import { apiOperations } from './operations.ts';
import type { RouteContract } from './route.ts';

export * from './access-codes.ts';
export * from './analytics.ts';
export * from './answers.ts';
export * from './boarding.ts';
export * from './bookings.ts';
export * from './changes.ts';
export * from './crud.ts';
export * from './disruptions.ts';
export * from './documents.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './messages.ts';
export * from './operations.ts';
export * from './payments.ts';
export * from './route.ts';
export * from './routes.ts';
export * from './shifts.ts';
export * from './conductors.ts';
export * from './timetables.ts';

/** Every call of the API, generated and hand-written (with its operationId and summary: operations.ts). */
export function apiContract(): RouteContract[] {
  return apiOperations();
}
