// The create and edit form of a resource: one input per writable registry field, through the kind map, and
// the registry's validation. `version` > 0 remounts it empty: after a save the spec clears the form.
import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { SaveButton, SimpleForm, Toolbar, useRecordContext } from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { KindInput } from './kinds.tsx';
import { type FormMode, formFields, validator } from './validation.ts';

interface ResourceFormProps {
  def: ResourceDef;
  mode: FormMode;
  /** Increases after each successful save; the form then starts again empty. */
  version?: number;
  /** Shown above the inputs after a save (the spec's success banner). */
  banner?: string | null;
}

// Delete lives in the page's actions, with the spec's confirmation; the form only saves.
const saveOnly = (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

export function ResourceForm({ def, mode, version = 0, banner }: ResourceFormProps) {
  const record = useRecordContext();
  const validate = useMemo(() => validator(def, mode), [def, mode]);
  const empty = useMemo(() => (record ? { id: record.id } : {}), [record]);
  return (
    <SimpleForm
      key={version}
      record={version > 0 ? empty : undefined}
      validate={validate}
      warnWhenUnsavedChanges
      // Our messages, in the page's language, rather than the browser's own bubbles (type=email, max…).
      noValidate
      toolbar={saveOnly}
      sx={{ maxWidth: 720 }}
    >
      {banner && (
        <Alert severity="success" role="status" sx={{ mb: 2, width: '100%' }}>
          {banner}
        </Alert>
      )}
      {formFields(def).map(([name, field]) => (
        <KindInput key={name} source={name} field={field} resource={def.name} />
      ))}
    </SimpleForm>
  );
}
