// The per-kind field rules of shared/field-rules.ts, and the server's zod schemas built from them: for a table
// of values of every kind, the schema refuses exactly what fieldProblem finds, in the words of that problem.
import { describe, expect, it } from 'vitest';
import { fieldProblem, integerRange, isBlank, maxLengthOf, readNumber } from '../../shared/field-rules.ts';
import type { FieldDef } from '../../shared/registry/index.ts';
import { createSchema, describeIssues, problemMessage, updateSchema } from '../../shared/registry/index.ts';
import { fieldsOfKind, INPUT_KIND_NAMES, long, SAMPLE_VALUES } from './helpers/samples.ts';

describe('field rules', () => {
  it('give each kind its length limit', () => {
    expect(maxLengthOf({ kind: 'text' })).toBe(200);
    expect(maxLengthOf({ kind: 'longtext' })).toBe(5000);
    expect(maxLengthOf({ kind: 'longtext', maxLength: 2000 })).toBe(2000);
    expect(maxLengthOf({ kind: 'email' })).toBe(200);
    expect(maxLengthOf({ kind: 'reference' })).toBe(64);
    expect(maxLengthOf({ kind: 'date' })).toBe(10);
    expect(maxLengthOf({ kind: 'phone' })).toBeUndefined();
    expect(integerRange({ kind: 'integer', min: 1, max: 100 })).toEqual({ min: 1, max: 100 });
  });

  it('read numbers typed with Arabic-Indic digits, and blank as nothing', () => {
    expect(readNumber(' ٤٥ ')).toBe(45);
    expect(readNumber('  ')).toBeNull();
    expect(readNumber('abc')).toBe('abc');
    expect(readNumber(7)).toBe(7);
  });

  it('find the first problem of a value, as a key and the numbers its message needs', () => {
    const seats: FieldDef = { kind: 'integer', min: 1, max: 100 };
    expect(fieldProblem(seats, '٧')).toBeUndefined();
    expect(fieldProblem(seats, '101')).toEqual({ key: 'integer', min: 1, max: 100 });
    expect(fieldProblem(seats, ' ')).toEqual({ key: 'missing' });
    expect(fieldProblem({ kind: 'text' }, long(201))).toEqual({ key: 'tooLong', max: 200 });
    expect(fieldProblem({ kind: 'text' }, 5)).toEqual({ key: 'missing' });
    expect(fieldProblem({ kind: 'email' }, 'info@nile')).toEqual({ key: 'email' });
    expect(fieldProblem({ kind: 'phone' }, '0912 345-678')).toBeUndefined();
    expect(fieldProblem({ kind: 'phone' }, '09123')).toEqual({ key: 'phone' });
    expect(fieldProblem({ kind: 'phone' }, '--')).toEqual({ key: 'missing' });
    expect(fieldProblem({ kind: 'date' }, '2026-02-30')).toEqual({ key: 'date' });
    expect(fieldProblem({ kind: 'money' }, '0')).toEqual({ key: 'money' });
    expect(fieldProblem({ kind: 'password' }, '12345')).toEqual({ key: 'password' });
    expect(fieldProblem({ kind: 'choice', choices: ['a', 'b'] }, ' b ')).toBeUndefined();
    expect(fieldProblem({ kind: 'choice', choices: ['a', 'b'] }, 'c')).toEqual({
      key: 'choice',
      choices: ['a', 'b'],
    });
    expect(fieldProblem({ kind: 'seats' }, 'anything')).toBeUndefined();
  });
});

describe('the server’s schemas', () => {
  it.each(INPUT_KIND_NAMES)(
    'refuse a %s value exactly when fieldProblem finds a problem, in its words',
    (kind) => {
      for (const { def, name, field } of fieldsOfKind(kind)) {
        for (const mode of ['create', 'update'] as const) {
          const schema = mode === 'create' ? createSchema(def) : updateSchema(def);
          for (const value of SAMPLE_VALUES) {
            const result = schema.safeParse({ [name]: value });
            const answered = result.success
              ? undefined
              : describeIssues(result.error.issues, { [name]: value });
            // A blank optional field is not given; a required one is missing.
            const problem = field.required || !isBlank(value) ? fieldProblem(field, value) : undefined;
            expect(answered?.errors[name], `${mode} ${def.name}.${name} = ${JSON.stringify(value)}`).toBe(
              problem && problemMessage(problem, def.messages[mode]),
            );
          }
        }
      }
    },
  );
});
