// The dashboard (/dashboard): payment proofs waiting (linking to the queue), disrupted bookings waiting for
// their traveller's choice (linking to the bookings list so filtered), text messages failed in the last 24 h
// and SMS sent this month (linking to the outbox), counts of bookings, trips, buses and employees, recent
// reports linking to the report view, and seats sold per day for the next 14 days — all from one call, GET
// /api/dashboard/summary.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Link, Loading, Title, useDataProvider, useLocale, useTranslate } from 'react-admin';
import { hasCapability, mayAccess } from '../auth/access.ts';
import { useRole } from '../auth/useCan.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { formatTimestamp } from '../i18n/format.ts';
import { MESSAGES_PATH, PAYMENTS_PATH } from '../payments/paths.ts';
import { FigureCard } from './FigureCard.tsx';
import { SeatsChart } from './SeatsChart.tsx';

const COUNTS = ['bookings', 'trips', 'buses', 'employees'] as const;
/** The bookings list showing the disrupted bookings waiting for their traveller's choice. */
const DISRUPTED_WAITING_PATH = `/bookings?${new URLSearchParams({ filter: JSON.stringify({ disruptionState: 'waiting' }) })}`;

export function Dashboard() {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  // Each part shows to the roles that may open what it links to (shared/roles.ts).
  const { role, companyId } = useRole();
  const counts = COUNTS.filter((key) => mayAccess(role, key, 'list', companyId));
  const showReports = mayAccess(role, 'reports', 'list', companyId);
  const { data, isPending, isError } = useQuery({
    queryKey: ['dashboard', 'summary'],
    queryFn: () => dataProvider.dashboardSummary(),
  });
  const title = <Title title="rihla.dashboard.title" />;
  if (isPending) return <Loading />;
  if (isError)
    return (
      <>
        {title}
        <Alert severity="error">{translate('rihla.dashboard.load_error')}</Alert>
      </>
    );

  return (
    <Grid container spacing={2} sx={{ mt: 1 }}>
      {title}
      <Grid size={12}>
        <Grid container spacing={2}>
          {hasCapability(role, 'payments.review') && (
            <Grid size={{ xs: 12, md: 'grow' }}>
              <FigureCard
                to={PAYMENTS_PATH}
                label="rihla.dashboard.proofs_waiting"
                value={data.proofsWaiting}
                testId="count-proofsWaiting"
                alert={data.proofsWaiting > 0 && 'warning'}
              />
            </Grid>
          )}
          {mayAccess(role, 'bookings', 'list', companyId) && (
            <Grid size={{ xs: 12, md: 'grow' }}>
              <FigureCard
                to={DISRUPTED_WAITING_PATH}
                label="rihla.disruptions.waiting_card"
                value={data.disruptedWaiting}
                testId="count-disruptedWaiting"
                alert={data.disruptedWaiting > 0 && 'warning'}
              />
            </Grid>
          )}
          {hasCapability(role, 'messages.read') && (
            <>
              <Grid size={{ xs: 6, md: 'grow' }}>
                <FigureCard
                  to={`${MESSAGES_PATH}?show=failed`}
                  label="rihla.dashboard.messages_failed"
                  value={data.messages.failedLastDay}
                  testId="count-messagesFailed"
                  alert={data.messages.failedLastDay > 0 && 'error'}
                />
              </Grid>
              <Grid size={{ xs: 6, md: 'grow' }}>
                <FigureCard
                  to={MESSAGES_PATH}
                  label="rihla.dashboard.sms_this_month"
                  value={data.messages.segmentsThisMonth}
                  testId="count-smsThisMonth"
                />
              </Grid>
            </>
          )}
          {counts.map((key) => (
            <Grid key={key} size={{ xs: 6, md: 'grow' }}>
              <FigureCard
                to={`/${key}`}
                label={`rihla.dashboard.counts.${key}`}
                value={data.counts[key]}
                testId={`count-${key}`}
              />
            </Grid>
          ))}
        </Grid>
      </Grid>
      <Grid size={{ xs: 12, lg: showReports ? 8 : 12 }}>
        <Card>
          <CardContent>
            <SeatsChart days={data.seatsByDay} />
          </CardContent>
        </Card>
      </Grid>
      {showReports && (
        <Grid size={{ xs: 12, lg: 4 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate('rihla.dashboard.recent_reports')}
              </Typography>
              {data.recentReports.length === 0 ? (
                <Typography color="text.secondary">{translate('rihla.dashboard.no_reports')}</Typography>
              ) : (
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('resources.reports.fields.report_title')}</TableCell>
                      <TableCell>
                        {translate('rihla.ui.time.khartoum', {
                          label: translate('resources.reports.fields.created_at'),
                        })}
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.recentReports.map((report) => (
                      <TableRow key={report._id}>
                        <TableCell>
                          <Link to={`/reports/${report._id}`}>{report.report_title}</Link>
                        </TableCell>
                        <TableCell>{formatTimestamp(report.created_at, locale)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        </Grid>
      )}
    </Grid>
  );
}
