// Builds the zod schemas of a registry entry: create (required fields enforced) and update (partial).
// A missing or blank required field answers the resource's own message, in the spec's words.
import { z } from 'zod';
import {
  integerRange,
  isChoice,
  isBlank,
  isValidMoney,
  MAX_LENGTHS,
  maxLengthOf,
  MONEY_MAX,
  type Problem,
  readNumber,
  readBoolean,
  readList,
} from '../field-rules.ts';
import { EMAIL_PATTERN, isValidDate, normalizePhone, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from '../rules.ts';
import type { FieldDef, ResourceDef } from './types.ts';
import { cleanLine, cleanLines } from '../plain-text.ts';
import { MAX_STOP_MINUTES, MAX_STOPS, ROUTE_MESSAGES, stopsInOrder } from '../segments.ts';

export const fieldMessages = {
  email: 'Please enter a valid email address.',
  phone: 'Phone number must be 10 digits',
  date: 'Dates must be real dates written YYYY-MM-DD.',
  integer: (min: number, max: number) => `Must be a whole number from ${min} to ${max}.`,
  money: 'Must be a positive number.',
  choice: (choices: readonly string[]) => `Must be one of: ${choices.join(', ')}.`,
  tooLong: (max: number) => `Must be at most ${max} characters.`,
  reference: 'Must be the _id of an existing document.',
  password: 'Password must be at least 6 characters long.',
  weekdays: 'Choose the days of the week: numbers from 0 (Sunday) to 6 (Saturday).',
  dateList: 'Days off are dates written YYYY-MM-DD (at most 366).',
  stops: ROUTE_MESSAGES.stops.en,
  fares: ROUTE_MESSAGES.fares.en,
} as const;

/** The server's words for a problem of shared/field-rules.ts; a missing value gets the resource's message. */
export function problemMessage(problem: Problem, missing: string): string {
  switch (problem.key) {
    case 'missing':
      return missing;
    case 'tooLong':
      return fieldMessages.tooLong(problem.max);
    case 'integer':
      return fieldMessages.integer(problem.min, problem.max);
    case 'choice':
      return fieldMessages.choice(problem.choices);
    default:
      return fieldMessages[problem.key];
  }
}

// Each kind's schema applies the limits and predicates of shared/field-rules.ts with zod's own checks (so
// the OpenAPI document states them); tests/shared/field-rules.test.ts holds them to fieldProblem.
function fieldSchema(field: FieldDef, missing: string): z.ZodType | null {
  const say = (problem: Problem) => ({ error: problemMessage(problem, missing) });
  const absent = { error: missing };
  /** Invisible characters dropped (shared/plain-text.ts); a long text keeps its lines. */
  const text = (max = maxLengthOf(field) ?? MAX_LENGTHS.text, clean = cleanLine) =>
    z
      .string(absent)
      .overwrite(clean)
      .min(1, absent)
      .max(max, say({ key: 'tooLong', max }));
  /** A number read from JSON or form text; nothing at all counts as missing. */
  const number = (wrong: { error: string }) =>
    z.number({ error: (issue) => (issue.input == null ? missing : wrong.error) });
  switch (field.kind) {
    case 'text':
    case 'reference':
      return text();
    case 'longtext':
      return text(undefined, cleanLines);
    case 'email':
      return text()
        .toLowerCase()
        .regex(EMAIL_PATTERN, say({ key: 'email' }));
    case 'phone':
      return z
        .string(absent)
        .transform(normalizePhone)
        .pipe(
          z
            .string()
            .min(1, absent)
            .regex(PHONE_PATTERN, say({ key: 'phone' })),
        );
    case 'integer': {
      const range = integerRange(field);
      const wrong = say({ key: 'integer', ...range });
      return z.preprocess(readNumber, number(wrong).int(wrong).min(range.min, wrong).max(range.max, wrong));
    }
    case 'money': {
      const wrong = say({ key: 'money' });
      return z.preprocess(
        readNumber,
        number(wrong).positive(wrong).max(MONEY_MAX, wrong).refine(isValidMoney, wrong),
      );
    }
    case 'date':
      return text().refine(isValidDate, say({ key: 'date' }));
    case 'choice': {
      const choices = field.choices ?? [];
      return z
        .string(absent)
        .trim()
        .min(1, absent)
        .refine((value) => isChoice(field, value), say({ key: 'choice', choices }));
    }
    case 'boolean':
      return z.preprocess(readBoolean, z.boolean(absent));
    case 'password':
      // Beyond the longest length, zod's own check words it with the schema's message: missing.
      return z
        .string(absent)
        .min(1, absent)
        .min(PASSWORD_MIN_LENGTH, say({ key: 'password' }))
        .max(MAX_LENGTHS.password);
    case 'weekdays': {
      const wrong = { error: fieldMessages.weekdays };
      return z.preprocess(
        readList,
        z
          .array(z.preprocess(readNumber, z.number(wrong).int(wrong).min(0, wrong).max(6, wrong)), absent)
          .min(1, absent)
          .max(7, wrong)
          .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
      );
    }
    case 'dateList': {
      const wrong = { error: fieldMessages.dateList };
      return z.preprocess(
        readList,
        z
          .array(z.string(wrong).trim().refine(isValidDate, wrong), wrong)
          .max(366, wrong)
          .transform((dates) => [...new Set(dates)].sort()),
      );
    }
    case 'stops': {
      const wrong = { error: fieldMessages.stops };
      const id = z.string(wrong).trim().min(1, wrong).max(MAX_LENGTHS.reference, wrong);
      const minutes = z.preprocess(
        readNumber,
        z.number(wrong).int(wrong).min(1, wrong).max(MAX_STOP_MINUTES, wrong),
      );
      return z
        .array(z.object({ originId: id, destinationId: id, minutes }, wrong), wrong)
        .max(MAX_STOPS, wrong)
        .refine(stopsInOrder, wrong);
    }
    case 'fares': {
      const wrong = { error: fieldMessages.fares };
      const stop = (min: number, max: number) =>
        z.preprocess(readNumber, z.number(wrong).int(wrong).min(min, wrong).max(max, wrong));
      const price = z.preprocess(
        readNumber,
        z.number(wrong).positive(wrong).max(MONEY_MAX, wrong).refine(isValidMoney, wrong),
      );
      return z
        .array(z.object({ from: stop(0, MAX_STOPS), to: stop(1, MAX_STOPS + 1), price }, wrong), wrong)
        .refine(
          (fares) =>
            fares.every((fare) => fare.from < fare.to) &&
            new Set(fares.map((fare) => `${fare.from}-${fare.to}`)).size === fares.length,
          wrong,
        );
    }
    default:
      // Read-only and structured kinds are written by hand-made routes, not by the generic ones.
      return null;
  }
}

/** An optional field left blank in a form is simply not given. */
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

function optional(schema: z.ZodType) {
  return z.preprocess(blankToUndefined, schema.optional());
}

function writableFields(def: ResourceDef) {
  return Object.entries(def.fields).filter(([, field]) => !field.readOnly);
}

/** Body schema for create: every required field present and well formed. */
export function createSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) {
    const schema = fieldSchema(field, def.messages.create);
    if (schema) shape[name] = field.required ? schema : optional(schema);
  }
  return z.object(shape);
}

/** Body schema for update (PATCH): any subset of fields; a field sent blank counts as missing. */
export function updateSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of writableFields(def)) {
    const schema = fieldSchema(field, def.messages.update);
    if (schema) shape[name] = field.required ? schema.optional() : optional(schema);
  }
  return z.object(shape);
}

export interface ValidationFailure {
  message: string;
  errors: Record<string, string>;
}

/**
 * Turns zod issues into the API's error body. A missing field's message (the resource's, in the spec's
 * words) wins over format messages, so "Please provide company details." comes first when a field is absent.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown): ValidationFailure {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    errors[key] ??= issue.message;
  }
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const missing = issues.find((issue) => issue.path.length > 0 && isBlank(body[String(issue.path[0])]));
  return { message: (missing ?? issues[0])?.message ?? 'Invalid request.', errors };
}
