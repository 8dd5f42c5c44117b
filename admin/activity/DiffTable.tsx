// What an activity row changed, as a small table: field, before → after, each value written as staff read it
// (choices and booleans in words, a cancellation as the record's status, references and staff members by
// name, amounts with their currency, times on Khartoum's clock, numbers and codes isolated for Arabic screens).
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocale, useTranslate } from 'react-admin';
import { registry } from '../../shared/registry/index.ts';
import { liveStatusOf } from '../generated/screenConfig.ts';
import { formatDay, formatMoney, formatNumber, formatTimestamp } from '../i18n/format.ts';
import type { ReactNode } from 'react';
import { type ActivityRow, type DiffRow, fieldName } from './entries.ts';
import { RecordName, STAFF_FIELDS, StaffName } from './Names.tsx';

/** Values named by a word of their own, whatever resource they belong to. */
const WORDS: Record<string, (value: string) => string> = {
  paymentStatus: (value) => `rihla.payments.status.${value}`,
  paymentMethod: (value) => `rihla.payments.method.${value}`,
  rejectionReason: (value) => `rihla.payments.reason.${value}`,
  verifiedVia: (value) => `rihla.payments.via.${value}`,
  idType: (value) => `rihla.travellers.id_types.${value}`,
  action: (value) => `rihla.activity.disruption.${value}`,
};

/** A list of records (a booking's travellers): one line each. */
const isRecordList = (value: unknown[]) => value.some((item) => item !== null && typeof item === 'object');

type Fields = Record<string, { kind: string; ref?: string }>;

function useValueText(resource: string) {
  const translate = useTranslate();
  const locale = useLocale();
  const fields = (registry as Record<string, { fields: Fields }>)[resource]?.fields;
  const text = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('rihla.activity.diff.empty');
    // A cancellation reads as the record's status: "Scheduled → Cancelled", not "No → Yes".
    if (field === 'isCancelled' && typeof value === 'boolean')
      return translate(value ? 'rihla.ui.status.cancelled' : liveStatusOf(resource));
    if (typeof value === 'boolean') return translate(`rihla.activity.diff.${value ? 'yes' : 'no'}`);
    if (field === 'seat')
      return `${translate('rihla.travellers.seat')} ${formatNumber(Number(value), locale)}`;
    const kind = fields?.[field]?.kind;
    // An amount with its currency (a refund owed, a price).
    if (typeof value === 'number' && (kind === 'money' || kind === 'priceList'))
      return formatMoney(value, locale, translate);
    if (typeof value === 'number') return formatNumber(value, locale);
    if (Array.isArray(value))
      return value
        .map((item) => text(field, item))
        .join(isRecordList(value) ? '\n' : locale === 'ar' ? '، ' : ', ');
    if (typeof value === 'object')
      return Object.entries(value as Record<string, unknown>)
        .filter(([, inner]) => inner !== null && inner !== '')
        .map(([key, inner]) => text(key, inner))
        .join(' · ');
    const plain = String(value);
    if (WORDS[field]) return translate(WORDS[field](plain), { _: plain });
    if (kind === 'choice') return translate(`rihla.choices.${plain}`, { _: plain });
    if (kind === 'timestamp') return formatTimestamp(plain, locale);
    if (kind === 'date') return formatDay(plain, locale);
    return plain;
  };
  return text;
}

/** One value: a reference or a staff member by name, anything else in words. */
function Value({
  resource,
  field,
  value,
  entry,
}: {
  resource: string;
  field: string;
  value: unknown;
  entry?: ActivityRow;
}) {
  const text = useValueText(resource);
  const ref = (registry as Record<string, { fields: Fields }>)[resource]?.fields[field]?.ref;
  let shown: ReactNode = text(field, value);
  if (typeof value === 'string' && value && ref) shown = <RecordName resource={ref} id={value} />;
  if (typeof value === 'string' && value && STAFF_FIELDS.has(field))
    shown = <StaffName id={value} entry={entry} />;
  return <bdi>{shown}</bdi>;
}

export function DiffTable({
  resource,
  rows,
  entry,
}: {
  resource: string;
  rows: DiffRow[];
  /** The entry the changes belong to: its author names the staff member it records (verified by…). */
  entry?: ActivityRow;
}) {
  const translate = useTranslate();
  const label = (field: string) =>
    field === 'passengers'
      ? translate('rihla.activity.diff.travellers')
      : fieldName(translate, resource, field);
  if (rows.length === 0) return null;
  return (
    <Table
      size="small"
      data-testid="activity-diff"
      sx={{
        tableLayout: 'fixed',
        width: '100%',
        '& th, & td': {
          px: 0.75,
          py: 0.5,
          verticalAlign: 'top',
          overflowWrap: 'anywhere',
          whiteSpace: 'pre-line',
        },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '30%' }}>{translate('rihla.activity.diff.field')}</TableCell>
          <TableCell>{translate('rihla.activity.diff.before')}</TableCell>
          <TableCell>{translate('rihla.activity.diff.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.field} data-field={row.field}>
            <TableCell component="th" scope="row">
              {label(row.field)}
            </TableCell>
            <TableCell sx={{ color: 'text.secondary' }}>
              <Value resource={resource} field={row.field} value={row.before} entry={entry} />
            </TableCell>
            <TableCell>
              <Box component="span" sx={{ display: 'flex', gap: 0.5 }}>
                <ArrowForwardIcon
                  aria-hidden
                  fontSize="inherit"
                  sx={{
                    mt: '0.2em',
                    flexShrink: 0,
                    color: 'text.secondary',
                    '[dir=rtl] &': { transform: 'scaleX(-1)' },
                  }}
                />
                <Value resource={resource} field={row.field} value={row.after} entry={entry} />
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
