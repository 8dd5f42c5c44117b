// A resource's create screen. It lands where the resource's screen config says (its list, Settings for
// reference data, the dashboard for a new user); a create that stays (reports) shows the success banner and
// starts again with an empty form.
import { useState } from 'react';
import { Create, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formExtras } from './formExtras.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import { configOf } from './screenConfig.ts';

export function generatedCreate(def: ResourceDef) {
  const { afterCreate = 'list', failureKeys } = configOf(def.name);
  const failureKey = failureKeys?.create ?? 'rihla.notices.create_failed';
  const useAfterCreate = formExtras(def.name).useAfterCreate ?? (() => undefined);

  function GeneratedCreate() {
    const notify = useNotify();
    const redirect = useRedirect();
    const translate = useTranslate();
    const errorMessage = useErrorMessage();
    const [version, setVersion] = useState(0);
    const [saved, setSaved] = useState(false);
    const followUp = useAfterCreate();
    const created = `resources.${def.name}.notifications.created`;
    return (
      <Create
        resource={def.name}
        mutationOptions={{
          onSuccess: (data: { id: string } & Record<string, unknown>, variables: { data?: unknown }) => {
            void followUp?.((variables.data ?? {}) as Record<string, unknown>);
            if (afterCreate === false) {
              setVersion((v) => v + 1);
              return setSaved(true);
            }
            // A timetable says how many trips it put on sale.
            notify(formExtras(def.name).saved?.(data) ?? created, { type: 'success' });
            redirect(afterCreate, def.name, data.id, data);
          },
          onError: (error: unknown) => {
            setSaved(false);
            notify(errorMessage(error, failureKey, def.name), { type: 'error' });
          },
        }}
      >
        <ResourceForm def={def} mode="create" version={version} banner={saved ? translate(created) : null} />
      </Create>
    );
  }
  return GeneratedCreate;
}
