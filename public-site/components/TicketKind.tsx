// What the ticket a traveller downloads says about the payment: PAID, or PAYMENT PENDING (not for boarding).
import type { PaymentStatus } from '../lib/payment.ts';
import { useI18n } from '../lib/use-i18n.ts';

export function TicketKind({ id, status }: { id: string; status: PaymentStatus }) {
  const { m } = useI18n();
  return (
    <p id={id} class={`hint ticket-kind ${status === 'verified' ? 'paid' : 'pending'}`}>
      {status === 'verified' ? m.payment.ticketPaid : m.payment.ticketPending}
    </p>
  );
}
