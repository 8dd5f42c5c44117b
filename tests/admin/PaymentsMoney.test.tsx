// The payments desk's money checks (issue 18, items 6 and 15), over a fake payments API: a booking without a
// proof is verified only with a note; a cancelled booking whose proof nobody decided on is listed below the
// queue and its review asks whether the money arrived; a cashier's cash refund waits for a manager, who
// confirms it; a statement's refusals read in Arabic.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useErrorMessage } from '../../admin/data/useErrorMessage.ts';
import { createI18nProvider, loadArabic } from '../../admin/i18n/i18nProvider.ts';
import { OnDemandPage } from '../../admin/payments/routes.tsx';
import type { Booking } from '../../admin/payments/paymentsApi.ts';
import { paymentsEn } from '../../shared/i18n/admin/payments.en.ts';
import { booking, NO_FLAGS, paymentsServer } from './helpers/payments.ts';
import { renderAdmin } from './helpers/renderAdmin.tsx';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

const m = paymentsEn.rihla.payments;
/** The desk's screens load on first use: on a busy machine that can take more than a second. */
const LOADING = { timeout: 8000 };

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
  return loadArabic();
});
afterEach(cleanup);

const desk = (
  <Routes>
    <Route path="/bookings/payments" element={<OnDemandPage name="PaymentQueue" />} />
    <Route path="/bookings/payments/:id" element={<OnDemandPage name="PaymentReview" />} />
  </Routes>
);

describe('a payment without a proof', () => {
  it('is verified only with a note saying how the money was checked', async () => {
    const unproven = booking('b1', { paymentStatus: 'awaiting_proof', bankakScreenshot: null });
    const server = paymentsServer([unproven, booking('b2')]);
    await renderAdmin({ resource: 'bookings', path: '/bookings/payments/b1' }, server.fetch, desk);
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }, LOADING));
    const dialog = await screen.findByRole('dialog', { name: m.no_proof.title });
    const confirm = within(dialog).getByRole('button', { name: m.no_proof.confirm });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(m.no_proof.note) }), {
      target: { value: 'Seen in the Bankak account at 10:14' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(server.decisions()).toHaveLength(1));
    expect(server.decisions()[0].body).toEqual({
      note: 'Seen in the Bankak account at 10:14',
      seen: { paymentReference: unproven.paymentReference, bankakScreenshot: null },
    });
  });
});

describe('cancelled bookings with a proof to check', () => {
  const gone = (id: string, overrides: Partial<Booking> = {}) =>
    booking(id, { isCancelled: true, paymentReference: 'GONE77', ...overrides });

  it('are listed below the queue, each opening its review', async () => {
    const server = paymentsServer([booking('b1')], { cancelled: [gone('c7')] });
    await renderAdmin({ resource: 'bookings', path: '/bookings/payments' }, server.fetch, desk);
    const section = await screen.findByTestId('cancelled-proofs', {}, LOADING);
    expect(
      screen.getByRole('heading', { name: /Cancelled — check whether the money arrived \(1\)/ }),
    ).toBeTruthy();
    const link = within(section).getByRole('link', { name: '1000000000007' });
    expect(link.getAttribute('href')).toBe('/bookings/payments/c7');
    expect(within(section).getByText('GONE77')).toBeTruthy();
    expect(within(screen.getByTestId('payment-queue')).queryByText('GONE77')).toBeNull();
  });

  it('asks whether the money arrived instead of verify or reject; arrived owes it back', async () => {
    const server = paymentsServer([], { cancelled: [gone('c7')] });
    await renderAdmin({ resource: 'bookings', path: '/bookings/payments/c7' }, server.fetch, desk);
    const panel = await screen.findByTestId('cancelled-check', {}, LOADING);
    expect(screen.queryByTestId('decision-bar')).toBeNull();
    expect(within(panel).getByText(/Look for 45,000 SDG under reference .*GONE77/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: m.cancelled.arrived }));
    const dialog = await screen.findByRole('dialog', {
      name: /Did the money of ticket .*1000000000007.* arrive\?/,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: m.cancelled.confirm_arrived }));
    await waitFor(() => expect(server.decisions()).toHaveLength(1));
    expect(server.decisions()[0]).toMatchObject({
      path: '/api/payments/checkCancelledProof/c7',
      body: { moneyArrived: true },
    });
    expect(await screen.findByText(/its money is owed back/)).toBeTruthy();
  });

  it('a flagged one is confirmed only with a note (an override); not arrived needs none', async () => {
    const flags = { ...NO_FLAGS, duplicateReference: [{ _id: 'x9', ticketId: '9999999999999' }] };
    const server = paymentsServer([], { cancelled: [gone('c8'), gone('c9')], flags: { c8: flags } });
    await renderAdmin({ resource: 'bookings', path: '/bookings/payments/c8' }, server.fetch, desk);
    fireEvent.click(
      within(await screen.findByTestId('cancelled-check', {}, LOADING)).getByRole('button', {
        name: m.cancelled.arrived,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('9999999999999')).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: m.cancelled.confirm_arrived });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(m.cancelled.note) }), {
      target: { value: 'Two transfers in the account' },
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(server.decisions()).toHaveLength(1));
    expect(server.decisions()[0].body).toEqual({
      moneyArrived: true,
      note: 'Two transfers in the account',
      override: true,
    });
  });
});

