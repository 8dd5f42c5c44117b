// Every word printed on a settlement statement, English and Arabic side by side (the PDF shows both at once,
// as the ticket does, so they live here rather than in the front ends' locale files).
import type { Bilingual } from '../../tickets/labels.ts';

export const STATEMENT = {
  title: { en: 'Rihla — Settlement statement', ar: 'رحلة — كشف التسوية' },
  period: { en: 'Period', ar: 'الفترة' },
  currency: { en: 'Amounts in SDG', ar: 'المبالغ بالجنيه السوداني (ج.س)' },
  sales: { en: 'Gross sales', ar: 'إجمالي المبيعات' },
  refundsOwed: { en: 'Refunds owed', ar: 'المستحق للاسترداد' },
  net: { en: 'Net of refunds', ar: 'الصافي بعد الاسترداد' },
  commission: { en: 'Commission', ar: 'العمولة' },
  netOwed: { en: 'Net owed to the company', ar: 'الصافي المستحق للشركة' },
  refundsPaid: { en: 'Refunds paid in the period', ar: 'المبالغ المستردة في الفترة' },
  byMethod: { en: 'By payment method', ar: 'حسب طريقة الدفع' },
  method: { en: 'Payment method', ar: 'طريقة الدفع' },
  nothing: { en: 'No money moved in this period.', ar: 'لا توجد حركة أموال في هذه الفترة.' },
  note: {
    en: 'Net owed = gross sales − refunds owed − commission.',
    ar: 'الصافي المستحق = إجمالي المبيعات − المستحق للاسترداد − العمولة.',
  },
  /** The bookings' payment methods (shared/payments.ts), in the back-office's words. */
  methods: {
    bankak: { en: 'Bankak', ar: 'بنكك' },
    mobile_money: { en: 'Mobile money', ar: 'فوري أو أوكاش' },
    cash: { en: 'Cash', ar: 'نقدًا' },
    other: { en: 'Other', ar: 'أخرى' },
  } as Record<string, Bilingual>,
} satisfies Record<string, Bilingual | Record<string, Bilingual>>;
