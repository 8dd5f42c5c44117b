// Client-side checks of a generated form: the rules of shared/field-rules.ts, the ones the server's schemas
// are built from, so a form refuses what the server would. A problem becomes an i18n key of
// rihla.validation: a missing value marks its field "Required" and the form shows the resource's own message
// once (FormProblem), anything else the field kind's words under the field.
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

/** The mark of a missing value under its field; the resource's message is said once, at the form. */
export const REQUIRED = 'rihla.ui.form.required';

function problemMessage(problem: Problem): Message {
  const key = (leaf: string) => `rihla.validation.fields.${leaf}`;
  switch (problem.key) {
    case 'missing':
      return REQUIRED;
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
// `mode` is kept for callers: the form's message (formProblem) is the one that depends on it.
export function validator(def: ResourceDef, _mode?: FormMode) {
  const fields = formFields(def);
  return (values: Record<string, unknown>) => {
    const errors: Record<string, Message> = {};
    for (const [name, field] of fields) {
      const value = values[name];
      // A blank optional field is simply not given.
      const problem = field.required || !isBlank(value) ? fieldProblem(field, value) : undefined;
      if (problem) errors[name] = problemMessage(problem);
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

/** What the form says once when Save finds problems: the resource's message when a value is missing. */
export function formProblem(
  def: ResourceDef,
  mode: FormMode,
  errors: Record<string, Message>,
): string | null {
  const messages = Object.values(errors);
  if (messages.length === 0) return null;
  return messages.includes(REQUIRED) ? `rihla.validation.${def.name}.${mode}` : 'rihla.ui.form.fix';
}
