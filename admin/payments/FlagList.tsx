// A payment's flags in plain words: which other bookings share its transaction reference or its very
// screenshot (each linked), and how many live bookings its phone number made.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Link, useTranslate } from 'react-admin';
import type { BookingLink, Flags } from './paymentsApi.ts';
import { Ltr } from './Ltr.tsx';

function Links({ bookings }: { bookings: BookingLink[] }) {
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, paddingInlineStart: 2.5 }}>
      {bookings.map((booking) => (
        <li key={booking._id}>
          <Link to={`/bookings/${encodeURIComponent(booking._id)}/show`}>
            <Ltr>{booking.ticketId}</Ltr>
          </Link>
        </li>
      ))}
    </Box>
  );
}

export function FlagList({ flags, onlyDuplicates = false }: { flags: Flags; onlyDuplicates?: boolean }) {
  const translate = useTranslate();
  const duplicated = flags.duplicateReference.length > 0 || flags.duplicateImage.length > 0;
  return (
    <Stack spacing={1} data-testid="payment-flags">
      {flags.duplicateReference.length > 0 && (
        <Alert severity="error" data-flag="duplicate-reference">
          {translate('rihla.payments.flags.duplicate_reference')}
          <Links bookings={flags.duplicateReference} />
        </Alert>
      )}
      {flags.duplicateImage.length > 0 && (
        <Alert severity="error" data-flag="duplicate-image">
          {translate('rihla.payments.flags.duplicate_image')}
          <Links bookings={flags.duplicateImage} />
        </Alert>
      )}
      {!onlyDuplicates && !duplicated && (
        <Alert severity="success" data-flag="none">
          {translate('rihla.payments.flags.none')}
        </Alert>
      )}
      {!onlyDuplicates && (
        <Alert severity={flags.bookingsFromPhone > 2 ? 'warning' : 'info'} data-flag="phone">
          {translate('rihla.payments.flags.phone', { count: flags.bookingsFromPhone })}
        </Alert>
      )}
    </Stack>
  );
}
