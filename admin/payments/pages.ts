// Every screen of the payments desk and the counter sale, behind one import(): one chunk loaded on first use
// (several small ones would split the code they share with the app into more, and larger, chunks), with the
// words only these screens use.
import { paymentsEn } from '../../shared/i18n/admin/payments.en.ts';
import type { MessagesLoader } from '../i18n/i18nProvider.ts';

export { default as BookingPayment } from './BookingPayment.tsx';
export { default as CounterSale } from '../trips/CounterSale.tsx';
export { default as PaymentQueue } from './PaymentQueue.tsx';
export { default as PaymentReview } from './PaymentReview.tsx';
export { default as MessageList } from './MessageList.tsx';
export { default as RefundList } from './RefundList.tsx';
export { default as StatementImport } from './StatementImport.tsx';

/** These screens' words (the Arabic ones loaded only for Arabic). */
export const paymentMessages: MessagesLoader = (locale) =>
  locale === 'ar' ? import('../../shared/i18n/admin/payments.ar.ts').then((m) => m.paymentsAr) : paymentsEn;
