// Client-side checks of a generated form, from the registry: the same rules and the same words as the
// server's (shared/registry/schemas.ts). A blank required field gets the resource's own message.
import {
  isValidDate,
  isValidPhone,
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  normalizeDigits,
} from '../../shared/rules.ts';
import type { FieldDef, ResourceDef } from '../../shared/registry/index.ts';

export type FormMode = 'create' | 'update';
type Message = string | { message: string; args: Record<string, unknown> };

const DEFAULT_MAX_LENGTH = 200;
const isBlank = (value: unknown) => value == null || (typeof value === 'string' && value.trim() === '');

/** Fields a person fills in: writable ones with an input kind. */
export function formFields(def: ResourceDef): [string, FieldDef][] {
  const inputKinds = new Set([
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
  ]);
  return Object.entries(def.fields).filter(
    ([, field]) => !field.readOnly && !field.computed && inputKinds.has(field.kind),
  );
}

function formatError(field: FieldDef, value: unknown): Message | undefined {
  const text = typeof value === 'string' ? value.trim() : value;
  switch (field.kind) {
    case 'text':
    case 'longtext': {
      const max = field.maxLength ?? (field.kind === 'text' ? DEFAULT_MAX_LENGTH : 5000);
      return String(text).length > max
        ? { message: 'rihla.validation.fields.too_long', args: { max } }
        : undefined;
    }
    case 'email':
      return EMAIL_PATTERN.test(String(text)) ? undefined : 'rihla.validation.fields.email';
    case 'phone':
      return isValidPhone(String(value)) ? undefined : 'rihla.validation.fields.phone';
    case 'date':
      return isValidDate(String(text)) ? undefined : 'rihla.validation.fields.date';
    case 'integer': {
      const number = Number(normalizeDigits(String(text)));
      const min = field.min ?? 0;
      const max = field.max ?? Number.MAX_SAFE_INTEGER;
      return Number.isInteger(number) && number >= min && number <= max
        ? undefined
        : { message: 'rihla.validation.fields.integer', args: { min, max } };
    }
    case 'money': {
      const number = Number(normalizeDigits(String(text)));
      return Number.isFinite(number) && number > 0 && number <= 1e9
        ? undefined
        : 'rihla.validation.fields.money';
    }
    case 'choice':
      return field.choices?.includes(String(text))
        ? undefined
        : { message: 'rihla.validation.fields.choice', args: { choices: field.choices?.join(', ') } };
    case 'password':
      return String(value).length < PASSWORD_MIN_LENGTH ? 'rihla.validation.fields.password' : undefined;
    default:
      return undefined;
  }
}

/** A react-admin form validator for a resource's create or edit form. */
export function validator(def: ResourceDef, mode: FormMode) {
  const fields = formFields(def);
  return (values: Record<string, unknown>) => {
    const errors: Record<string, Message> = {};
    for (const [name, field] of fields) {
      const value = values[name];
      if (isBlank(value)) {
        if (field.required) errors[name] = `rihla.validation.${def.name}.${mode}`;
        continue;
      }
      const error = formatError(field, value);
      if (error) errors[name] = error;
    }
    if (
      'password_confirm' in def.fields &&
      !errors.password_confirm &&
      values.password !== values.password_confirm
    ) {
      errors.password_confirm = 'rihla.validation.fields.password_mismatch';
    }
    return errors;
  };
}
