// Field components for the registry's value kinds that react-admin has no exact match for: money in SDG,
// calendar dates, seat lists, passengers, server timestamps and long text.
import Typography from '@mui/material/Typography';
import { useFieldValue, useLocale, useTranslate } from 'react-admin';
import { formatDay, formatMoney, formatSeatList, formatTimestamp } from '../../i18n/format.ts';

interface ValueFieldProps {
  source: string;
  /** Long text in a list row: a short, single-line preview. */
  preview?: boolean;
}

/** A value that keeps its own direction in either language; `whole` keeps it on one line (dates, amounts). */
const Text = ({ children, whole }: { children: string; whole?: boolean }) => (
  <Typography component="bdi" variant="body2" sx={whole ? { whiteSpace: 'nowrap' } : undefined}>
    {children}
  </Typography>
);

/** A short code-like value (a plate, a ticket id: one word) never breaks at its hyphen. */
export function CodeOrTextField({ source }: ValueFieldProps) {
  const value = useFieldValue({ source });
  if (value == null || value === '') return null;
  const text = String(value);
  return <Text whole={text.length <= 16 && !/\s/.test(text.trim())}>{text}</Text>;
}

export function MoneyField({ source }: ValueFieldProps) {
  const value = useFieldValue({ source });
  const translate = useTranslate();
  const locale = useLocale();
  const amount = Array.isArray(value) ? value[0] : value; // priceList: the first entry is the one shown
  return typeof amount === 'number' ? <Text whole>{formatMoney(amount, locale, translate)}</Text> : null;
}

export function DayField({ source }: ValueFieldProps) {
  const value = useFieldValue({ source });
  const locale = useLocale();
  return typeof value === 'string' ? <Text whole>{formatDay(value, locale)}</Text> : null;
}

/** A time's label (a column header, a detail's label): its field's name, saying the time is Khartoum's. */
export function KhartoumTimeLabel({ label }: { label: string }) {
  const translate = useTranslate();
  return <>{translate('rihla.ui.time.khartoum', { label: translate(label, { _: label }) })}</>;
}

export function TimestampField({ source }: ValueFieldProps) {
  const value = useFieldValue({ source });
  const locale = useLocale();
  return typeof value === 'string' ? <Text whole>{formatTimestamp(value, locale)}</Text> : null;
}

export function SeatsField({ source }: ValueFieldProps) {
  const value = useFieldValue({ source });
  const locale = useLocale();
  return Array.isArray(value) ? <Text>{formatSeatList(value, locale)}</Text> : null;
}

export function PassengerField({ source }: ValueFieldProps) {
  const value = useFieldValue({ source }) as { firstName?: string; lastName?: string } | undefined;
  return value ? <Text>{[value.firstName, value.lastName].filter(Boolean).join(' ')}</Text> : null;
}

export function LongTextField({ source, preview }: ValueFieldProps) {
  const value = useFieldValue({ source });
  if (typeof value !== 'string') return null;
  return preview ? (
    <Typography
      component="bdi"
      variant="body2"
      sx={{
        display: 'block',
        maxWidth: 240,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {value}
    </Typography>
  ) : (
    <Typography component="p" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
      {value}
    </Typography>
  );
}
