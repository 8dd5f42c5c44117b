// A record's cancellation as a status in words: "Cancelled" (red) or, while it stands, "Active" (for a trip,
// "Scheduled"). A cross beside "Cancelled" read as "not cancelled"; words leave no doubt.
import Chip from '@mui/material/Chip';
import { useFieldValue, useTranslate } from 'react-admin';

export function StatusChip({
  cancelled,
  active = 'rihla.ui.status.active',
}: {
  cancelled: boolean;
  active?: string;
}) {
  const translate = useTranslate();
  return (
    <Chip
      component="span"
      size="small"
      color={cancelled ? 'error' : 'success'}
      variant={cancelled ? 'filled' : 'outlined'}
      label={translate(cancelled ? 'rihla.ui.status.cancelled' : active)}
      data-testid="record-status"
      data-cancelled={cancelled}
    />
  );
}

/** The chip of the current record's `isCancelled` (or another boolean status field). */
export function StatusField({
  source = 'isCancelled',
  active,
}: {
  source?: string;
  active?: string;
  label?: string;
}) {
  const value = useFieldValue({ source });
  if (value == null) return null;
  return <StatusChip cancelled={!!value} active={active} />;
}
