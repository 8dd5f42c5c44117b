// What a statement import matched (or, in a dry run, would match), in six groups: matched (verified),
// amount differs (paid against expected), ambiguous, already paid, no proof waiting, money going out. Each row names its line
// in the file and links to its booking.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, useLocale, useTranslate } from 'react-admin';
import { formatMoney, formatNumber } from '../i18n/format.ts';
import { Ltr } from './Ltr.tsx';
import {
  STATEMENT_GROUPS,
  type StatementGroup,
  type StatementResult as Result,
  type StatementRow,
} from './paymentsApi.ts';
import { scrollsSideways } from './styles.ts';

const SEVERITY: Record<StatementGroup, 'success' | 'warning' | 'info' | 'error'> = {
  matched: 'success',
  mismatched: 'error',
  ambiguous: 'warning',
  alreadyVerified: 'info',
  unmatched: 'warning',
  debits: 'info',
};

function Rows({ rows, group }: { rows: StatementRow[]; group: StatementGroup }) {
  const translate = useTranslate();
  const locale = useLocale();
  const money = (amount: number | null | undefined) =>
    amount == null ? '—' : <bdi>{formatMoney(amount, locale, translate)}</bdi>;
  const t = (key: string) => translate(`rihla.payments.import.${key}`);
  const showExpected = group !== 'unmatched' && group !== 'ambiguous' && group !== 'debits';
  return (
    <Box sx={scrollsSideways}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('line')}</TableCell>
            <TableCell>{t('reference')}</TableCell>
            <TableCell>{t('paid')}</TableCell>
            {showExpected && <TableCell>{t('expected')}</TableCell>}
            {showExpected && <TableCell>{t('booking')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line} data-line={row.line}>
              <TableCell>{formatNumber(row.line, locale)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>
                <Ltr>{row.reference || '—'}</Ltr>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(row.amount)}</TableCell>
              {showExpected && <TableCell sx={{ whiteSpace: 'nowrap' }}>{money(row.expected)}</TableCell>}
              {showExpected && (
                <TableCell>
                  {row.bookingId ? (
                    <Link to={`/bookings/${encodeURIComponent(row.bookingId)}/show`}>
                      <Ltr>{row.ticketId}</Ltr>
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function StatementResult({ result, dryRun }: { result: Result; dryRun: boolean }) {
  const translate = useTranslate();
  const locale = useLocale();
  const explain = dryRun ? 'will' : 'help';
  // A group the server did not send (one older than the group) is empty.
  const rowsOf = (group: StatementGroup): StatementRow[] => result[group] ?? [];
  return (
    <Stack spacing={2} data-testid={dryRun ? 'statement-dry-run' : 'statement-result'}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {STATEMENT_GROUPS.map((group) => (
          <Chip
            key={group}
            color={rowsOf(group).length ? SEVERITY[group] : 'default'}
            variant={rowsOf(group).length ? 'filled' : 'outlined'}
            label={
              <>
                {translate(`rihla.payments.import.groups.${group}`)}:{' '}
                <bdi>{formatNumber(rowsOf(group).length, locale)}</bdi>
              </>
            }
            data-group={group}
            data-count={rowsOf(group).length}
          />
        ))}
      </Stack>
      {STATEMENT_GROUPS.filter((group) => rowsOf(group).length > 0).map((group) => (
        <Paper key={group} variant="outlined" sx={{ p: 1.5 }} data-group-rows={group}>
          <Typography variant="subtitle1" component="h3">
            {translate(`rihla.payments.import.groups.${group}`)} (
            <bdi>{formatNumber(rowsOf(group).length, locale)}</bdi>)
          </Typography>
          <Alert severity={SEVERITY[group]} sx={{ my: 1 }}>
            {translate(`rihla.payments.import.${explain}.${group}`)}
          </Alert>
          <Rows rows={rowsOf(group)} group={group} />
        </Paper>
      ))}
    </Stack>
  );
}
