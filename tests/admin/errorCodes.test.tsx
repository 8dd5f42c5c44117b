// Conflicts the server names by a code, as staff read them: in English the server's own sentence, in Arabic
// rebuilt from the code and the details of the answer (seats, totals, a payment's status, limits).
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useErrorMessage } from '../../admin/data/useErrorMessage.ts';
import { createI18nProvider, loadArabic } from '../../admin/i18n/i18nProvider.ts';

afterEach(cleanup);
beforeAll(() => loadArabic());

function Message({ error }: { error: unknown }) {
  const message = useErrorMessage();
  return <p data-testid="message">{message(error, 'rihla.notices.update_failed', 'buses')}</p>;
}

async function said(locale: 'en' | 'ar', body: object, status = 409) {
  const error = new HttpError('The server’s English sentence.', status, body);
  render(
    <AdminContext i18nProvider={createI18nProvider(locale)}>
      <Message error={error} />
    </AdminContext>,
  );
  return (await screen.findByTestId('message')).textContent;
}

describe('error codes', () => {
  it('in English, the server’s sentence', async () => {
    expect(await said('en', { code: 'SEATS_TAKEN', takenSeats: [3] })).toBe('The server’s English sentence.');
  });

  it('in Arabic, the code’s words with the answer’s details', async () => {
    expect(await said('ar', { code: 'SEATS_TAKEN', takenSeats: [4, 3] })).toBe(
      'حُجزت المقاعد 3، 4 للتو. يُرجى اختيار مقاعد أخرى.',
    );
    cleanup();
    expect(await said('ar', { code: 'ALREADY_DECIDED', paymentStatus: 'verified' })).toBe(
      'سبق البتّ في هذا الدفع (مدفوع).',
    );
    cleanup();
    expect(await said('ar', { code: 'SEATS_SOLD_BEYOND', highestSeat: 40, seats: 30 })).toBe(
      'المقعد 40 مُباع في رحلة لم تنطلق بعد: لا يمكن أن يكون عدد مقاعد البص 30 فقط.',
    );
    cleanup();
    expect(await said('ar', { code: 'UNPAID_LIMIT', scope: 'phone', limit: 2 })).toBe(
      'لرقم الموبايل هذا 2 حجوزات بانتظار الدفع بالفعل.',
    );
    cleanup();
    expect(await said('ar', { code: 'PRICE_CHANGED', price: 50000, totalTicketPrice: 100000 })).toBe(
      'تغيّر السعر: أصبح المبلغ الإجمالي 100,000 ج.س.',
    );
    cleanup();
    expect(await said('ar', { code: 'REFUND_ALREADY_PAID' })).toBe('سبق تسجيل هذا الاسترداد على أنه مدفوع.');
    cleanup();
    expect(await said('ar', { code: 'REFUND_AMOUNT_CHANGED', refundDue: 4997 })).toBe(
      'تغيّر المبلغ المستحق لهذا الحجز وأنت تعرضه: أصبح 4,997 ج.س. راجعه مرة أخرى قبل أن تسلّمه.',
    );
    cleanup();
    expect(await said('ar', { code: 'REFERENCE_USED', usedBy: [], usedElsewhere: 1 })).toBe(
      'رقم العملية هذا دُفع به حجز آخر من قبل: التحويل الواحد يدفع حجزًا واحدًا. يُرجى استلام دفعة أخرى.',
    );
  });

  it('in Arabic, a statement the server could not read, from its English sentence', async () => {
    const error = new HttpError('This statement has no rows.', 400, {
      message: 'This statement has no rows.',
    });
    render(
      <AdminContext i18nProvider={createI18nProvider('ar')}>
        <Message error={error} />
      </AdminContext>,
    );
    expect((await screen.findByTestId('message')).textContent).toBe('لا توجد صفوف في كشف الحساب هذا.');
  });
});
