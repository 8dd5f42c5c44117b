// The Figures screen (/analytics): how full the buses were over a period — totals, each route as a bar
// (fullest first) and each trip with its seats sold per leg — for every company or one, and the same figures
// as a CSV or Excel file. Dates are Khartoum's calendar days; a period is at most a year.
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useDataProvider, useGetList, useLocale, useNotify, useTranslate } from 'react-admin';
import { QUICK_PERIODS, quickPeriod } from '../../shared/analytics.ts';
import { khartoumToday } from '../../shared/rules.ts';
import type { ReportQuery, RihlaDataProvider } from '../data/dataProvider.ts';
import { saveFile } from '../trips/ticketDownload.ts';
import { OccupancyFigures } from './OccupancyFigures.tsx';

export function AnalyticsPage() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`rihla.analytics.${key}`, options);
  const locale = useLocale();
  const notify = useNotify();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const [query, setQuery] = useState<ReportQuery>(() => quickPeriod('last_7', khartoumToday()));
  const [downloading, setDownloading] = useState(false);
  const companies = useGetList('companies', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'company_name', order: 'ASC' },
  });
  const ready = !!query.from && !!query.to && query.from <= query.to;
  const report = useQuery({
    queryKey: ['analytics', 'occupancy', query],
    queryFn: () => dataProvider.occupancy(query),
    enabled: ready,
    retry: false,
  });

  async function download(format: 'csv' | 'xlsx') {
    setDownloading(true);
    try {
      const { blob, fileName } = await dataProvider.reportFile('occupancy', query, format);
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
        {t('intro')}
      </Typography>
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
            {(['csv', 'xlsx'] as const).map((format) => (
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
      {report.data && <OccupancyFigures report={report.data} />}
    </Box>
  );
}
