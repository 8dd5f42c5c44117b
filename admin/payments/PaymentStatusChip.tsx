// A booking's payment status as a coloured chip: paid in green, a proof to check in amber, a rejected proof
// in red, waiting or lapsed in grey. Used by the bookings list, the booking and the payments' screens.
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useFieldValue, useTranslate } from 'react-admin';
import type { PaymentStatus } from '../../shared/payments.ts';

export const PAYMENT_COLOURS: Record<PaymentStatus, ChipProps['color']> = {
  awaiting_proof: 'default',
  proof_submitted: 'warning',
  verified: 'success',
  rejected: 'error',
  expired: 'default',
};

export function PaymentStatusChip({ status }: { status: string | null | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  return (
    <Chip
      size="small"
      color={PAYMENT_COLOURS[status as PaymentStatus] ?? 'default'}
      variant={status === 'expired' ? 'outlined' : 'filled'}
      label={translate(`rihla.payments.status.${status}`, { _: status })}
      data-testid="payment-status"
      data-status={status}
    />
  );
}

/** The chip of the current record's field, for lists and detail pages. */
export function PaymentStatusField({
  source = 'paymentStatus',
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
}) {
  return <PaymentStatusChip status={useFieldValue({ source }) as string | undefined} />;
}
