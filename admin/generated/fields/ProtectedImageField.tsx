// A staff-only upload (a booking's payment proof), fetched with the staff token (useUploadUrl) and shown
// through an object URL, released when the field goes away.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useFieldValue, useRecordContext, useTranslate } from 'react-admin';
import { useUploadUrl } from '../../data/useUploadUrl.ts';

export function ProtectedImageField({ source }: { source: string; label?: string }) {
  const path = useFieldValue({ source });
  const record = useRecordContext();
  const translate = useTranslate();
  const { url, isError } = useUploadUrl(typeof path === 'string' && path !== '' ? path : undefined);

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
