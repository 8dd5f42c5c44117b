// "Add to both lists" on the create-origin and create-destination forms (issue 23): a town where buses stop
// must be an origin (boarding there) and a destination (alighting there). Ticked, saving one creates its twin
// in the other list with the same English and Arabic names. Two calls of the existing create routes, under the
// same roles; a twin that exists already is left as it is.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useDataProvider, useInput, useNotify, useTranslate } from 'react-admin';
import { useErrorMessage } from '../data/useErrorMessage.ts';

/** The form's flag: not a registry field, so the server's schema drops it. */
export const BOTH_LISTS = 'add_to_both_lists';

export function BothListsInput() {
  const translate = useTranslate();
  const { field } = useInput({ source: BOTH_LISTS, defaultValue: false });
  return (
    <div>
      <FormControlLabel
        control={
          <Checkbox
            name={BOTH_LISTS}
            checked={!!field.value}
            onChange={(event) => field.onChange(event.target.checked)}
          />
        }
        label={translate('rihla.stops.both_lists')}
      />
      <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{translate('rihla.stops.both_lists_help')}</FormHelperText>
    </div>
  );
}

const twins = {
  origins: { field: 'origin_city', other: 'destinations', otherField: 'destination_city' },
  destinations: { field: 'destination_city', other: 'origins', otherField: 'origin_city' },
} as const;

/** After a create: the twin in the other list, when the form asked for it. */
export function useCreateTwin(resource: 'origins' | 'destinations') {
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  return async (sent: Record<string, unknown>) => {
    if (!sent[BOTH_LISTS]) return;
    const { field, other, otherField } = twins[resource];
    const data: Record<string, unknown> = { [otherField]: sent[field] };
    if (sent[`${field}_ar`]) data[`${otherField}_ar`] = sent[`${field}_ar`];
    try {
      await dataProvider.create(other, { data });
      notify('rihla.stops.twin_created', { type: 'success' });
    } catch (error) {
      notify('rihla.stops.twin_failed', {
        type: 'warning',
        messageArgs: { error: errorMessage(error, 'rihla.notices.create_failed', other) },
      });
    }
  };
}
