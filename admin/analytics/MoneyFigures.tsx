// Money over a period, from the ledger: the sales report (totals, each day as a bar of its sales, routes and
// payment methods, most sold first; then the bookings that ended, per reason, and the trips cancelled or delayed
// with the operator's reason) and the settlement (per company: sales, refunds, commission and what is
// owed to it, by payment method). Amounts, dates and names are isolated inside Arabic lines.
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { CANCELLATION_WORDS, DISRUPTION_ACTION_WORDS } from '../../shared/analytics.ts';
import type { SalesReport, SettlementReport } from '../data/dataProvider.ts';
import { useIsPhone } from '../common/useIsPhone.ts';
import { formatDay } from '../i18n/format.ts';
import { Figure, useWords } from './OccupancyFigures.tsx';

type Line = SalesReport['totals'];

/** Lines named by `label`, each with its sales as a bar against the largest, and its figures in words. */
function Bars({ lines, testId }: { lines: (Line & { label: string })[]; testId: string }) {
  const { t, money } = useWords();
  const top = Math.max(1, ...lines.map((line) => line.sales));
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={testId}>
      {lines.map((line) => (
        <Box component="li" key={line.label} sx={{ py: 0.75 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{line.label}</Typography>
            <Typography color="text.secondary">
              {`${money(line.sales)} · ${t('refunds_owed')} ${money(line.refundsOwed)}`}
            </Typography>
          </Box>
          <Box
            aria-hidden
            sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden', minWidth: 80 }}
          >
            <Box
              sx={{
                height: '100%',
                width: `${Math.max(0, (line.sales / top) * 100)}%`,
                bgcolor: 'primary.main',
              }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Bookings that ended in the period, per reason, and the trips cancelled or delayed with their reasons. */
function Endings({ report }: { report: SalesReport }) {
  const { t, name, number, locale } = useWords();
  return (
    <>
      <Section title={t('cancellations')}>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="sales-cancellations">
          {report.cancellations.map((line) => (
            <Box
              component="li"
              key={line.reason}
              data-reason={line.reason}
              sx={{ py: 0.5, display: 'flex', justifyContent: 'space-between', gap: 2 }}
            >
              <Typography>{name(CANCELLATION_WORDS[line.reason])}</Typography>
              <Typography sx={{ fontWeight: 500 }}>{number(line.bookings)}</Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={t('disruptions')}>
        {report.disruptions.length === 0 ? (
          <Typography color="text.secondary">{t('no_disruptions')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="sales-disruptions">
            {report.disruptions.map((line) => (
              <Box component="li" key={line.disruptionId} sx={{ py: 0.75 }}>
                <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {`${name(DISRUPTION_ACTION_WORDS[line.action])} · ${name(line.route)} · ${formatDay(line.tripDate, locale)}`}
                </Typography>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{name(line.reason)}</Typography>
                <Typography color="text.secondary">
                  {t('disruption_bookings', {
                    bookings: number(line.bookings),
                    moved: number(line.moved),
                    refunded: number(line.refunded),
                    waiting: number(line.waiting),
                  })}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Section>
    </>
  );
}

export function SalesFigures({ report }: { report: SalesReport }) {
  const { t, money, name, method, locale } = useWords();
  const { totals } = report;
  if (!report.days.length)
    return (
      <>
        <Typography data-testid="sales-nothing" sx={{ mb: 2 }}>
          {t('no_money')}
        </Typography>
        <Endings report={report} />
      </>
    );
  return (
    <>
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {(
          [
            ['sales', totals.sales],
            ['refunds_owed', totals.refundsOwed],
            ['net', totals.net],
            ['commission', totals.commission],
          ] as const
        ).map(([key, value]) => (
          <Grid key={key} size={{ xs: 6, md: 3 }}>
            <Figure label={t(key)} value={money(value)} testId={`sales-${key}`} variant="h6" />
          </Grid>
        ))}
      </Grid>
      <Section title={t('by_day')}>
        <Bars
          testId="sales-days"
          lines={report.days.map((line) => ({ ...line, label: formatDay(line.date, locale) }))}
        />
      </Section>
      <Section title={t('by_route_sales')}>
        <Bars
          testId="sales-routes"
          lines={report.routes.map((line) => ({ ...line, label: name(line.route) }))}
        />
      </Section>
      <Section title={t('by_method')}>
        <Bars
          testId="sales-methods"
          lines={report.methods.map((line) => ({ ...line, label: method(line.method) }))}
        />
      </Section>
      <Endings report={report} />
    </>
  );
}

export function SettlementFigures({ report }: { report: SettlementReport }) {
  const { t, money, name, method } = useWords();
  const phone = useIsPhone();
  if (!report.companies.length)
    return <Typography data-testid="settlement-nothing">{t('no_money')}</Typography>;
  const columns = ['sales', 'refunds_owed', 'commission', 'net_owed'] as const;
  // A phone has no room for five columns: each method is a line, and what is owed closes the card.
  if (phone)
    return (
      <>
        {report.companies.map((company) => (
          <Section key={company.companyId} title={name(company.company)}>
            <Box data-testid="settlement-company">
              {[
                ...company.methods.map((line) => ({ ...line, label: method(line.method) })),
                { ...company, label: t('total') },
              ].map((line) => (
                <Typography key={line.label} variant="body2" sx={{ mb: 0.5 }}>
                  {`${line.label}: ${t('sales')} ${money(line.sales)} · ${t('refunds_owed')} ${money(line.refundsOwed)} · ${t('commission')} ${money(line.commission)}`}
                </Typography>
              ))}
              <Typography sx={{ fontWeight: 600, mt: 1 }}>
                {`${t('net_owed')}: `}
                <span data-testid="settlement-net-owed">{money(company.netOwed)}</span>
              </Typography>
            </Box>
          </Section>
        ))}
      </>
    );
  return (
    <>
      {report.companies.map((company) => (
        <Section key={company.companyId} title={name(company.company)}>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="settlement-company">
              <TableHead>
                <TableRow>
                  <TableCell>{t('payment_method')}</TableCell>
                  {columns.map((key) => (
                    <TableCell key={key} align="right">
                      {t(key)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {company.methods.map((line) => (
                  <TableRow key={line.method}>
                    <TableCell>{method(line.method)}</TableCell>
                    <TableCell align="right">{money(line.sales)}</TableCell>
                    <TableCell align="right">{money(line.refundsOwed)}</TableCell>
                    <TableCell align="right">{money(line.commission)}</TableCell>
                    <TableCell align="right">—</TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 600 } }}>
                  <TableCell>{t('total')}</TableCell>
                  <TableCell align="right">{money(company.sales)}</TableCell>
                  <TableCell align="right">{money(company.refundsOwed)}</TableCell>
                  <TableCell align="right">{money(company.commission)}</TableCell>
                  <TableCell align="right" data-testid="settlement-net-owed">
                    {money(company.netOwed)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </Box>
        </Section>
      ))}
    </>
  );
}
