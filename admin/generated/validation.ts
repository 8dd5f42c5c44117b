// Client-side checks of a generated form: the rules of shared/field-rules.ts, the ones the server's schemas
// are built from, so a form refuses what the server would. A problem becomes an i18n key of
// rihla.validation: a missing value the resource's own message, anything else the field kind's.
import { fieldProblem, INPUT_KINDS, isBlank, type Problem } from '../../shared/field-rules.ts';
import type { FieldDef, ResourceDef } from '../../shared/registry/index.ts';

export type FormMode = 'create' | 'update';
type Message = string | { message: string; args: Record<string, unknown> };

/** Fields a person fills in: writable ones with an input kind. */
export function formFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(
    ([, field]) => !field.readOnly && !field.computed && INPUT_KINDS.includes(field.kind),
  );
}

function problemMessage(problem: Problem, missing: string): Message {
  const key = (leaf: string) => `rihla.validation.fields.${leaf}`;
  switch (problem.key) {
    case 'missing':
      return missing;
    case 'tooLong':
      return { message: key('too_long'), args: { max: problem.max } };
    case 'integer':
      return { message: key('integer'), args: { min: problem.min, max: problem.max } };
    case 'choice':
      return { message: key('choice'), args: { choices: problem.choices.join(', ') } };
    default:
      return key(problem.key);
  }
}

/** A react-admin form validator for a resource's create or edit form. */
export function validator(def: ResourceDef, mode: FormMode) {
  const fields = formFields(def);
  const missing = `rihla.validation.${def.name}.${mode}`;
  return (values: Record<string, unknown>) => {
    const errors: Record<string, Message> = {};
    for (const [name, field] of fields) {
      const value = values[name];
      // A blank optional field is simply not given.
      const problem = field.required || !isBlank(value) ? fieldProblem(field, value) : undefined;
      if (problem) errors[name] = problemMessage(problem, missing);
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
