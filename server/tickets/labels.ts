// Every word printed on a ticket, English and Arabic side by side. The ticket shows both at once, so these
// live here rather than in the front ends' locale files.

import type { PaymentInstructions } from '../../shared/payment-instructions.ts';

export interface Bilingual {
  en: string;
  ar: string;
}

export const TICKET_TITLE: Bilingual = { en: 'Rihla — Bus ticket', ar: 'رحلة — تذكرة بص' };

export const TICKET_LABELS = {
  ticketId: { en: 'Ticket number', ar: 'رقم التذكرة' },
  passengerName: { en: 'Passenger name', ar: 'اسم الراكب' },
  companyName: { en: 'Company', ar: 'الشركة' },
  busNumber: { en: 'Bus number', ar: 'رقم البص' },
  tripDate: { en: 'Trip date', ar: 'تاريخ الرحلة' },
  boardingTime: { en: 'Boarding time', ar: 'زمن القيام' },
  originCity: { en: 'From', ar: 'من' },
  destinationCity: { en: 'To', ar: 'إلى' },
  seats: { en: 'Seat numbers', ar: 'أرقام المقاعد' },
  passengerCount: { en: 'Number of passengers', ar: 'عدد الركاب' },
  total: { en: 'Total', ar: 'المبلغ الإجمالي' },
  bookingDate: { en: 'Booking date', ar: 'تاريخ الحجز' },
} satisfies Record<string, Bilingual>;

/** The band under the title: a ticket is good for boarding only once its payment is verified. */
export const PAYMENT_BANDS = {
  paid: { en: 'PAID', ar: 'مدفوعة' },
  pending: { en: 'PAYMENT PENDING — not valid for boarding', ar: 'الدفع قيد المراجعة — لا تصلح للصعود' },
} satisfies Record<string, Bilingual>;

export const TICKET_TERMS: Bilingual = {
  en: 'Cancellation fees may apply; refunds go to the original payment method.',
  ar: 'قد تُطبَّق رسوم إلغاء، وتُرد المبالغ إلى وسيلة الدفع الأصلية.',
};

/** Under a booking's own refund rules (which replace "fees may apply"). */
export const TICKET_REFUND_METHOD: Bilingual = {
  en: 'Refunds go to the original payment method.',
  ar: 'تُرد المبالغ إلى وسيلة الدفع الأصلية.',
};

/** An unpaid ticket of a company with its own account: where to pay (the PDF's bidi layer orders the digits). */
export function payToLine(pay: PaymentInstructions): Bilingual {
  const bankak = (word: string) =>
    pay.bankakAccount
      ? [`${word} ${pay.bankakAccount}${pay.accountName ? ` (${pay.accountName})` : ''}`]
      : [];
  const wallets = pay.wallets.map((wallet) => `${wallet.name} ${wallet.number}`);
  return {
    en: `Pay to: ${[...bankak('Bankak'), ...wallets].join(' · ')}`,
    ar: `ادفع إلى: ${[...bankak('بنكك'), ...wallets].join(' · ')}`,
  };
}

/** Boarding times are stored as "9:00 am" / "7:00 pm"; a ticket writes the Arabic «9:00 ص» / «7:00 م». */
export const DAY_PERIODS: Record<'am' | 'pm', Bilingual> = {
  am: { en: 'am', ar: 'ص' },
  pm: { en: 'pm', ar: 'م' },
};

/** The currency after an amount: «ج.س» in Arabic tables and on the ticket, SDG in English. */
export const CURRENCY: Bilingual = { en: 'SDG', ar: 'ج.س' };