describe('refunds paid in cash', () => {
  const owed = (id: string, overrides: Partial<Booking> = {}) =>
    booking(id, { isCancelled: true, paymentStatus: 'verified', refundDue: 45000, ...overrides });
  const refundsApi = (role: 'cashier' | 'manager', list: Booking[], userId = 'u1') =>
    apiAs(
      role,
      {
        'GET /api/payments/getRefunds': () => ({
          body: list,
          headers: { 'X-Total-Count': String(list.length) },
        }),
        'GET /api/payments/getQueue': () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
        ...Object.fromEntries(
          list.flatMap((b) => [
            [
              `PATCH /api/payments/markRefundPaid/${b._id}`,
              () => ({
                status: 202,
                body: { ...b, refundMethod: 'cash', refundRecordedAt: '2026-11-24T08:00:00.000Z' },
              }),
            ],
            [
              `PATCH /api/payments/confirmCashRefund/${b._id}`,
              () => ({ body: { ...b, refundPaidAt: '2026-11-24T09:00:00.000Z' } }),
            ],
          ]),
        ),
      },
      userId,
    );
  const refunds = (fetch: typeof globalThis.fetch) =>
    renderAs(
      { resource: 'bookings', path: '/bookings/payments/refunds' },
      fetch,
      <OnDemandPage name="RefundList" />,
    );

  it('a cashier records cash without a reference: the desk says a manager confirms it', async () => {
    const api = refundsApi('cashier', [owed('r1')]);
    await refunds(api.fetch);
    fireEvent.click(await screen.findByRole('button', { name: m.refunds.mark_paid }, LOADING));
    const dialog = await screen.findByRole('dialog');
    const record = within(dialog).getByRole('button', { name: m.refunds.confirm });
    expect((record as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: m.refunds.method_cash }));
    expect(within(dialog).getByText(/A cash refund a cashier records is paid once a manager/)).toBeTruthy();
    fireEvent.click(record);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/payments/markRefundPaid/r1')?.body).toEqual({
        refundMethod: 'cash',
      }),
    );
    expect(
      await screen.findByText(
        /Cash refund of ticket .*1000000000001.* recorded: a manager or an admin confirms it\./,
      ),
    ).toBeTruthy();
  });

  it('a recorded cash refund shows who handed it over; a manager confirms it, the cashier cannot', async () => {
    const recorded = owed('r2', {
      refundMethod: 'cash',
      refundRecordedBy: 'u7',
      refundRecordedAt: '2026-11-24T08:00:00.000Z',
    });
    const asCashier = refundsApi('cashier', [recorded], 'u7');
    await refunds(asCashier.fetch);
    const awaiting = await screen.findByTestId('refund-awaiting', {}, LOADING);
    expect(awaiting.textContent).toMatch(/awaiting a manager’s confirmation/);
    expect(within(awaiting).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: m.refunds.mark_paid })).toBeNull();
    cleanup();

    const asManager = refundsApi('manager', [recorded], 'u2');
    await refunds(asManager.fetch);
    fireEvent.click(await screen.findByRole('button', { name: m.refunds.confirm_cash }, LOADING));
    await waitFor(() =>
      expect(asManager.calls.some((c) => c.path === '/api/payments/confirmCashRefund/r2')).toBe(true),
    );
    expect(await screen.findByText(/Cash refund of ticket .*1000000000002.* confirmed\./)).toBeTruthy();
  });
});

describe('a statement refused, in Arabic', () => {
  function Message({ error }: { error: unknown }) {
    return <p data-testid="message">{useErrorMessage()(error, 'rihla.notices.update_failed')}</p>;
  }
  it('says the file is too wide, or too large, in its own words', async () => {
    for (const [sentence, arabic] of [
      ['This statement has too many columns (at most 100) or too long a line.', 'أعمدة كشف الحساب كثيرة جدًا'],
      ['The statement file is larger than 5 MB.', 'حجم ملف كشف الحساب أكبر من 5 ميغابايت.'],
    ]) {
      render(
        <AdminContext i18nProvider={createI18nProvider('ar')}>
          <Message error={new HttpError(sentence, 400, { message: sentence })} />
        </AdminContext>,
      );
      expect((await screen.findByTestId('message')).textContent).toContain(arabic);
      cleanup();
    }
  });
});
