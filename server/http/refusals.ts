// How a service's refusals become HTTP answers: each outcome union has one table, refusal → its answer (an
// HttpError: status, words, code), typed so that a refusal added to the union and missing from its table fails
// tsc, and one helper reads it. Routes then only say `throw refusalError(TABLE, outcome)`.
import type { HttpError } from './errors.ts';

/** One answer per refusal of `R`, by the value of its `K` field (`refused`, or `code` for structured ones). */
export type RefusalTable<R extends Record<K, string>, K extends string = 'refused'> = {
  readonly [C in R[K]]: (refusal: R & Record<K, C>) => HttpError;
};

/** The answer a refusal gets from its union's table. */
export function refusalError<R extends Record<K, string>, K extends string = 'refused'>(
  table: RefusalTable<R, K>,
  refusal: R,
  key: K = 'refused' as K,
): HttpError {
  const answer = table[refusal[key]] as (refusal: R) => HttpError;
  return answer(refusal);
}
