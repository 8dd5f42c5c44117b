// A timetable's lists: its days of the week (ticked in a form, named in a list) and its days off (dates typed
// as YYYY-MM-DD, separated by commas or spaces; the server reads the same text).
import Typography from '@mui/material/Typography';
import { CheckboxGroupInput, TextInput, useFieldValue, useLocale, useTranslate } from 'react-admin';
import { WEEKDAYS } from '../../../shared/timetables.ts';
import { formatDay } from '../../i18n/format.ts';

interface ListFieldProps {
  source: string;
}

const dayChoices = WEEKDAYS.map((day) => ({ id: day, name: `rihla.weekdays.${day}` }));

export function WeekdaysField({ source }: ListFieldProps) {
  const value = useFieldValue({ source });
  const translate = useTranslate();
  if (!Array.isArray(value)) return null;
  const every = value.length === 7;
  return (
    <Typography variant="body2">
      {every
        ? translate('rihla.weekdays.every')
        : value.map((day) => translate(`rihla.weekdays.${day}`)).join(translate('rihla.weekdays.separator'))}
    </Typography>
  );
}

export const WeekdaysInput = ({ source }: ListFieldProps) => (
  <CheckboxGroupInput source={source} choices={dayChoices} row />
);

export function DateListField({ source }: ListFieldProps) {
  const value = useFieldValue({ source });
  const locale = useLocale();
  if (!Array.isArray(value) || !value.length) return null;
  return (
    <Typography variant="body2">
      {value.map((date, i) => (
        <span key={date}>
          {i > 0 && ', '}
          <bdi style={{ whiteSpace: 'nowrap' }}>
            {formatDay(String(date), locale, { weekday: undefined })}
          </bdi>
        </span>
      ))}
    </Typography>
  );
}

const asText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : ((value as string) ?? ''));

export const DateListInput = ({ source }: ListFieldProps) => (
  <TextInput source={source} format={asText} helperText="rihla.timetables.dates_off_help" fullWidth />
);
