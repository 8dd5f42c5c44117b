// The payment review's logic, over a fake payments API: V verifies and the next proof of the queue opens, R
// rejects with a reason, N and the arrow move on; a flagged payment (known at load, or found by the server
// with a 409 DUPLICATE_PROOF) is verified only through the override dialog with a note; the last decision
// lands on the empty queue. Shortcuts do nothing while typing or with a modifier held.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OnDemandPage } from '../../admin/payments/routes.tsx';
import { en } from '../../shared/i18n/admin/en.ts';
import { paymentsAr } from '../../shared/i18n/admin/payments.ar.ts';
import { paymentsEn } from '../../shared/i18n/admin/payments.en.ts';
import { booking, NO_FLAGS, paymentsServer } from './helpers/payments.ts';
import { renderAdmin } from './helpers/renderAdmin.tsx';

const m = paymentsEn.rihla.payments;

beforeAll(() => {
  // jsdom has no object URLs; the proof only needs one to exist.
  URL.createObjectURL = vi.fn(() => 'blob:proof');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

const desk = (
  <Routes>
    <Route path="/bookings/payments" element={<OnDemandPage name="PaymentQueue" />} />
    <Route path="/bookings/payments/:id" element={<OnDemandPage name="PaymentReview" />} />
  </Routes>
);

async function open(server: ReturnType<typeof paymentsServer>, id: string, locale: 'en' | 'ar' = 'en') {
  await renderAdmin({ resource: 'bookings', path: `/bookings/payments/${id}`, locale }, server.fetch, desk);
  await screen.findByTestId('payment-review');
  await waitFor(() => expect(screen.getByTestId('payment-review').dataset.booking).toBe(id));
}

const press = (code: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(window, { code, ...init });
const shownBooking = () => screen.getByTestId('payment-review').dataset.booking;

/** The proof of booking('b1') as the review shows it (helpers/payments.ts). */
const SEEN_B1 = { paymentReference: 'TRX1001', bankakScreenshot: '/api/uploads/proof-b1.png' };

describe('payment review', () => {
  it('shows the proof beside what it must show, and the flags in plain words', async () => {
    const server = paymentsServer([booking('b1')], { flags: { b1: { ...NO_FLAGS, bookingsFromPhone: 3 } } });
    await open(server, 'b1');
    expect((await screen.findByTestId('expected-amount')).textContent).toBe('45,000 SDG');
    // Above the proof on a phone, and among the details.
    expect(screen.getAllByText('TRX1001')).toHaveLength(2);
    expect(within(screen.getByTestId('review-summary')).getByText('45,000 SDG')).toBeTruthy();
    expect(screen.getByText('Traveller1 Osman')).toBeTruthy();
    expect(screen.getByText('Khartoum → Kassala')).toBeTruthy();
    expect(screen.getByText('KH-1201')).toBeTruthy();
    expect(screen.getByText('Nile Express')).toBeTruthy();
    expect(screen.getByText(m.flags.none)).toBeTruthy();
    expect(screen.getByText('Live bookings made with this phone number: 3.')).toBeTruthy();
    expect(await screen.findByTestId('payment-proof')).toBeTruthy();
    for (const [name, key] of [
      ['Verify', 'V'],
      ['Reject', 'R'],
      ['Next', 'N ArrowRight'],
    ])
      expect(screen.getByRole('button', { name }).getAttribute('aria-keyshortcuts')).toBe(key);
  });

  it('V verifies, then the next proof of the queue opens', async () => {
    const server = paymentsServer([booking('b1'), booking('b2'), booking('b3')]);
    await open(server, 'b1');
    press('KeyV');
    await waitFor(() => expect(shownBooking()).toBe('b2'));
    // With the proof on screen, so that one the traveller sent since is never verified unseen.
    expect(server.decisions().map((c) => [c.path, c.body])).toEqual([
      ['/api/bookings/verifyPayment/b1', { seen: SEEN_B1 }],
    ]);
    expect(await screen.findByText(/Payment of ticket .*1000000000001.* verified\./)).toBeTruthy();
    expect(await screen.findByText('Traveller2 Osman')).toBeTruthy();
  });

  it('verifies a flagged payment only with an override note, never silently', async () => {
    const flags = {
      ...NO_FLAGS,
      duplicateReference: [{ _id: 'x9', ticketId: '9999999999999' }],
      duplicateImage: [{ _id: 'x8', ticketId: '8888888888888' }],
    };
    const server = paymentsServer([booking('b1'), booking('b2')], { flags: { b1: flags } });
    await open(server, 'b1');
    const reference = await screen.findByText(m.flags.duplicate_reference);
    expect(
      within(reference.closest('[role=alert]') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/bookings/x9/show');
    expect(screen.getByText(m.flags.duplicate_image)).toBeTruthy();
    press('KeyV');
    const dialog = await screen.findByRole('dialog', { name: m.override.title });
    expect(server.decisions()).toEqual([]);
    const confirm = within(dialog).getByRole('button', { name: m.override.confirm });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    // Shortcuts are off while the dialog is open (and V typed in the note is a letter).
    press('KeyV');
    const note = within(dialog).getByRole('textbox', { name: new RegExp(m.override.note) });
    fireEvent.change(note, { target: { value: 'ok' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(note, { target: { value: 'Checked the bank app with the traveller' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(shownBooking()).toBe('b2'));
    expect(server.decisions().map((c) => c.body)).toEqual([
      { override: true, note: 'Checked the bank app with the traveller', seen: SEEN_B1 },
    ]);
  });

  it('flags a transfer copied from another company by count alone, and still asks for the override', async () => {
    const flags = { ...NO_FLAGS, duplicateReferenceElsewhere: 2 };
    const server = paymentsServer([booking('b1'), booking('b2')], { flags: { b1: flags } });
    await open(server, 'b1');
    const reference = await screen.findByText(m.flags.duplicate_reference);
    const alert = reference.closest('[role=alert]') as HTMLElement;
    expect(within(alert).queryByRole('link')).toBeNull();
    expect(within(alert).getByText('2 bookings outside your company (not shown)')).toBeTruthy();
    expect(screen.queryByText(m.flags.none)).toBeNull();
    press('KeyV');
    expect(await screen.findByRole('dialog', { name: m.override.title })).toBeTruthy();
    expect(server.decisions()).toEqual([]);
  });

  it('asks for the override when the server finds a duplicate the page did not know (409 DUPLICATE_PROOF)', async () => {
    let refused = false;
    const server = paymentsServer([booking('b1'), booking('b2')], {
      verifyAnswer: (call) => {
        if ((call.body as { override?: boolean }).override || refused) return undefined;
        refused = true;
        return {
          status: 409,
          body: {
            message: "This payment's reference or proof image is also another booking's.",
            code: 'DUPLICATE_PROOF',
            flags: { ...NO_FLAGS, duplicateImage: [{ _id: 'x7', ticketId: '7777777777777' }] },
          },
        };
      },
    });
    await open(server, 'b1');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: m.override.title });
    expect(within(dialog).getByText('7777777777777')).toBeTruthy();
    expect(shownBooking()).toBe('b1');
    fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(m.override.note) }), {
      target: { value: 'Same traveller, two seats' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: m.override.confirm }));
    await waitFor(() => expect(shownBooking()).toBe('b2'));
    expect(server.decisions().map((c) => c.body)).toEqual([
      { seen: SEEN_B1 },
      { override: true, note: 'Same traveller, two seats', seen: SEEN_B1 },
    ]);
  });

  it('says so and shows the new proof when the traveller sent another since the page opened (409 PROOF_CHANGED)', async () => {
    const server = paymentsServer([booking('b1'), booking('b2')], {
      verifyAnswer: () => ({
        status: 409,
        body: {
          message:
            'The traveller sent another proof since you opened this one: look at the new proof before deciding.',
          code: 'PROOF_CHANGED',
        },
      }),
    });
    await open(server, 'b1');
    const loads = () => server.calls.filter((c) => c.path === '/api/payments/getPayment/b1').length;
    const before = loads();
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/sent another proof since you opened this one/)).toBeTruthy();
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
    expect(shownBooking()).toBe('b1');
  });

  it('R rejects with a reason and an optional note', async () => {
    const server = paymentsServer([booking('b1'), booking('b2')]);
    await open(server, 'b1');
    press('KeyR');
    const dialog = await screen.findByRole('dialog');
    const reject = within(dialog).getByRole('button', { name: m.reject.confirm });
    expect((reject as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: en.rihla.payments.reason.amount_wrong }));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Paid 40,000 of 45,000' } });
    fireEvent.click(reject);
    await waitFor(() => expect(shownBooking()).toBe('b2'));
    expect(server.decisions().map((c) => [c.path, c.body])).toEqual([
      ['/api/bookings/rejectPayment/b1', { reason: 'amount_wrong', note: 'Paid 40,000 of 45,000' }],
    ]);
  });

  it('N and → move on without deciding; a modifier or a text field keeps the key for itself', async () => {
    const server = paymentsServer([booking('b1'), booking('b2'), booking('b3')]);
    await open(server, 'b1');
    await screen.findByText(/1 of 3 waiting/);
    press('KeyN');
    await waitFor(() => expect(shownBooking()).toBe('b2'));
    press('ArrowRight');
    await waitFor(() => expect(shownBooking()).toBe('b3'));
    press('KeyN');
    await waitFor(() => expect(shownBooking()).toBe('b1'));
    press('KeyV', { ctrlKey: true });
    press('KeyR', { metaKey: true });
    const input = document.createElement('input');
    document.body.append(input);
    fireEvent.keyDown(input, { code: 'KeyV' });
    input.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.decisions()).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('after the last proof, says the queue is empty', async () => {
    const server = paymentsServer([booking('b1')]);
    await open(server, 'b1');
    press('KeyV');
    expect(await screen.findByTestId('queue-empty')).toBeTruthy();
    expect(screen.getByText(m.queue.empty)).toBeTruthy();
  });

  it('says how long the proof still holds its seats: under review, past its check time, or not trusted', async () => {
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const server = paymentsServer([
      booking('b1', { reviewDeadline: at(60), paymentDeadline: at(90) }),
      booking('b2', { reviewDeadline: at(-5), paymentDeadline: at(25) }),
      booking('b3', { reviewDeadline: null, paymentDeadline: at(20) }),
    ]);
    const holdOf = async (id: string) => {
      await open(server, id);
      const notice = await screen.findByTestId('proof-hold-notice');
      const chip = within(screen.getByTestId('review-summary')).getByTestId('proof-hold');
      expect(chip.dataset.hold).toBe(notice.dataset.hold);
      const kind = notice.dataset.hold;
      cleanup();
      return kind;
    };
    expect(await holdOf('b1')).toBe('review');
    expect(await holdOf('b2')).toBe('overdue');
    expect(await holdOf('b3')).toBe('untrusted');
    await open(server, 'b2');
    expect((await screen.findByTestId('proof-hold-notice')).textContent).toMatch(
      /^The time to check this proof has passed\. Unless it is verified, the seats are released at \S+/,
    );
  });

  it('still decides a proof whose review time ran out (back to awaiting_proof, its proof kept): no note asked', async () => {
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const lapsed = {
      paymentStatus: 'awaiting_proof',
      reviewDeadline: at(-10),
      paymentDeadline: at(20),
    } as const;
    const server = paymentsServer([booking('b1', lapsed), booking('b2')]);
    await open(server, 'b1');
    expect((await screen.findByTestId('proof-hold-notice')).dataset.hold).toBe('overdue');
    expect(screen.queryByText(m.review.not_waiting)).toBeNull();
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(false);
    press('KeyV');
    await waitFor(() => expect(server.decisions()).toHaveLength(1));
    // Verified as a proof is, not as a payment with nothing to look at (which asks how the money was checked).
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.decisions()[0].path).toBe('/api/bookings/verifyPayment/b1');
  });

  it('does not offer a decision on a payment already decided', async () => {
    const server = paymentsServer([booking('b1', { paymentStatus: 'verified', verifiedVia: 'import' })]);
    await open(server, 'b1');
    expect(((await screen.findByRole('button', { name: 'Verify' })) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement).disabled).toBe(true);
    press('KeyV');
    press('KeyR');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.decisions()).toEqual([]);
    expect(screen.getByTestId('payment-decided').textContent).toMatch(/^Bank statement, by/);
  });

  it('in Arabic: the words are Arabic, the keys are the same keys, and ← (the reading direction) moves on', async () => {
    const server = paymentsServer([booking('b1'), booking('b2')]);
    await open(server, 'b1', 'ar');
    const verify = await screen.findByRole('button', { name: paymentsAr.rihla.payments.review.verify });
    expect(verify.getAttribute('aria-keyshortcuts')).toBe('V');
    // On an Arabic layout the V key types 'ر': the shortcut reads the key's position, not its letter.
    press('ArrowLeft', { key: 'ArrowLeft' });
    await waitFor(() => expect(shownBooking()).toBe('b2'));
    fireEvent.keyDown(window, { code: 'KeyV', key: 'ر' });
    await waitFor(() => expect(server.decisions()).toHaveLength(1));
  });
});
