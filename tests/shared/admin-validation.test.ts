// The back-office's form validator and the server's schemas apply the same rules (shared/field-rules.ts):
// for a table of values of every field kind, valid and invalid, in create and edit forms, the admin shows
// (in English) exactly the message the server answers, and nothing where the server accepts. A missing value is
// marked "Required" at its field and the server's message is said once, by the form (formProblem).
import { describe, expect, it } from 'vitest';
import { formProblem, REQUIRED, validator } from '../../admin/generated/validation.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { createSchema, describeIssues, updateSchema } from '../../shared/registry/index.ts';
import { fieldsOfKind, INPUT_KIND_NAMES, SAMPLE_VALUES } from './helpers/samples.ts';

type Message = string | { message: string; args: Record<string, unknown> };

/** react-admin's translation of a validation message: the key's English text with %{name} filled in. */
function inEnglish(message: Message | undefined): string | undefined {
  if (message === undefined) return undefined;
  const { message: key, args } = typeof message === 'string' ? { message, args: {} } : message;
  const text = key.split('.').reduce<any>((node, part) => node?.[part], en);
  expect(typeof text, key).toBe('string');
  return (text as string).replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name]));
}

describe('admin validator and server schema', () => {
  it.each(INPUT_KIND_NAMES)('agree on every %s value', (kind) => {
    for (const { def, name } of fieldsOfKind(kind)) {
      for (const mode of ['create', 'update'] as const) {
        const schema = mode === 'create' ? createSchema(def) : updateSchema(def);
        const validate = validator(def, mode);
        for (const value of SAMPLE_VALUES) {
          // Both password fields alike: their match is the register route's check, not a field rule.
          const values =
            kind === 'password' ? { password: value, password_confirm: value } : { [name]: value };
          const result = schema.safeParse(values);
          const server = result.success
            ? undefined
            : describeIssues(result.error.issues, values).errors[name];
          const errors = validate(values);
          const field = errors[name] as Message | undefined;
          const admin = inEnglish(field === REQUIRED ? formProblem(def, mode, errors)! : field);
          expect(admin, `${mode} ${def.name}.${name} = ${JSON.stringify(value)}`).toBe(server);
        }
      }
    }
  });

  it('agree on a well-filled form', () => {
    const bus = {
      bus_number: 'KH-1',
      bus_owner_companyId: 'c1',
      bus_number_of_seats: '٤٠',
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-11-01',
    };
    const buses = fieldsOfKind('integer').find((field) => field.def.name === 'buses')!.def;
    expect(buses.name).toBe('buses');
    expect(validator(buses, 'create')(bus)).toEqual({});
    expect(createSchema(buses).safeParse(bus).success).toBe(true);
  });
});
