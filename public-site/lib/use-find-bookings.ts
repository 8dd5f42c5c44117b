// "Find my bookings" by phone: ask for a code texted to the phone, then send it back, with the token of that
// request (requestId, kept here only: a reload asks for a new code), for every booking made with that phone.
// Refusals keep what the page needs to say them (tries left, minutes to wait); a code that can no longer be
// used sends the traveller back to ask for a new one.
import { useState } from 'preact/hooks';
import { API_BASES, apiPath } from '../../shared/api-paths.ts';
import { normalizeDigits, normalizePhone } from '../../shared/rules.ts';
import { ApiError, sendJson } from './api.ts';
import type { Lang } from './i18n.ts';
import type { BookingMatch, CodeSent } from './types.ts';

export type FindStep =
  | { step: 'phone' }
  | { step: 'sending' }
  | { step: 'code'; requestId: string }
  | { step: 'checking'; requestId: string }
  | { step: 'found'; bookings: BookingMatch[] };

export type FindProblem =
  | { kind: 'wrongCode'; left: number }
  /** A wrong code that was the request's last try: its code is spent. */
  | { kind: 'lastTry' }
  /** The request can no longer be used (expired, used, spent, or unknown to the server). */
  | { kind: 'expired' }
  /** `phone`: the phone's own hourly codes are spent (asked from other addresses too), not this address's. */
  | { kind: 'codeLimit'; minutes: number; phone: boolean }
  | { kind: 'failed' }
  | null;

const minutesUntil = (iso: unknown) =>
  Math.max(1, Math.ceil((Date.parse(String(iso)) - Date.now()) / 60_000) || 1);

function problemOf(error: unknown): FindProblem {
  if (!(error instanceof ApiError) || !error.body) return { kind: 'failed' };
  const { code, until, triesLeft, scope } = error.body;
  if (code === 'WRONG_CODE') {
    const left = Number(triesLeft ?? 0);
    return left > 0 ? { kind: 'wrongCode', left } : { kind: 'lastTry' };
  }
  if (code === 'CODE_EXPIRED') return { kind: 'expired' };
  if (code === 'CODE_LIMIT')
    return { kind: 'codeLimit', minutes: minutesUntil(until), phone: scope === 'phone' };
  return { kind: 'failed' };
}

/** Problems after which the code typed cannot work: the traveller asks for a new one. */
const needsNewCode = (problem: FindProblem) => problem?.kind === 'lastTry' || problem?.kind === 'expired';

export function useFindBookings(lang: Lang) {
  const [state, setState] = useState<FindStep>({ step: 'phone' });
  const [problem, setProblem] = useState<FindProblem>(null);

  const requestCode = async (phone: string) => {
    setState({ step: 'sending' });
    setProblem(null);
    try {
      const sent = await sendJson<CodeSent>('POST', apiPath(API_BASES.bookings, 'requestCode'), {
        phone: normalizePhone(phone),
        language: lang,
      });
      setState({ step: 'code', requestId: sent.requestId });
    } catch (error) {
      setProblem(problemOf(error));
      setState({ step: 'phone' });
    }
  };

  const checkCode = async (phone: string, code: string) => {
    if (state.step !== 'code') return;
    const { requestId } = state;
    setState({ step: 'checking', requestId });
    setProblem(null);
    try {
      const bookings = await sendJson<BookingMatch[]>('POST', apiPath(API_BASES.bookings, 'myBookings'), {
        phone: normalizePhone(phone),
        code: normalizeDigits(code.trim()),
        requestId,
      });
      setState({ step: 'found', bookings });
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      setState(needsNewCode(found) ? { step: 'phone' } : { step: 'code', requestId });
    }
  };

  const restart = () => {
    setState({ step: 'phone' });
    setProblem(null);
  };

  return { state, problem, requestCode, checkCode, restart };
}
