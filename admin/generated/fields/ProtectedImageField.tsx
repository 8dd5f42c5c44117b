// A staff-only upload (a booking's payment proof). An <img src> cannot send the bearer token, so the image
// is fetched with it and shown through an object URL, released when the field goes away.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useFieldValue, useRecordContext, useTranslate } from 'react-admin';
import type { RihlaDataProvider } from '../../data/dataProvider.ts';

export function ProtectedImageField({ source }: { source: string; label?: string }) {
  const path = useFieldValue({ source });
  const record = useRecordContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const { data: blob, isError } = useQuery({
    queryKey: ['uploads', path],
    queryFn: () => dataProvider.upload(String(path)),
    enabled: typeof path === 'string' && path !== '',
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  if (typeof path !== 'string' || path === '')
    return <Alert severity="info">{translate('rihla.bookings.no_payment_proof')}</Alert>;
  if (isError) return <Alert severity="warning">{translate('rihla.bookings.proof_error')}</Alert>;
  if (!url) return <CircularProgress size={24} aria-label={translate('rihla.bookings.proof_loading')} />;
  const alt = translate('rihla.bookings.proof_alt', { id: record?.ticketId ?? record?.id });
  return (
    <Box>
      <Link href={url} target="_blank" rel="noopener">
        <Box
          component="img"
          src={url}
          alt={alt}
          data-testid="payment-proof"
          sx={{ maxWidth: '100%', maxHeight: 480, borderRadius: 1, border: 1, borderColor: 'divider' }}
        />
      </Link>
    </Box>
  );
}
