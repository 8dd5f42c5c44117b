// The create and edit form of a resource: one input per writable registry field, through the kind map, and
// the registry's validation. Save is always enabled; pressed with problems, it marks the fields and the form
// says the spec's message once, beside Save (no toast, no message repeated under every field).
// `version` > 0 remounts it empty: after a save the spec clears the form.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { type ReactNode, useMemo } from 'react';
import { Form, SaveButton, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { fieldLock, type ResourceDef } from '../../shared/registry/index.ts';
import { useRole } from '../auth/useCan.ts';
import { formExtras } from './formExtras.tsx';
import { KindInput } from './kinds.tsx';
import { type FormMode, formFields, formProblem, validator } from './validation.ts';

interface ResourceFormProps {
  def: ResourceDef;
  mode: FormMode;
  /** Increases after each successful save; the form then starts again empty. */
  version?: number;
  /** Shown above the inputs after a save (the spec's success banner). */
  banner?: ReactNode;
}

/** The form's one message after a Save that found problems; it goes once the problems are fixed. */
function FormProblem({ def, mode }: { def: ResourceDef; mode: FormMode }) {
  const { submitCount, errors } = useFormState();
  const { getValues } = useFormContext();
  const translate = useTranslate();
  const validate = useMemo(() => validator(def, mode), [def, mode]);
  if (submitCount === 0 || Object.keys(errors).length === 0) return null;
  const problem = formProblem(def, mode, validate(getValues()));
  return problem ? (
    <Alert severity="error" role="alert" data-testid="form-problem" sx={{ flex: '1 1 100%' }}>
      {translate(problem)}
    </Alert>
  ) : null;
}

// Delete lives in the page's actions, with the spec's confirmation; the form only saves.
const saveOnly = (def: ResourceDef, mode: FormMode) => (
  <Toolbar sx={{ flexWrap: 'wrap', gap: 2 }}>
    <FormProblem def={def} mode={mode} />
    <SaveButton alwaysEnable />
  </Toolbar>
);

/**
 * A field this staff member may read but not change (shared/registry fieldLock): shown as it is, its input
 * disabled by its fieldset, with who changes it; the server refuses a change anyway (403).
 */
function Locked({ lock, input }: { lock: string; input: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      component="fieldset"
      disabled
      data-locked={lock}
      sx={{ border: 0, p: 0, m: 0, mb: 1, minWidth: 0, width: '100%', opacity: 0.75 }}
    >
      {input}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: -1 }}>
        {translate(`rihla.errors.codes.${lock}`)}
      </Typography>
    </Box>
  );
}

export function ResourceForm({ def, mode, version = 0, banner }: ResourceFormProps) {
  const record = useRecordContext();
  const { role, companyId } = useRole();
  const staff = { role, companyId };
  const validate = useMemo(() => validator(def, mode), [def, mode]);
  const empty = useMemo(() => (record ? { id: record.id } : {}), [record]);
  const Below = formExtras(def.name).Below;
  const defaults = useMemo(
    () =>
      mode === 'create'
        ? Object.fromEntries(
            Object.entries(def.fields)
              .filter(([, field]) => field.defaultValue !== undefined)
              .map(([name, field]) => [name, field.defaultValue]),
          )
        : undefined,
    [def, mode],
  );
  return (
    // react-admin's SimpleForm, laid out the same, without its passing `disableInvalidFormNotification` on to
    // a DOM element.
    <Form
      key={version}
      record={version > 0 ? empty : undefined}
      validate={validate}
      defaultValues={defaults}
      warnWhenUnsavedChanges
      // Our messages, in the page's language, rather than the browser's own bubbles (type=email, max…).
      noValidate
      disableInvalidFormNotification
    >
      <CardContent sx={{ maxWidth: 720, pb: { xs: '5em', sm: 2 } }}>
        <Stack sx={{ alignItems: 'flex-start' }}>
          {banner && (
            <Alert severity="success" role="status" sx={{ mb: 2, width: '100%' }}>
              {banner}
            </Alert>
          )}
          {formFields(def).map(([name, field]) => {
            const input = <KindInput key={name} source={name} field={field} resource={def.name} />;
            const lock = fieldLock(field, staff);
            return lock ? <Locked key={name} lock={lock} input={input} /> : input;
          })}
          {Below && <Below />}
        </Stack>
      </CardContent>
      {saveOnly(def, mode)}
    </Form>
  );
}
