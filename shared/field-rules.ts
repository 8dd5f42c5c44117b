// What a value of each field kind must be, as limits and pure functions. The server's zod schemas
// (registry/schemas.ts) are built from these limits and predicates; the front ends check a form with
// fieldProblem. A problem is a key (with the numbers its message needs), so the server answers it in the
// spec's English words and each front end in its own language. No zod here: the public site imports this.
import type { FieldDef, FieldKind } from './registry/types.ts';
import {
  BOARDING_TIME_PATTERN,
  isValidEmail,
  isValidDate,
  normalizeDigits,
  normalizePhone,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
} from './rules.ts';
import { MAX_STOP_MINUTES, MAX_STOPS, stopsInOrder } from './segments.ts';

/** The kinds a person types into a form; the others are set by the server or by hand-made routes. */
export const INPUT_KINDS: readonly FieldKind[] = [
  'text',
  'longtext',
  'email',
  'phone',
  'integer',
  'money',
  'date',
  'choice',
  'reference',
  'password',
  'weekdays',
  'dateList',
  'stops',
  'fares',
  'boolean',
];

/** Longest accepted text of each kind (text and longtext unless the field sets its own maxLength). */
export const MAX_LENGTHS = {
  text: 200,
  longtext: 5000,
  email: 200,
  date: 10,
  reference: 64,
  password: 200,
} as const satisfies Partial<Record<FieldKind, number>>;

/** Largest accepted amount of money. */
export const MONEY_MAX = 1e9;

export type Problem =
  | { key: 'missing' }
  | { key: 'tooLong'; max: number }
  | { key: 'email' | 'phone' | 'date' | 'money' | 'password' | 'weekdays' | 'dateList' | 'stops' | 'fares' }
  | { key: 'integer'; min: number; max: number }
  | { key: 'choice'; choices: readonly string[] };

const MISSING = { key: 'missing' } as const;

/** Nothing given: no value, or only spaces. A blank optional field is simply not given. */
export const isBlank = (value: unknown) =>
  value == null || (typeof value === 'string' && value.trim() === '');

export function maxLengthOf(field: FieldDef): number | undefined {
  const byKind: number | undefined = MAX_LENGTHS[field.kind as keyof typeof MAX_LENGTHS];
  return field.kind === 'text' || field.kind === 'longtext' ? (field.maxLength ?? byKind) : byKind;
}

export function integerRange(field: FieldDef): { min: number; max: number } {
  return { min: field.min ?? 0, max: field.max ?? Number.MAX_SAFE_INTEGER };
}

export const isValidMoney = (amount: number) => amount > 0 && amount <= MONEY_MAX && Number.isFinite(amount);
const isWholeNumberIn = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isInteger(value) && value >= min && value <= max;

/** Numbers arrive as JSON numbers or as form text (Arabic-Indic digits too); blank text reads as null. */
export function readNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = normalizeDigits(value.trim());
  if (text === '') return null;
  const number = Number(text);
  return Number.isNaN(number) ? value : number;
}

/** A yes/no as JSON sends it, or as form text ("true", "false", "1", "0"). */
export function readBoolean(value: unknown): unknown {
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  return value;
}

/** A list as JSON sends it, or as a form's text: "1, 3, 5" or "2026-12-25 2027-01-01". */
export function readList(value: unknown): unknown {
  return typeof value === 'string' ? value.split(/[\s,،]+/).filter(Boolean) : value;
}

/** Days of the week (0 = Sunday … 6), at least one; days off: real dates, at most 366. */
function listProblem(field: FieldDef, value: unknown): Problem | undefined {
  const list = readList(value);
  if (field.kind === 'weekdays') {
    if (!Array.isArray(list) || list.length === 0) return MISSING;
    const ok =
      list.length <= 7 && list.every((day) => isWholeNumberIn(readNumber(day) as number, { min: 0, max: 6 }));
    return ok ? undefined : { key: 'weekdays' };
  }
  const ok =
    Array.isArray(list) &&
    list.length <= 366 &&
    list.every((date) => typeof date === 'string' && isValidDate(date.trim()));
  return ok ? undefined : { key: 'dateList' };
}

const isWholeIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && isWholeNumberIn(value, { min, max });

/**
 * A route's stops or fares as such (shared/segments.ts): the shape, the stops' order, each fare's pair once.
 * Whether the towns are right, and the fares' stops exist on the route, the server checks against both.
 */
