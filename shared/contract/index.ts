// The API contract: what every call answers, per status, as data-only zod schemas. The server declares
// them as its routes' response schemas (and so documents them at /api/docs); the front ends take their
// types from them with `import type`, so no zod reaches a browser bundle.
import { resources } from '../registry/index.ts';
import { boardingContract } from './boarding.ts';
import { bookingContract } from './bookings.ts';
import { crudContract } from './crud.ts';
import { messageContract } from './messages.ts';
import { paymentContract } from './payments.ts';
import type { RouteContract } from './route.ts';
import { authContract, dashboardContract, systemContract, tripContract, uploadContract } from './routes.ts';

export * from './answers.ts';
export * from './boarding.ts';
export * from './bookings.ts';
export * from './crud.ts';
export * from './documents.ts';
export * from './errors.ts';
export * from './fields.ts';
export * from './messages.ts';
export * from './payments.ts';
export * from './route.ts';
export * from './routes.ts';

/** Every call of the API, generated and hand-written. */
export function apiContract(): RouteContract[] {
  return [
    ...resources.flatMap((def) => Object.values(crudContract(def))),
    ...Object.values(systemContract),
    ...Object.values(authContract),
    ...Object.values(tripContract),
    ...Object.values(dashboardContract),
    ...Object.values(uploadContract),
    ...Object.values(bookingContract),
    ...Object.values(boardingContract),
    ...Object.values(paymentContract),
    ...Object.values(messageContract),
  ];
}
