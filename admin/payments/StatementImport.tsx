// Bank statement import (/bookings/payments/import), in three steps: choose the CSV (the server answers its
// columns and first rows), say which column holds the reference, the amount and the date (guessed from the
// headers), check (a dry run: what would be verified), then import. The server keeps nothing between steps,
// so each one sends the file again.
import UploadIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { formatNumber } from '../i18n/format.ts';
import { Ltr, Sentence, SLOT } from './Ltr.tsx';
import { PaymentsHeader } from './PaymentsHeader.tsx';
import type { StatementPreview, StatementResult as Result } from './paymentsApi.ts';
import { guessMapping, isComplete, type MappingChoice, toMapping } from './statementMapping.ts';
import { StatementResult } from './StatementResult.tsx';
import { StatementAccountSelect } from './StatementAccountSelect.tsx';
import { useRole } from '../auth/useCan.ts';
import { paymentChange, usePaymentsApi } from './usePaymentsApi.ts';
import { scrollsSideways } from './styles.ts';

const ROLES = ['reference', 'amount', 'date'] as const;

function Sample({ preview, choice }: { preview: StatementPreview; choice: MappingChoice }) {
  const chosen = new Set(Object.values(choice).filter(Boolean));
  return (
    <Box sx={scrollsSideways}>
      <Table size="small" data-testid="statement-sample">
        <TableHead>
          <TableRow>
            {preview.columns.map((column) => (
              <TableCell
                key={column}
                sx={chosen.has(column) ? { fontWeight: 700, bgcolor: 'action.selected' } : undefined}
              >
                <bdi>{column}</bdi>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {preview.sample.map((row, i) => (
            <TableRow key={i}>
              {preview.columns.map((column) => (
                <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{row[column]}</bdi>
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function StatementImport() {
  const api = usePaymentsApi();
  const translate = useTranslate();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [choice, setChoice] = useState<MappingChoice>({ reference: '', amount: '', date: '' });
  // Whose account the statement is of: '' the operator's (a company's staff: their company's, not asked).
  const [account, setAccount] = useState('');
  const { known, companyId } = useRole();
  const t = (key: string, options?: object) => translate(`rihla.payments.import.${key}`, options);

  const preview = useMutation({
    mutationFn: (chosen: File) => api.previewStatement(chosen),
    onSuccess: (answer) => setChoice(guessMapping(answer.columns)),
  });
  const dryRun = useMutation({
    mutationFn: () => api.importStatement(file!, toMapping(choice), true, account),
  });
  const run = useMutation({
    mutationFn: () => api.importStatement(file!, toMapping(choice), false, account),
    meta: paymentChange,
  });

  function choose(chosen: File | undefined) {
    if (!chosen) return;
    setFile(chosen);
    dryRun.reset();
    run.reset();
    preview.mutate(chosen);
  }
  function change(role: (typeof ROLES)[number], column: string) {
    setChoice({ ...choice, [role]: column });
    dryRun.reset();
  }
  function startOver() {
    setFile(undefined);
    preview.reset();
    dryRun.reset();
    run.reset();
    if (input.current) input.current.value = '';
  }

  const failure = preview.error ?? dryRun.error ?? run.error;
  const columns = preview.data?.columns ?? [];
  const result: Result | undefined = run.data;
  const matched = dryRun.data?.matched.length ?? 0;

  return (
    <Box sx={{ pb: 4 }}>
      <PaymentsHeader current="import" />
      <Typography variant="h6" component="h1">
        {t('title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: '60em' }}>
        {t('intro')}
      </Typography>
      {known && !companyId && !result && (
        <StatementAccountSelect
          value={account}
          onChange={(chosen) => {
            setAccount(chosen);
            dryRun.reset();
          }}
        />
      )}
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv,text/plain"
        hidden
        data-testid="statement-file"
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2, rowGap: 1 }}>
        <Button
          variant={file ? 'outlined' : 'contained'}
          startIcon={<UploadIcon />}
          onClick={() => input.current?.click()}
          disabled={preview.isPending || run.isPending}
        >
          {file ? t('change_file') : t('choose')}
        </Button>
        {file && preview.data && (
          <Typography variant="body2" data-testid="statement-file-name">
            <Sentence text={t('file', { name: SLOT, rows: formatNumber(preview.data.rows, locale) })}>
              <Ltr>{file.name}</Ltr>
            </Sentence>
          </Typography>
        )}
        {preview.isPending && <Typography variant="body2">{t('reading')}</Typography>}
      </Stack>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(failure, 'rihla.notices.update_failed')}
        </Alert>
      )}

      {preview.data && !result && (
        <Paper sx={{ p: 2, mb: 2 }}>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {t('mapping_title')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            {ROLES.map((role) => (
              <TextField
                key={role}
                select
                label={t(role)}
                value={choice[role]}
                onChange={(event) => change(role, event.target.value)}
                required={role !== 'date'}
                sx={{ minWidth: 200, flex: 1 }}
                slotProps={{ select: { 'data-testid': `map-${role}` } as object }}
              >
                {role === 'date' && <MenuItem value="">{t('none')}</MenuItem>}
                {columns.map((column) => (
                  <MenuItem key={column} value={column}>
                    <bdi>{column}</bdi>
                  </MenuItem>
                ))}
              </TextField>
            ))}
          </Stack>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('sample')}
          </Typography>
          <Sample preview={preview.data} choice={choice} />
          <Stack direction="row" spacing={1.5} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant={dryRun.data ? 'outlined' : 'contained'}
              onClick={() => dryRun.mutate()}
              disabled={!isComplete(choice) || dryRun.isPending}
            >
              {dryRun.isPending ? t('checking') : t('check')}
            </Button>
            {dryRun.data && (
              <Button
                variant="contained"
                color="success"
                onClick={() => run.mutate()}
                disabled={run.isPending || matched === 0}
                data-testid="statement-run"
              >
                {run.isPending ? t('running') : t('run', { count: formatNumber(matched, locale) })}
              </Button>
            )}
          </Stack>
        </Paper>
      )}

      {dryRun.data && !result && (
        <Box>
          <Typography variant="subtitle1" component="h2" gutterBottom>
            {t('dry_title')}
          </Typography>
          <StatementResult result={dryRun.data} dryRun />
        </Box>
      )}

      {result && (
        <Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2">
              {t('done_title')}
            </Typography>
            <Button variant="outlined" onClick={startOver}>
              {t('again')}
            </Button>
          </Stack>
          <StatementResult result={result} dryRun={false} />
        </Box>
      )}
    </Box>
  );
}
