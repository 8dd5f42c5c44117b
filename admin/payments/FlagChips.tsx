// A payment's flags at a glance, for a row of the queue: red chips for a shared reference or image, a grey
// one for several bookings from the same phone, a green tick when nothing is duplicated.
import CheckIcon from '@mui/icons-material/Check';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import { type Flags, sameImage, sameReference } from './paymentsApi.ts';

export function FlagChips({ flags }: { flags: Flags | undefined }) {
  const translate = useTranslate();
  if (!flags) return <CircularProgress size={16} aria-label={translate('rihla.payments.flags.checking')} />;
  const chips = [];
  if (sameReference(flags))
    chips.push(
      <Chip
        key="ref"
        size="small"
        color="error"
        label={translate('rihla.payments.flags.duplicate_reference_short')}
      />,
    );
  if (sameImage(flags))
    chips.push(
      <Chip
        key="img"
        size="small"
        color="error"
        label={translate('rihla.payments.flags.duplicate_image_short')}
      />,
    );
  if (flags.bookingsFromPhone > 1)
    chips.push(
      <Chip
        key="phone"
        size="small"
        variant="outlined"
        label={translate('rihla.payments.flags.phone_short', { count: flags.bookingsFromPhone })}
      />,
    );
  if (!chips.length)
    chips.push(
      <Chip
        key="none"
        size="small"
        variant="outlined"
        color="success"
        icon={<CheckIcon />}
        label={translate('rihla.payments.flags.none')}
      />,
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} data-testid="flag-chips">
      {chips}
    </Stack>
  );
}