function routeListProblem(kind: 'stops' | 'fares', value: unknown): Problem | undefined {
  const wrong = { key: kind } as const;
  if (!Array.isArray(value)) return value == null ? undefined : wrong;
  if (kind === 'stops') {
    const ok =
      value.length <= MAX_STOPS &&
      value.every(
        (stop) =>
          isPlainObject(stop) &&
          isIdText(stop.originId) &&
          isIdText(stop.destinationId) &&
          isWholeIn(readNumber(stop.minutes), 1, MAX_STOP_MINUTES),
      ) &&
      stopsInOrder(value.map((stop) => ({ ...stop, minutes: readNumber(stop.minutes) as number })));
    return ok ? undefined : wrong;
  }
  const pairs = new Set<string>();
  const ok = value.every((fare) => {
    if (!isPlainObject(fare)) return false;
    const [from, to, price] = [readNumber(fare.from), readNumber(fare.to), readNumber(fare.price)];
    const pair = `${String(from)}-${String(to)}`;
    const fine =
      isWholeIn(from, 0, MAX_STOPS) &&
      isWholeIn(to, 1, MAX_STOPS + 1) &&
      (from as number) < (to as number) &&
      typeof price === 'number' &&
      isValidMoney(price) &&
      !pairs.has(pair);
    pairs.add(pair);
    return fine;
  });
  return ok ? undefined : wrong;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isIdText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && value.length <= MAX_LENGTHS.reference;

/** A 10-digit phone once spaces and dashes are dropped; typed with nothing but those, it is missing. */
export function phoneProblem(value: string): { key: 'missing' | 'phone' } | undefined {
  const phone = normalizePhone(value);
  if (phone === '') return MISSING;
  return PHONE_PATTERN.test(phone) ? undefined : { key: 'phone' };
}

function numberProblem(field: FieldDef, value: unknown): Problem | undefined {
  const number = readNumber(value);
  if (number == null) return MISSING;
  if (field.kind === 'money')
    return typeof number === 'number' && isValidMoney(number) ? undefined : { key: 'money' };
  const range = integerRange(field);
  return typeof number === 'number' && isWholeNumberIn(number, range)
    ? undefined
    : { key: 'integer', ...range };
}

/** One of a choice field's values: its choices, or, where admins add more, any value of their form. */
export function isChoice(field: FieldDef, text: string): boolean {
  if ((field.choices ?? []).includes(text)) return true;
  return field.moreChoices === 'boardingTimes' && BOARDING_TIME_PATTERN.test(text);
}

/** Trimmed text: present, not too long, then well formed for its kind. */
function textProblem(field: FieldDef, value: string): Problem | undefined {
  const text = value.trim();
  if (text === '') return MISSING;
  const max = maxLengthOf(field);
  if (max !== undefined && text.length > max) return { key: 'tooLong', max };
  if (field.kind === 'email' && !isValidEmail(text)) return { key: 'email' };
  if (field.kind === 'date' && !isValidDate(text)) return { key: 'date' };
  const choices = field.choices ?? [];
  if (field.kind === 'choice' && !isChoice(field, text)) return { key: 'choice', choices };
  return undefined;
}

/** Passwords are taken as typed (never trimmed); one longer than the limit is refused as missing. */
function passwordProblem(value: string): Problem | undefined {
  if (value === '' || value.length > MAX_LENGTHS.password) return MISSING;
  return value.length < PASSWORD_MIN_LENGTH ? { key: 'password' } : undefined;
}

/**
 * The first thing wrong with a value given for a field, in the order the server finds it; undefined when the
 * value is acceptable or the kind is not typed into forms. A value of the wrong type counts as missing.
 */
export function fieldProblem(field: FieldDef, value: unknown): Problem | undefined {
  if (!INPUT_KINDS.includes(field.kind)) return undefined;
  if (field.kind === 'integer' || field.kind === 'money') return numberProblem(field, value);
  if (field.kind === 'weekdays' || field.kind === 'dateList') return listProblem(field, value);
  if (field.kind === 'stops' || field.kind === 'fares') return routeListProblem(field.kind, value);
  if (field.kind === 'boolean') return typeof readBoolean(value) === 'boolean' ? undefined : MISSING;
  if (typeof value !== 'string') return MISSING;
  if (field.kind === 'phone') return phoneProblem(value);
  if (field.kind === 'password') return passwordProblem(value);
  return textProblem(field, value);
}
