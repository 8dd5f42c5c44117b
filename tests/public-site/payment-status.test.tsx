// A booking's payment as the traveller sees it after booking and in the look-up: each status in words, the
// deadline on Khartoum's clock with a live countdown, what is owed back, and where to pay — the operator's
// accounts, or "contact the operator" when none are published (never an invented one).
import { act, cleanup, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en as m } from '../../shared/i18n/public/en.ts';
import { PaymentPanel } from '../../public-site/components/PaymentPanel.tsx';
import { loadMessages } from '../../public-site/lib/i18n.ts';
import type { PaymentFacts } from '../../public-site/lib/payment.ts';
import { forgetSettings } from '../../public-site/lib/use-settings.ts';
import type { PublicSettings } from '../../public-site/lib/types.ts';
import { answerFetch, NO_INSTRUCTIONS, renderAt, SETTINGS, travellerBooking } from './helpers.tsx';

// 10:00 UTC is 12:00 in Khartoum (UTC+2 all year).
const NOW = Date.parse('2026-11-24T10:00:00Z');
const IN_30_MINUTES = '2026-11-24T10:30:00.000Z';

/** The panel with the booking kept in state, as the thank-you overlay and the look-up keep it. */
function Harness({ initial }: { initial: PaymentFacts }) {
  const [booking, setBooking] = useState(initial);
  return <PaymentPanel booking={booking} onChange={(patch) => setBooking({ ...booking, ...patch })} />;
}

function show(overrides: Partial<PaymentFacts>, settings: PublicSettings = SETTINGS) {
  answerFetch({ '/api/settings': { body: settings } });
  return renderAt(
    '/',
    <Harness initial={travellerBooking({ paymentDeadline: IN_30_MINUTES, ...overrides })} />,
  );
}

