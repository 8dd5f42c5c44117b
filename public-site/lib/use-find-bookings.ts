// "Find my bookings" by phone: ask for a code texted to the phone, then send it back for every booking made
// with that phone. Refusals keep what the page needs to say them (tries left, minutes to wait).
import { useState } from 'preact/hooks';
import { API_BASES, apiPath } from '../../shared/api-paths.ts';
import { normalizeDigits, normalizePhone } from '../../shared/rules.ts';
import { ApiError, sendJson } from './api.ts';
import type { Lang } from './i18n.ts';
import type { BookingMatch } from './types.ts';

export type FindStep =
  | { step: 'phone' }
  | { step: 'sending' }
  | { step: 'code' }
  | { step: 'checking' }
  | { step: 'found'; bookings: BookingMatch[] };

export type FindProblem =
  | { kind: 'wrongCode'; left: number }
  | { kind: 'locked'; minutes: number }
  | { kind: 'codeLimit'; minutes: number }
  | { kind: 'failed' }
  | null;

const minutesUntil = (iso: unknown) =>
  Math.max(1, Math.ceil((Date.parse(String(iso)) - Date.now()) / 60_000) || 1);

function problemOf(error: unknown): FindProblem {
  if (!(error instanceof ApiError) || !error.body) return { kind: 'failed' };
  const { code, until, triesLeft } = error.body;
  if (code === 'WRONG_CODE') return { kind: 'wrongCode', left: Number(triesLeft ?? 0) };
  if (code === 'PHONE_LOCKED') return { kind: 'locked', minutes: minutesUntil(until) };
  if (code === 'CODE_LIMIT') return { kind: 'codeLimit', minutes: minutesUntil(until) };
  return { kind: 'failed' };
}

export function useFindBookings(lang: Lang) {
  const [state, setState] = useState<FindStep>({ step: 'phone' });
  const [problem, setProblem] = useState<FindProblem>(null);

  const requestCode = async (phone: string) => {
    setState({ step: 'sending' });
    setProblem(null);
    try {
      await sendJson('POST', apiPath(API_BASES.bookings, 'requestCode'), {
        phone: normalizePhone(phone),
        language: lang,
      });
      setState({ step: 'code' });
    } catch (error) {
      setProblem(problemOf(error));
      setState({ step: 'phone' });
    }
  };

  const checkCode = async (phone: string, code: string) => {
    setState({ step: 'checking' });
    setProblem(null);
    try {
      const bookings = await sendJson<BookingMatch[]>('POST', apiPath(API_BASES.bookings, 'myBookings'), {
        phone: normalizePhone(phone),
        code: normalizeDigits(code.trim()),
      });
      setState({ step: 'found', bookings });
    } catch (error) {
      const found = problemOf(error);
      setProblem(found);
      setState({ step: found?.kind === 'locked' ? 'phone' : 'code' });
    }
  };

  const restart = () => {
    setState({ step: 'phone' });
    setProblem(null);
  };

  return { state, problem, requestCode, checkCode, restart };
}
