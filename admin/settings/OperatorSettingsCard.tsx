// "What travellers see" on the Settings page (admins only): the operator's contact details and the accounts
// travellers pay into. Saved in the database (GET/PATCH /api/settings/…), so every API node and the public site
// follow without a restart; the server checks every value and the activity log records the change.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrayInput,
  Form,
  ResourceContextProvider,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import type { StaffSettings } from '../../shared/contract/answers.ts';
import { useSettingsCard } from './useSettingsCard.ts';
import { BOARDING_TIMES_KEY } from '../common/useBoardingTimes.ts';

const PATHS = { read: '/api/settings/getSettings', update: '/api/settings/updateSettings' };
const KEY = ['settings', 'operator'];
const label = (field: string) => `rihla.settings.operator.${field}`;
/** Numbers read left to right on Arabic pages too; names and addresses take their own script's direction. */
const LTR = { htmlInput: { dir: 'ltr' } };
const AUTO = { htmlInput: { dir: 'auto' } };

/** What the form holds, as the server takes it: a cleared field (null) is a blank one. */
function settingsBody(values: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const wallets = Array.isArray(values.payment_wallets) ? values.payment_wallets : [];
  return {
    operator_phone: text(values.operator_phone),
    operator_email: text(values.operator_email),
    operator_address: text(values.operator_address),
    payment_bankak_account: text(values.payment_bankak_account),
    payment_account_name: text(values.payment_account_name),
    payment_wallets: wallets.map((wallet: { name?: unknown; number?: unknown }) => ({
      name: text(wallet?.name),
      number: text(wallet?.number),
    })),
    boarding_times: timesList(values.boarding_times),
    site_address: text(values.site_address),
  };
}

/**
 * Added boarding times are typed on one line, "05:30, 13:00" (an Arabic comma too), kept as typed while the
 * admin types and split when saving; the server checks, sorts and dedupes them.
 */
const timesText = (times: unknown) => (Array.isArray(times) ? times.join(', ') : String(times ?? ''));
function timesList(times: unknown): string[] {
  if (Array.isArray(times)) return times.map(String);
  return String(times ?? '')
    .split(/[\s,،]+/)
    .filter(Boolean);
}

/** A problem with one of the added times ("boarding_times.1") is shown under their one input. */
function oneErrorPerTimesInput(fields: Record<string, string>) {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields))
    errors[path.startsWith('boarding_times') ? 'boarding_times' : path] = message;
  return errors;
}

export function OperatorSettingsCard() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { settings, saved, submit } = useSettingsCard<StaffSettings>({
    paths: PATHS,
    queryKey: KEY,
    body: settingsBody,
    fieldErrors: oneErrorPerTimesInput,
    // Trip and timetable forms offer the new boarding times at once.
    afterSave: () => queryClient.invalidateQueries({ queryKey: BOARDING_TIMES_KEY }),
  });

  return (
    <Card sx={{ mt: 3, maxWidth: 720 }} data-testid="operator-settings">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate(label('title'))}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(label('intro'))} {translate(label('blank'))}
        </Typography>
        {settings.isError && <Alert severity="error">{translate(label('load_failed'))}</Alert>}
        {saved && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {translate(label('saved'))}
          </Alert>
        )}
        {settings.data && (
          // The wallets' iterator needs a resource; settings are no registry resource, their labels are given.
          <ResourceContextProvider value="settings">
            <Form record={settings.data} onSubmit={submit} noValidate>
              <Typography variant="h6" component="h3">
                {translate(label('contact'))}
              </Typography>
              <TextInput
                source="operator_phone"
                slotProps={LTR}
                label={label('operator_phone')}
                inputMode="tel"
                fullWidth
              />
              <TextInput
                source="operator_email"
                slotProps={LTR}
                label={label('operator_email')}
                type="email"
                fullWidth
              />
              <TextInput
                source="operator_address"
                slotProps={AUTO}
                label={label('operator_address')}
                multiline
                fullWidth
              />
              <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                {translate(label('payment'))}
              </Typography>
              <TextInput
                source="payment_bankak_account"
                slotProps={LTR}
                label={label('payment_bankak_account')}
                inputMode="numeric"
                fullWidth
              />
              <TextInput
                source="payment_account_name"
                slotProps={AUTO}
                label={label('payment_account_name')}
                fullWidth
              />
              <ArrayInput source="payment_wallets" label={label('payment_wallets')}>
                <SimpleFormIterator inline disableReordering>
                  <TextInput source="name" label={label('wallet_name')} slotProps={AUTO} />
                  <TextInput
                    source="number"
                    label={label('wallet_number')}
                    inputMode="numeric"
                    slotProps={LTR}
                  />
                </SimpleFormIterator>
              </ArrayInput>
              <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                {translate(label('times'))}
              </Typography>
              <TextInput
                source="boarding_times"
                slotProps={LTR}
                label={label('boarding_times')}
                helperText={label('boarding_times_help')}
                format={timesText}
                fullWidth
              />
              <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                {translate(label('messages'))}
              </Typography>
              <TextInput
                source="site_address"
                slotProps={LTR}
                label={label('site_address')}
                helperText={label('site_address_help')}
                inputMode="url"
                fullWidth
              />
              <SaveButton label={label('save')} alwaysEnable />
            </Form>
          </ResourceContextProvider>
        )}
      </CardContent>
    </Card>
  );
}
