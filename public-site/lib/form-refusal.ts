// A traveller's form the server did not store although nothing in it was wrong: too many forms are arriving
// from everyone (FORMS_BUSY), or this phone number sent its share in 24 hours (FORMS_PHONE_LIMIT). The answer
// says until when; anything else (a connection's own limit, RATE_LIMITED) is not one of these.
import { ApiError } from './api.ts';

export type FormRefusal =
  { kind: 'busy'; until: string } | { kind: 'phoneLimit'; until: string; limit: number };

export function formRefusalOf(error: unknown): FormRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 429 || !error.body) return null;
  const { code, until, limit } = error.body;
  if (typeof until !== 'string' || Number.isNaN(Date.parse(until))) return null;
  if (code === 'FORMS_BUSY') return { kind: 'busy', until };
  if (code === 'FORMS_PHONE_LIMIT' && Number(limit) > 0)
    return { kind: 'phoneLimit', until, limit: Number(limit) };
  return null;
}
