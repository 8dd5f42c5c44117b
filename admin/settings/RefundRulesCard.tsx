// "Refund rules" on the Settings page (admins only): the cancellation tiers (hours before departure → share
// kept), the share kept after departure and the change fee. Saved through /api/settings/updateRefundRules,
// which checks them (tiers ordered, shares 0–100) and logs the change; bookings keep the rules they were sold
// under, so a change applies only to sales from now on.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ArrayInput,
  Form,
  HttpError,
  NumberInput,
  ResourceContextProvider,
  SaveButton,
  SimpleFormIterator,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { StaffRefundRules } from '../../shared/contract/answers.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';

const PATHS = { read: '/api/settings/getRefundRules', update: '/api/settings/updateRefundRules' };
const KEY = ['settings', 'refunds'];
const label = (field: string) => `rihla.settings.refunds.${field}`;
const LTR = { htmlInput: { dir: 'ltr' } };
/** A cleared number input is null: sent as is, the server says what is wrong with it. */
const number = (value: unknown) => (value === '' || value === undefined ? null : value);

function rulesBody(values: Record<string, unknown>) {
  const tiers = Array.isArray(values.tiers) ? values.tiers : [];
  return {
    tiers: tiers.map((tier: { hoursBefore?: unknown; keptPercent?: unknown }) => ({
      hoursBefore: number(tier?.hoursBefore),
      keptPercent: number(tier?.keptPercent),
    })),
    afterDepartureKeptPercent: number(values.afterDepartureKeptPercent),
    changeFee: number(values.changeFee),
  };
}

export function RefundRulesCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const rules = useQuery({
    queryKey: KEY,
    queryFn: async (): Promise<StaffRefundRules> => (await dataProvider.request(PATHS.read)).json(),
  });

  async function submit(values: Record<string, unknown>) {
    setSaved(false);
    try {
      const response = await dataProvider.request(PATHS.update, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(rulesBody(values)),
      });
      queryClient.setQueryData(KEY, await response.json());
    } catch (error) {
      const fields = error instanceof HttpError ? error.body?.errors : undefined;
      if (fields && Object.keys(fields).length) return fields;
      notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
      return undefined;
    }
    setSaved(true);
    return undefined;
  }

  return (
    <Card sx={{ mt: 3, maxWidth: 720 }} data-testid="refund-rules">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate(label('title'))}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(label('intro'))}
        </Typography>
        {rules.isError && <Alert severity="error">{translate('rihla.settings.operator.load_failed')}</Alert>}
        {saved && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {translate(label('saved'))}
          </Alert>
        )}
        {rules.data && (
          <ResourceContextProvider value="settings">
            <Form record={rules.data} onSubmit={submit} noValidate>
              <ArrayInput source="tiers" label={label('tiers')}>
                <SimpleFormIterator inline disableReordering>
                  <NumberInput
                    source="hoursBefore"
                    label={label('hoursBefore')}
                    min={0}
                    step={1}
                    slotProps={LTR}
                  />
                  <NumberInput
                    source="keptPercent"
                    label={label('keptPercent')}
                    min={0}
                    max={100}
                    slotProps={LTR}
                  />
                </SimpleFormIterator>
              </ArrayInput>
              <NumberInput
                source="afterDepartureKeptPercent"
                label={label('afterDepartureKeptPercent')}
                min={0}
                max={100}
                slotProps={LTR}
              />
              <NumberInput source="changeFee" label={label('changeFee')} min={0} step={500} slotProps={LTR} />
              <SaveButton label={label('save')} alwaysEnable />
            </Form>
          </ResourceContextProvider>
        )}
      </CardContent>
    </Card>
  );
}
