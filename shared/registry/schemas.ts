// Builds the zod schemas of a registry entry: create (required fields enforced) and update (partial).
// A missing or blank required field answers the resource's own message, in the spec's words.
import { z } from 'zod';
import { EMAIL_PATTERN, isValidDate, normalizeDigits, normalizePhone, PHONE_PATTERN } from '../rules.ts';
import type { FieldDef, ResourceDef } from './types.ts';

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
} as const;

const DEFAULT_MAX_LENGTH = 200;
const ID_MAX_LENGTH = 64;

/** Numbers arrive as JSON numbers or as form strings; "" means blank. */
function toNumber(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = normalizeDigits(value.trim());
    if (text === '') return null;
    const number = Number(text);
    return Number.isNaN(number) ? value : number;
  }
  return value;
}

function text(missing: string, max: number) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .max(max, { error: fieldMessages.tooLong(max) });
}

function fieldSchema(field: FieldDef, missing: string): z.ZodType | null {
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return text(missing, field.maxLength ?? (field.kind === 'text' ? DEFAULT_MAX_LENGTH : 5000));
    case 'email':
      return text(missing, DEFAULT_MAX_LENGTH)
        .toLowerCase()
        .regex(EMAIL_PATTERN, { error: fieldMessages.email });
    case 'phone':
      return z
        .string({ error: missing })
        .transform(normalizePhone)
        .pipe(z.string().min(1, { error: missing }).regex(PHONE_PATTERN, { error: fieldMessages.phone }));
    case 'integer': {
      const min = field.min ?? 0;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      const message = fieldMessages.integer(min, max);
      return z.preprocess(
        toNumber,
        z
          .number({ error: (issue) => (issue.input == null ? missing : message) })
          .int({ error: message })
          .min(min, { error: message })
          .max(max, { error: message }),
      );
    }
    case 'money':
      return z.preprocess(
        toNumber,
        z
          .number({ error: (issue) => (issue.input == null ? missing : fieldMessages.money) })
          .positive({ error: fieldMessages.money })
          .max(1e9, { error: fieldMessages.money })
          .refine(Number.isFinite, { error: fieldMessages.money }),
      );
    case 'date':
      return text(missing, 10).refine(isValidDate, { error: fieldMessages.date });
    case 'choice': {
      const choices = field.choices ?? [];
      const message = fieldMessages.choice(choices);
      return z
        .string({ error: missing })
        .trim()
        .min(1, { error: missing })
        .refine((value) => choices.includes(value), { error: message });
    }
    case 'reference':
      return text(missing, ID_MAX_LENGTH);
    case 'password':
      return z
        .string({ error: missing })
        .min(1, { error: missing })
        .min(6, { error: fieldMessages.password })
        .max(200);
    default:
      // Read-only and structured kinds are written by hand-made routes, not by the generic ones.
      return null;
  }
}

/** An optional field left blank in a form is simply not given. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

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

const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

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
