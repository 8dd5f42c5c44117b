// How long a proof waiting for staff still holds its seats (shared/payments.ts `proofHold`): until its review
// deadline; past it, until the seats are released; a proof from a phone, device or connection whose proofs
// were rejected again and again holds no longer than a booking without one. A chip for the queue's rows, and
// a sentence for the review.
import Alert from '@mui/material/Alert';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useLocale, useTranslate } from 'react-admin';
import { proofHold, proofUndecided, type ProofHold } from '../../shared/payments.ts';
import { formatDeadline } from '../i18n/format.ts';
import type { Booking } from './paymentsApi.ts';

const COLOURS: Record<ProofHold['kind'], ChipProps['color']> = {
  review: 'default',
  overdue: 'warning',
  untrusted: 'error',
  lapsed: 'error',
  open: 'default',
};

/** The hold of a proof waiting for staff, or undefined for a booking that is not waiting. */
function useHold(booking: Booking) {
  const translate = useTranslate();
  const locale = useLocale();
  // Also a proof whose review time ran out (back to awaiting_proof): overdue, its seats held until the end.
  if (booking.isCancelled || !proofUndecided(booking)) return undefined;
  const now = new Date();
  const hold = proofHold(booking, now);
  const time = (iso: string) => formatDeadline(iso, locale, now);
  const values = {
    time: 'until' in hold ? time(hold.until) : '',
    until: 'until' in hold ? time(hold.until) : '',
    review: hold.kind === 'review' ? time(hold.review) : '',
  };
  const words = (key: string) => translate(`rihla.payments.hold.${key}`, values);
  return { hold, words };
}

export function HoldChip({ booking }: { booking: Booking }) {
  const held = useHold(booking);
  if (!held) return null;
  const { hold, words } = held;
  return (
    <Chip
      size="small"
      variant={hold.kind === 'review' || hold.kind === 'open' ? 'outlined' : 'filled'}
      color={COLOURS[hold.kind]}
      label={words(hold.kind)}
      // Two lines rather than a wide table: the queue's columns stay on the screen.
      sx={{ height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
      data-testid="proof-hold"
      data-hold={hold.kind}
    />
  );
}

/** What the hold means, in a sentence, beside the proof under review. */
export function HoldNotice({ booking }: { booking: Booking }) {
  const held = useHold(booking);
  if (!held) return null;
  const { hold, words } = held;
  return (
    <Alert
      severity={hold.kind === 'review' || hold.kind === 'open' ? 'info' : 'warning'}
      data-testid="proof-hold-notice"
      data-hold={hold.kind}
    >
      {words(`${hold.kind}_long`)}
    </Alert>
  );
}
