// A resource's edit screen: saves only what changed (PATCH), stays on the page, shows the success banner and
// clears the form. Failures show the server's reason or the spec's message.
import { useState } from 'react';
import { Edit, ListButton, TopToolbar, useNotify, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { RecordTitle } from './RecordTitle.tsx';
import { formExtras } from './formExtras.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { configOf } from './screenConfig.ts';

export function generatedEdit(def: ResourceDef) {
  const failureKey = configOf(def.name).failureKeys?.update ?? 'rihla.notices.update_failed';

  function GeneratedEdit() {
    const notify = useNotify();
    const translate = useTranslate();
    const errorMessage = useErrorMessage();
    const [version, setVersion] = useState(0);
    const [saved, setSaved] = useState(false);
    const [answer, setAnswer] = useState<Record<string, unknown> | null>(null);
    return (
      <Edit
        resource={def.name}
        mutationMode="pessimistic"
        redirect={false}
        title={<RecordTitle view="edit" />}
        actions={
          <TopToolbar>
            <ListButton />
            <DeleteRecordButton />
          </TopToolbar>
        }
        mutationOptions={{
          onSuccess: (data: Record<string, unknown>) => {
            setAnswer(data);
            setVersion((v) => v + 1);
            setSaved(true);
          },
          onError: (error: unknown) => {
            setSaved(false);
            notify(errorMessage(error, failureKey, def.name), { type: 'error' });
          },
        }}
      >
        <ResourceForm
          def={def}
          mode="update"
          version={version}
          banner={
            saved ? (
              <>
                {translate(`resources.${def.name}.notifications.updated`)}
                {answer && formExtras(def.name).saved?.(answer)}
              </>
            ) : null
          }
        />
      </Edit>
    );
  }
  return GeneratedEdit;
}
