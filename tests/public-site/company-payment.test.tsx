// Where a traveller pays follows the booking's trip (issue 24): a change of day waiting for its difference shows
// the account of the trip it moves to (the one the statement import matches its payment against), the
// operator's when that trip cannot be read; the proof form's method starts from that account.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import { ChangeDay } from '../../public-site/components/ChangeDay.tsx';
import type { BookingMatch } from '../../public-site/lib/types.ts';
import { forgetSettings } from '../../public-site/lib/use-settings.ts';
import type { PaymentInstructions } from '../../shared/payment-instructions.ts';
import { installFakeXhr } from './fake-xhr.ts';
import { answerFetch, bookingMatch, renderAt, SETTINGS, tomorrow } from './helpers.tsx';

const KASSALA_EXPRESS: PaymentInstructions = {
  bankakAccount: '5550001',
  accountName: 'Kassala Express',
  wallets: [],
  source: 'company',
};
const WALLET_ONLY: PaymentInstructions = {
  bankakAccount: '',
  accountName: '',
  wallets: [{ name: 'Zain Cash', number: '0911122233' }],
  source: 'company',
};

let tripCounter = 0;
/** A booking whose change to another trip waits for 15,000 SDG; each test its own trip (answers are remembered). */
function pendingOn(tripId: string): BookingMatch {
  return bookingMatch({
    paymentStatus: 'verified',
    pendingChange: {
      ticketId: '9876543210987',
      toPay: 15_000,
      fee: 0,
      newTotal: 75_000,
      seats: [4, 9],
      paymentStatus: 'awaiting_proof',
      paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
      tripId,
      trip_date: tomorrow(),
      trip_boarding_time: '9:00 am',
    },
  });
}

function show(instructions: PaymentInstructions | 'unreadable') {
  const tripId = `changed-to-${++tripCounter}`;
  answerFetch({
    '/api/settings': { body: SETTINGS },
    [`/api/trips/getTrip/${tripId}`]:
      instructions === 'unreadable'
        ? { status: 500, body: { message: 'down' } }
        : { body: { _id: tripId, paymentInstructions: instructions } },
  });
  renderAt('/', <ChangeDay booking={pendingOn(tripId)} onChanged={() => undefined} />);
  return screen.getByRole('region', { name: m.changeDay.pendingTitle });
}

beforeEach(() => {
  forgetSettings();
  installFakeXhr();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('paying for a change of day', () => {
  it('shows the account of the trip the change moves to, not the operator’s', async () => {
    const pending = show(KASSALA_EXPRESS);
    await within(pending).findByText('5550001');
    expect(pending.textContent).toContain('Kassala Express');
    expect(pending.textContent).toContain('15,000 SDG');
    expect(pending.textContent).not.toContain(SETTINGS.payment.bankakAccount);
    expect(pending.textContent).not.toContain(SETTINGS.payment.accountName);
  });

  it('shows the operator’s account when that trip cannot be read', async () => {
    const pending = show('unreadable');
    await within(pending).findByText(SETTINGS.payment.bankakAccount);
    expect(pending.textContent).toContain(SETTINGS.payment.accountName);
  });

  it('a company paid by wallet alone: its wallet, and the proof form starts at mobile money', async () => {
    const pending = show(WALLET_ONLY);
    await within(pending).findByText('0911122233');
    expect(pending.textContent).not.toContain(SETTINGS.payment.bankakAccount);
    fireEvent.click(within(pending).getByRole('button', { name: m.payment.send }));
    const method = (await within(pending).findByLabelText(m.payment.method)) as HTMLSelectElement;
    await waitFor(() => expect(method.value).toBe('mobile_money'));
  });
});
