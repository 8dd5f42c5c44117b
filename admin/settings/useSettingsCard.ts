// One card of the Settings page: reads its settings (GET), saves the form (PATCH) and answers the form's field
// errors from the server's 400 (anything else is a notice). Shared by "What travellers see" and "Refund rules".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';

interface SettingsCard {
  paths: { read: string; update: string };
  queryKey: readonly string[];
  /** What the form holds, as the server takes it. */
  body: (values: Record<string, unknown>) => unknown;
  /** Field errors as the form shows them (by default, as the server names them). */
  fieldErrors?: (fields: Record<string, string>) => Record<string, string>;
  /** After a save, before the card says "saved". */
  afterSave?: () => Promise<void>;
}

export function useSettingsCard<T>({ paths, queryKey, body, fieldErrors, afterSave }: SettingsCard) {
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const settings = useQuery({
    queryKey,
    queryFn: async (): Promise<T> => (await dataProvider.request(paths.read)).json(),
  });

  async function submit(values: Record<string, unknown>) {
    setSaved(false);
    try {
      const response = await dataProvider.request(paths.update, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body(values)),
      });
      queryClient.setQueryData(queryKey, await response.json());
      await afterSave?.();
    } catch (error) {
      const fields = error instanceof HttpError ? error.body?.errors : undefined;
      if (fields && Object.keys(fields).length) return fieldErrors ? fieldErrors(fields) : fields;
      notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
      return undefined;
    }
    setSaved(true);
    return undefined;
  }

  return { settings, saved, submit };
}
