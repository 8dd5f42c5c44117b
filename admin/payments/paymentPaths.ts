// The payment calls' paths (server/resources/payments/payments.routes.ts), as shared/api-paths.ts writes the
// others' (they could move there, beside bookingPaths).
import { apiPath, API_BASES } from '../../shared/api-paths.ts';

const PAYMENTS_BASE = API_BASES.payments;

export const paymentPaths = {
  queue: () => apiPath(PAYMENTS_BASE, 'getQueue'),
  payment: (id: string) => apiPath(PAYMENTS_BASE, 'getPayment', id),
  refunds: () => apiPath(PAYMENTS_BASE, 'getRefunds'),
  markRefundPaid: (id: string) => apiPath(PAYMENTS_BASE, 'markRefundPaid', id),
  confirmCashRefund: (id: string) => apiPath(PAYMENTS_BASE, 'confirmCashRefund', id),
  cancelledProofs: () => apiPath(PAYMENTS_BASE, 'getCancelledProofs'),
  checkCancelledProof: (id: string) => apiPath(PAYMENTS_BASE, 'checkCancelledProof', id),
  importStatement: () => apiPath(PAYMENTS_BASE, 'importStatement'),
  verify: (id: string) => apiPath(API_BASES.bookings, 'verifyPayment', id),
  payInCash: (id: string) => apiPath(API_BASES.bookings, 'payInCash', id),
  reject: (id: string) => apiPath(API_BASES.bookings, 'rejectPayment', id),
  counterSale: () => apiPath(API_BASES.bookings, 'counterSale'),
  messages: () => apiPath(API_BASES.messages, 'getAllMessages'),
  resendMessage: (id: string) => apiPath(API_BASES.messages, 'resend', id),
  broadcast: () => apiPath(API_BASES.messages, 'broadcast'),
};
