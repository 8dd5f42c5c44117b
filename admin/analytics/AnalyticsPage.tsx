// The Figures screen (/analytics), three reports over one period, for every company or one: how full the buses
// were (each route as a bar, each trip with its seats sold per leg), sales from the ledger (per day, route and
// payment method) and the settlement per company; each also as a CSV or Excel file, the settlement also as
// PDF statements (one page per company). Dates are Khartoum's
// calendar days; a period is at most a year.
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList, useLocale, useNotify, useTranslate } from 'react-admin';
import { QUICK_PERIODS, quickPeriod } from '../../shared/analytics.ts';
import { khartoumToday } from '../../shared/rules.ts';
import type {
  OccupancyReport,
  ReportFileFormat,
  ReportName,
  ReportQuery,
  RihlaDataProvider,
  SalesReport,
  SettlementReport,
} from '../data/dataProvider.ts';
import { saveFile } from '../trips/ticketDownload.ts';
import { SalesFigures, SettlementFigures } from './MoneyFigures.tsx';
import { OccupancyFigures } from './OccupancyFigures.tsx';

const REPORTS: ReportName[] = ['occupancy', 'sales', 'settlement'];
/** The files each report downloads as: a settlement is also printed, a statement per company. */
const FILES: Record<ReportName, ReportFileFormat[]> = {
  occupancy: ['csv', 'xlsx'],
  sales: ['csv', 'xlsx'],
  settlement: ['csv', 'xlsx', 'pdf'],
};

export function AnalyticsPage() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`rihla.analytics.${key}`, options);
  const locale = useLocale();
  const notify = useNotify();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const [query, setQuery] = useState<ReportQuery>(() => quickPeriod('last_7', khartoumToday()));
  const [downloading, setDownloading] = useState(false);
  const [shown, setShown] = useState<ReportName>('occupancy');
  const companies = useGetList('companies', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'company_name', order: 'ASC' },
  });
  const ready = !!query.from && !!query.to && query.from <= query.to;
  const report = useQuery({
    queryKey: ['analytics', shown, query],
    queryFn: (): Promise<OccupancyReport | SalesReport | SettlementReport> => dataProvider[shown](query),
    enabled: ready,
    retry: false,
  });

  async function download(format: ReportFileFormat) {
    setDownloading(true);
    try {
      const { blob, fileName } = await dataProvider.reportFile(shown, query, format);
      saveFile(blob, fileName);
    } catch {
      notify('rihla.analytics.download_failed', { type: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  const set = (patch: Partial<ReportQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const companyName = (record: { company_name?: string; company_name_ar?: string | null }) =>
    (locale === 'ar' && record.company_name_ar) || record.company_name || '';

  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title={t('title')} />
      <Typography variant="h5" component="h1" gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`intro_${shown}`)}
      </Typography>
      <Tabs
        value={shown}
        onChange={(_, value: ReportName) => setShown(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 1 }}
      >
        {REPORTS.map((name) => (
          <Tab key={name} value={name} label={t(`report_${name}`)} data-testid={`analytics-tab-${name}`} />
        ))}
      </Tabs>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1.5 }}>
            <TextField
              type="date"
              label={t('from')}
              value={query.from}
              onChange={(event) => set({ from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'analytics-from' } }}
            />
            <TextField
              type="date"
              label={t('to')}
              value={query.to}
              onChange={(event) => set({ to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'analytics-to' } }}
            />
            <TextField
              select
              label={t('company')}
              value={query.companyId ?? ''}
              onChange={(event) => set({ companyId: event.target.value || undefined })}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('every_company')}</MenuItem>
              {(companies.data ?? []).map((company) => (
                <MenuItem key={company.id} value={String(company.id)}>
                  {companyName(company)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {QUICK_PERIODS.map((choice) => (
              <Chip
                key={choice}
                label={t(choice)}
                onClick={() => set(quickPeriod(choice, khartoumToday()))}
                variant="outlined"
              />
            ))}
            <Box sx={{ flexGrow: 1 }} />
            {FILES[shown].map((format) => (
              <Button
                key={format}
                startIcon={<DownloadIcon />}
                disabled={!ready || downloading}
                onClick={() => void download(format)}
                data-testid={`analytics-download-${format}`}
              >
                {t(`download_${format}`)}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
      {report.isError && <Alert severity="error">{t('failed')}</Alert>}
      {report.isPending && ready && <CircularProgress aria-label={t('title')} />}
      {report.data && shown === 'occupancy' && 'tripCount' in report.data && (
        <OccupancyFigures report={report.data} />
      )}
      {report.data && shown === 'sales' && 'days' in report.data && <SalesFigures report={report.data} />}
      {report.data && shown === 'settlement' && 'companies' in report.data && !('days' in report.data) && (
        <SettlementFigures report={report.data} />
      )}
    </Box>
  );
}
