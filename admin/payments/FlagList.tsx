// A payment's flags in plain words: which other bookings share its transaction reference or its very
// screenshot (each linked; another company's counted, not named), and how many live bookings its phone made.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Link, useTranslate } from 'react-admin';
import { type BookingLink, type Flags, isFlagged, sameImage, sameReference } from './paymentsApi.ts';
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

/** Bookings of other companies sharing it: counted, never named (they are that company's business). */
function Elsewhere({ count }: { count: number | undefined }) {
  const translate = useTranslate();
  if (!count) return null;
  return (
    <Box data-flag-elsewhere={count} sx={{ mt: 0.5 }}>
      {translate('rihla.payments.flags.elsewhere', { count, smart_count: count })}
    </Box>
  );
}

export function FlagList({ flags, onlyDuplicates = false }: { flags: Flags; onlyDuplicates?: boolean }) {
  const translate = useTranslate();
  const duplicated = isFlagged(flags);
  return (
    <Stack spacing={1} data-testid="payment-flags">
      {sameReference(flags) > 0 && (
        <Alert severity="error" data-flag="duplicate-reference">
          {translate('rihla.payments.flags.duplicate_reference')}
          <Links bookings={flags.duplicateReference} />
          <Elsewhere count={flags.duplicateReferenceElsewhere} />
        </Alert>
      )}
      {sameImage(flags) > 0 && (
        <Alert severity="error" data-flag="duplicate-image">
          {translate('rihla.payments.flags.duplicate_image')}
          <Links bookings={flags.duplicateImage} />
          <Elsewhere count={flags.duplicateImageElsewhere} />
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