const title = () => document.querySelector('.pay-status-title')?.textContent;
const timer = () => screen.queryByRole('timer')?.textContent ?? null;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  forgetSettings();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('payment status', () => {
  it('awaits a proof before a time on Khartoum’s clock, counting down, with where to pay', async () => {
    show({});
    expect(title()).toBe(m.payment.status.awaiting_proof);
    expect(screen.getByRole('status').textContent).toContain(
      'Send your payment proof before 12:30 pm (Khartoum time), or the seats are released.',
    );
    expect(timer()).toBe('30:00 left');
    act(() => void vi.advanceTimersByTime(61_000));
    expect(timer()).toBe('28:59 left');

    await screen.findByText('3041227700915');
    const text = document.body.textContent!;
    for (const part of [
      m.payment.amount,
      '60,000 SDG',
      m.payment.payTo,
      'Rihla Travel Co.',
      'Zain Cash',
      '0998765432',
    ])
      expect(text).toContain(part);
    expect(screen.getByRole('button', { name: m.payment.send })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.payment.check })).toBeTruthy();
  });

  it('shows the hold as expired once its deadline passes, without waiting for the server', () => {
    show({});
    act(() => void vi.advanceTimersByTime(30 * 60_000));
    expect(title()).toBe(m.payment.status.expired);
    expect(screen.getByText(m.payment.detail.expired)).toBeTruthy();
    expect(timer()).toBeNull();
    expect(screen.queryByRole('button', { name: m.payment.send })).toBeNull();
    expect(screen.queryByRole('button', { name: m.payment.check })).toBeNull();
  });

  it('names the day of a deadline that is not today in Khartoum', () => {
    show({ paymentDeadline: '2026-11-25T06:15:00.000Z' });
    expect(screen.getByRole('status').textContent).toContain('before 8:15 am, Wed 25 Nov (Khartoum time)');
    expect(timer()).toBe('20:15:00 left');
  });

  it('says a proof is being checked, with nothing to pay or send, and lets the traveller check again', () => {
    show({ paymentStatus: 'proof_submitted', paymentDeadline: null });
    expect(title()).toBe(m.payment.status.proof_submitted);
    expect(screen.getByText(m.payment.detail.proof_submitted)).toBeTruthy();
    expect(timer()).toBeNull();
    expect(screen.queryByText(m.payment.amount)).toBeNull();
    expect(screen.queryByRole('button', { name: m.payment.send })).toBeNull();
    expect(screen.getByRole('button', { name: m.payment.check })).toBeTruthy();
  });

  it('says until when a proof under review holds the seats', () => {
    show({ paymentStatus: 'proof_submitted', paymentDeadline: '2026-11-24T12:30:00.000Z' });
    expect(title()).toBe(m.payment.status.proof_submitted);
    expect(screen.getByRole('status').textContent).toContain(
      'If it is not confirmed by 2:30 pm (Khartoum time), the seats are released',
    );
    expect(screen.queryByRole('button', { name: m.payment.send })).toBeNull();
  });

  it('says paid, and nothing more is asked', () => {
    show({ paymentStatus: 'verified', paymentDeadline: null });
    expect(title()).toBe(m.payment.status.verified);
    expect(screen.getByText(m.payment.detail.verified)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('gives the reason of a rejection in words, and the new deadline', async () => {
    show({ paymentStatus: 'rejected', rejectionReason: 'duplicate_proof' });
    expect(title()).toBe(m.payment.status.rejected);
    expect(screen.getByRole('status').textContent).toContain(
      'Reason: this proof was already used for another booking. Send a new proof before 12:30 pm (Khartoum time)',
    );
    expect(timer()).toBe('30:00 left');
    await screen.findByText('3041227700915');
    expect(screen.getByRole('button', { name: m.payment.send })).toBeTruthy();
  });

  it('says a hold the server expired has released its seats', () => {
    show({ paymentStatus: 'expired', isCancelled: true, paymentDeadline: '2026-11-24T09:00:00.000Z' });
    expect(title()).toBe(m.payment.status.expired);
    expect(screen.getByText(m.payment.detail.expired)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says what is owed back on a paid booking that was cancelled, and when it was paid', () => {
    const { unmount } = show({
      paymentStatus: 'verified',
      isCancelled: true,
      paymentDeadline: null,
      refundDue: 60000,
    });
    expect(title()).toBe(m.cancel.cancelled);
    expect(screen.getByText('A refund of 60,000 SDG is owed to you.')).toBeTruthy();
    unmount();
    show({
      paymentStatus: 'verified',
      isCancelled: true,
      paymentDeadline: null,
      refundDue: 60000,
      refundPaidAt: '2026-11-24T21:30:00.000Z', // 23:30 in Khartoum: still the 24th there
    });
    expect(screen.getByText('Your refund was paid on Tue, 24 Nov 2026.')).toBeTruthy();
  });

  it('asks the traveller to contact the operator when no payment details are published', async () => {
    show({}, NO_INSTRUCTIONS);
    await screen.findByText(m.payment.contactOperator);
    expect(screen.queryByText(m.payment.payTo)).toBeNull();
    expect(screen.queryByText(m.payment.bankak)).toBeNull();
    // The operator's phone is there to call; the amount is still shown.
    expect(screen.getByRole('link', { name: '0155551234' }).getAttribute('href')).toBe('tel:0155551234');
    expect(screen.getByText('60,000 SDG')).toBeTruthy();
  });

  it('shows nothing made up while the payment details cannot be fetched, then says to contact the operator', async () => {
    answerFetch({ '/api/settings': { status: 503, body: { message: 'down' } } });
    renderAt('/', <Harness initial={travellerBooking({ paymentDeadline: IN_30_MINUTES })} />);
    await screen.findByText(m.payment.contactOperator);
    expect(screen.queryByText(m.payment.operatorPhone)).toBeNull();
  });

  it('updates the status in place when the traveller checks it again', async () => {
    const calls = answerFetch({
      '/api/settings': { body: SETTINGS },
      '/api/bookings/filterBookings': {
        body: [{ ...travellerBooking({ paymentStatus: 'verified', paymentDeadline: null }), trip: null }],
      },
    });
    renderAt(
      '/',
      <Harness initial={travellerBooking({ paymentStatus: 'proof_submitted', paymentDeadline: null })} />,
    );
    screen.getByRole('button', { name: m.payment.check }).click();
    await waitFor(() => expect(title()).toBe(m.payment.status.verified));
    const lookup = calls.find((call) => call.url.pathname === '/api/bookings/filterBookings')!;
    expect(Object.fromEntries(lookup.url.searchParams)).toEqual({
      ticketId: '1234567890123',
      phone: '0912345678',
    });
  });

  it('speaks Arabic, the time and the countdown isolated from the sentence', async () => {
    answerFetch({ '/api/settings': { body: SETTINGS } });
    renderAt('/', <Harness initial={travellerBooking({ paymentDeadline: IN_30_MINUTES })} />, {
      lang: 'ar',
      messages: await loadMessages('ar'),
    });
    expect(title()).toBe(ar.payment.status.awaiting_proof);
    expect(screen.getByRole('status').textContent).toContain('أرسل إشعار بنكك قبل 12:30 مساءً بتوقيت الخرطوم');
    const isolated = [...document.querySelectorAll('.pay-status bdi[dir="ltr"]')].map((el) => el.textContent);
    expect(isolated).toEqual(['12:30', '30:00']);
    expect(timer()).toBe('متبقٍّ 30:00');
    // The operator's account number and name keep their own direction inside the right-to-left list.
    const account = await screen.findByText('3041227700915');
    expect(account.tagName).toBe('BDI');
    expect(screen.getByText('Rihla Travel Co.').tagName).toBe('BDI');
  });
});
