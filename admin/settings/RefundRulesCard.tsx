// "Refund rules" on the Settings page (admins only): the cancellation tiers (hours before departure → share
// kept), the share kept after departure and the change fee. Saved through /api/settings/updateRefundRules,
// which checks them (tiers ordered, shares 0–100) and logs the change; bookings keep the rules they were sold
// under, so a change applies only to sales from now on.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import {
  ArrayInput,
  Form,
  NumberInput,
  ResourceContextProvider,
  SaveButton,
  SimpleFormIterator,
  useTranslate,
} from 'react-admin';
import type { StaffRefundRules } from '../../shared/contract/answers.ts';
import { useSettingsCard } from './useSettingsCard.ts';

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
  const {
    settings: rules,
    saved,
    submit,
  } = useSettingsCard<StaffRefundRules>({ paths: PATHS, queryKey: KEY, body: rulesBody });

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
