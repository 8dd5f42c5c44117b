// What an activity row changed, as a small table: field, before → after, each value written as staff read it
// (choices and booleans in words, times on Khartoum's clock, numbers and codes isolated for Arabic screens).
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useLocale, useTranslate } from 'react-admin';
import { registry } from '../../shared/registry/index.ts';
import { formatDay, formatNumber, formatTimestamp } from '../i18n/format.ts';
import type { DiffRow } from './entries.ts';

/** Values named by a word of their own, whatever resource they belong to. */
const WORDS: Record<string, (value: string) => string> = {
  paymentStatus: (value) => `rihla.payments.status.${value}`,
  paymentMethod: (value) => `rihla.payments.method.${value}`,
  rejectionReason: (value) => `rihla.payments.reason.${value}`,
  verifiedVia: (value) => `rihla.payments.via.${value}`,
  idType: (value) => `rihla.travellers.id_types.${value}`,
};

/** A list of records (a booking's travellers): one line each. */
const isRecordList = (value: unknown[]) => value.some((item) => item !== null && typeof item === 'object');

function useValueText(resource: string) {
  const translate = useTranslate();
  const locale = useLocale();
  const fields = (registry as Record<string, { fields: Record<string, { kind: string }> }>)[resource]?.fields;
  const text = (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return translate('rihla.activity.diff.empty');
    if (typeof value === 'boolean') return translate(`rihla.activity.diff.${value ? 'yes' : 'no'}`);
    if (field === 'seat')
      return `${translate('rihla.travellers.seat')} ${formatNumber(Number(value), locale)}`;
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
    const kind = fields?.[field]?.kind;
    if (kind === 'choice') return translate(`rihla.choices.${plain}`, { _: plain });
    if (kind === 'timestamp') return formatTimestamp(plain, locale);
    if (kind === 'date') return formatDay(plain, locale);
    return plain;
  };
  return text;
}

export function DiffTable({ resource, rows }: { resource: string; rows: DiffRow[] }) {
  const translate = useTranslate();
  const text = useValueText(resource);
  const label = (field: string) =>
    field === 'passengers'
      ? translate('rihla.activity.diff.travellers')
      : translate(`resources.${resource}.fields.${field}`, { _: field });
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
          <TableCell sx={{ width: 28 }} />
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
              <bdi>{text(row.field, row.before)}</bdi>
            </TableCell>
            <TableCell aria-hidden sx={{ color: 'text.secondary' }}>
              <ArrowForwardIcon fontSize="inherit" sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
            </TableCell>
            <TableCell>
              <bdi>{text(row.field, row.after)}</bdi>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
