// The sales module's public surface: everything routes, scheduled jobs and other services may call. The rules
// of a sale live behind it (sale, proof, decision, expiry, cancel whole and by seats, change, refund, bank
// statement); each call answers a typed outcome the caller translates, and writes its activity rows in its own
// transaction. Nothing outside server/sales imports its files directly (tests aside).
export { type BookingContext, bookingContext } from './context.ts';

// The sale, the traveller's views, cancelling and deleting.
export {
  cancel,
  cancellationQuote,
  liveBooking,
  phoneBookings,
  remove,
  type SaleRefusal,
  sell,
  travellerBookings,
  travellerView,
} from './sale.service.ts';
export { cancelSeats, type SeatsCancelRefusal } from './cancel-seats.service.ts';
export { type ChangeRefusal, changeBooking, quoteChange } from './booking-changes.ts';

// Payment proofs, staff decisions, lapsed holds, refunds.
export {
  type CancelledProofOutcome,
  checkCancelledProof,
  confirmCashRefund,
  type DecisionOutcome,
  expireLapsedHolds,
  markRefundPaid,
  payInCash,
  type CashOutcome,
  type ProofOutcome,
  proofRefusal,
  type RefundOutcome,
  reject,
  submitProof,
  verify,
} from './payments.service.ts';
export { findProof, importProofFiles, proofsOf } from './proofs.ts';
export { decodeStatement, STATEMENT_LIMITS } from './statement-file.ts';
export {
  importStatement,
  importSummary,
  type Mapping,
  statementAccount,
  type StatementOutcome,
} from './statement.ts';

// Bookings of a disrupted trip: the traveller's choice, and what happens to those who do not choose.
export {
  type MoveRefusal,
  moveBooking,
  refundUnchosen,
  requestRefund,
  settleCancelledTrip,
} from './disrupted-bookings.ts';

// Reads for the desk's lists and the activity log.
export { findBooking } from './bookings.repository.ts';
export {
  bookingRow,
  cancelledProofs,
  findBookingDocument,
  flagsOf,
  proofQueue,
  refundList,
} from './payments.repository.ts';
export { newTicketId } from './ticket-ids.ts';
export { pairNotForSale } from './seat-move.ts';
