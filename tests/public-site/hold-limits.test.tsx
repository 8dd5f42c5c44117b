// Holds that cannot close a trip (issue 18, item 1), as the traveller meets them: the device id the site sends
// (one browser, one id, kept; nothing about the person), the refusals for this device's and this connection's
// unpaid bookings and for a trip whose unpaid share is full, in English and Arabic with the number isolated, and
// how long a proof holds: until when staff check it, and, when they could not in time, the proof asked again
// before the booking's own short deadline.
import { cleanup, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import type { PublicMessages } from '../../public-site/lib/i18n.ts';
import { PaymentPanel } from '../../public-site/components/PaymentPanel.tsx';
import { SendingDialog } from '../../public-site/components/SendingDialog.tsx';
import { deviceId } from '../../public-site/lib/device-id.ts';
import { loadMessages } from '../../public-site/lib/i18n.ts';
import type { PaymentFacts } from '../../public-site/lib/payment.ts';
import { forgetSettings } from '../../public-site/lib/use-settings.ts';
import { answerFetch, renderAt, SETTINGS, travellerBooking } from './helpers.tsx';

// 10:00 UTC is 12:00 in Khartoum (UTC+2 all year).
const NOW = Date.parse('2026-11-24T10:00:00Z');
const IN_30_MINUTES = '2026-11-24T10:30:00.000Z';

const languages = [
  ['en', en],
  ['ar', ar],
] as const;

async function language(lang: 'en' | 'ar') {
  return { lang, messages: lang === 'en' ? en : await loadMessages('ar') } as {
    lang: 'en' | 'ar';
    messages: PublicMessages;
  };
}

function Harness({ initial }: { initial: PaymentFacts }) {
  const [booking, setBooking] = useState(initial);
  return <PaymentPanel booking={booking} onChange={(patch) => setBooking({ ...booking, ...patch })} />;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  forgetSettings();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the device id', () => {
  it('is drawn once, kept in the browser and sent the same each time: an opaque id, nothing about the person', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('rihla.device')).toBe(first);
    expect(deviceId()).toBe(first);
  });

  it('replaces a kept value the server would refuse (it must be 8 to 64 letters, digits, - or _)', () => {
    localStorage.setItem('rihla.device', 'no good!');
    const drawn = deviceId();
    expect(drawn).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('rihla.device')).toBe(drawn);
  });

  it('without storage (private mode, blocked), keeps one id for as long as the page lives', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(deviceId()).toBe(first);
  });
});

describe.each(languages)('the refusals of unpaid holds (%s)', (lang, m) => {
  async function refused(scope: 'phone' | 'device' | 'address' | 'trip', limit: number) {
    renderAt(
      '/',
      <SendingDialog
        state={{ phase: 'unpaidLimit', scope, limit }}
        onStop={() => {}}
        onRetry={() => {}}
        onBack={() => {}}
        onFindAnother={() => {}}
      />,
      await language(lang),
    );
    return screen.getByRole('alertdialog');
  }
  const isolated = (dialog: HTMLElement) =>
    [...dialog.querySelectorAll('bdi[dir="ltr"]')].map((el) => el.textContent);

  it('this device: how many bookings wait for payment, and where to pay for them', async () => {
    const dialog = await refused('device', 3);
    expect(dialog.textContent).toContain(m.payment.unpaidDevice.replace('{limit}', '3'));
    expect(isolated(dialog)).toEqual(['3']);
    expect(screen.getByRole('link', { name: m.nav.cancelReservation }).getAttribute('href')).toBe(
      '/cancel-reservation',
    );
  });

  it('this connection: too many bookings wait for payment; another try, or another trip', async () => {
    const dialog = await refused('address', 10);
    expect(dialog.textContent).toContain(m.payment.unpaidAddress);
    expect(screen.getByRole('button', { name: m.common.retry })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.trip.findAnother })).toBeTruthy();
    expect(screen.queryByRole('link', { name: m.nav.cancelReservation })).toBeNull();
  });

  it('a trip whose unpaid share is full: pay first and attach the proof to book at once', async () => {
    const dialog = await refused('trip', 24);
    expect(dialog.textContent).toContain(m.payment.unpaidTrip);
    expect(screen.getByRole('button', { name: m.common.retry })).toBeTruthy();
  });
});

describe.each(languages)('how long a proof holds the seats (%s)', (lang, m) => {
  async function show(overrides: Partial<PaymentFacts>) {
    answerFetch({ '/api/settings': { body: SETTINGS } });
    renderAt('/', <Harness initial={travellerBooking(overrides)} />, await language(lang));
  }
  const status = () => screen.getByRole('status').textContent!;
  const title = () => document.querySelector('.pay-status-title')?.textContent;
  const isolated = () =>
    [...document.querySelectorAll('.pay-status bdi[dir="ltr"]')].map((el) => el.textContent);
  const before = { en: ' (Khartoum time)', ar: ' بتوقيت الخرطوم' }[lang];
  // Khartoum's clock, 12-hour: "2:30 pm", «2:30 مساءً» (the digits isolated, the period word after them).
  const pm = { en: ' pm', ar: ' مساءً' }[lang];

  it('under review: until when staff have to confirm it, on Khartoum’s clock', async () => {
    await show({
      paymentStatus: 'proof_submitted',
      reviewDeadline: '2026-11-24T12:00:00.000Z',
      paymentDeadline: '2026-11-24T12:30:00.000Z',
    });
    expect(title()).toBe(m.payment.status.proof_submitted);
    const [head] = m.payment.detail.proof_submitted_until.split('{time}');
    expect(status()).toContain(`${head}2:30${pm}${before}`);
    expect(isolated()).toEqual(['2:30']);
    // Nothing to send meanwhile.
    expect(screen.queryByRole('button', { name: m.payment.send })).toBeNull();
  });

  it('review time ran out: staff could not check it, send it again before the booking’s own deadline', async () => {
    await show({
      paymentStatus: 'awaiting_proof',
      reviewDeadline: '2026-11-24T09:30:00.000Z',
      paymentDeadline: IN_30_MINUTES,
      bankakScreenshot: '/api/uploads/proof.png',
    } as Partial<PaymentFacts>);
    expect(title()).toBe(m.payment.status.awaiting_proof);
    const [head] = m.payment.detail.awaiting_proof_unchecked.split('{time}');
    expect(status()).toContain(`${head}12:30${pm}${before}`);
    expect(status()).not.toContain(m.payment.detail.awaiting_proof.split('{time}')[0]);
    expect(screen.getByRole('timer').textContent).toContain('30:00');
    expect(screen.getByRole('button', { name: m.payment.send })).toBeTruthy();
  });

  it('a booking that never sent a proof is asked for one as before', async () => {
    await show({ paymentStatus: 'awaiting_proof', reviewDeadline: null, paymentDeadline: IN_30_MINUTES });
    const [head] = m.payment.detail.awaiting_proof.split('{time}');
    expect(status()).toContain(`${head}12:30${pm}${before}`);
  });
});
