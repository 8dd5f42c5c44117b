// The payment proof sent after booking: the form is fetched on demand, sends the image, its transaction number
// and method to submitProof with the traveller's ticket id and phone, shows the upload's progress with a stop
// button, keeps everything for a retry, and updates the status in place; every refusal is said in words.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import { PaymentPanel } from '../../public-site/components/PaymentPanel.tsx';
import type { PaymentFacts } from '../../public-site/lib/payment.ts';
import { forgetSettings } from '../../public-site/lib/use-settings.ts';
import { installFakeXhr, lastXhr, type FakeXhr } from './fake-xhr.ts';
import { answerFetch, chooseFile, proofFile, renderAt, SETTINGS, travellerBooking } from './helpers.tsx';

function Harness({ initial }: { initial: PaymentFacts }) {
  const [booking, setBooking] = useState(initial);
  return <PaymentPanel booking={booking} onChange={(patch) => setBooking({ ...booking, ...patch })} />;
}

const title = () => document.querySelector('.pay-status-title')?.textContent;
const sendButton = () => screen.getByRole('button', { name: m.payment.submit }) as HTMLButtonElement;

let Xhr: typeof FakeXhr;

beforeEach(() => {
  forgetSettings();
  Xhr = installFakeXhr();
  answerFetch({ '/api/settings': { body: SETTINGS } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Opens the form of a booking waiting for its proof, and fills it in. */
async function fillForm(overrides: Partial<PaymentFacts> = {}) {
  renderAt('/', <Harness initial={travellerBooking(overrides)} />);
  fireEvent.click(screen.getByRole('button', { name: m.payment.send }));
  const file = await screen.findByLabelText(m.proof.label, { exact: false, selector: 'input' });
  // The opening button is gone: focus starts the form.
  await waitFor(() => expect(document.activeElement).toBe(file));
  expect(sendButton().disabled).toBe(true);
  expect(screen.getByText(m.payment.sendHint)).toBeTruthy();
  chooseFile(file, proofFile());
  await screen.findByText(/receipt\.png/);
  expect(sendButton().disabled).toBe(true);
  fireEvent.input(screen.getByLabelText(m.payment.reference), { target: { value: 'TX' } });
  expect(screen.getByText(m.payment.referenceHint)).toBeTruthy();
  fireEvent.input(screen.getByLabelText(m.payment.reference), { target: { value: 'TRX 4455 6677' } });
  fireEvent.change(screen.getByLabelText(m.payment.method), { target: { value: 'mobile_money' } });
  expect(sendButton().disabled).toBe(false);
}

describe('sending a payment proof later', () => {
  it('sends the proof with the ticket id and phone, shows progress, and updates the status in place', async () => {
    await fillForm();
    fireEvent.click(sendButton());
    const xhr = lastXhr();
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/bookings/submitProof']);
    expect(xhr.fields()).toEqual({
      ticketId: '1234567890123',
      phone: '0912345678',
      paymentReference: 'TRX 4455 6677',
      paymentMethod: 'mobile_money',
      // This browser's id: its rejected proofs count against it.
      deviceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((xhr.body!.get('bankakScreenshot') as File).name).toBe('receipt.png');
    // The file is the last part, after every field.
    expect([...xhr.body!.keys()].pop()).toBe('bankakScreenshot');

    act(() => xhr.progress(0.4));
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Sending your proof: 40%');
    act(() => xhr.progress(1));
    expect(screen.getAllByText(m.payment.waiting).length).toBeGreaterThan(0);

    act(() =>
      xhr.respond(200, {
        ...travellerBooking({ paymentStatus: 'proof_submitted', paymentDeadline: null }),
        tripId: { _id: 'trip1' },
      }),
    );
    await waitFor(() => expect(title()).toBe(m.payment.status.proof_submitted));
    expect(screen.queryByLabelText(m.proof.label, { exact: false, selector: 'input' })).toBeNull();
    expect(screen.queryByText(m.payment.amount)).toBeNull();
  });

  it('stops the upload on request and sends the same again without retyping', async () => {
    await fillForm();
    fireEvent.click(sendButton());
    fireEvent.click(screen.getByRole('button', { name: m.payment.stop }));
    expect(lastXhr().aborted).toBe(true);
    await screen.findByText(m.payment.interrupted);
    expect((screen.getByLabelText(m.payment.reference) as HTMLInputElement).value).toBe('TRX 4455 6677');
    expect(screen.getByText(/receipt\.png/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: m.common.retry }));
    expect(Xhr.sent).toHaveLength(2);
    expect(lastXhr().fields()).toMatchObject({
      paymentReference: 'TRX 4455 6677',
      paymentMethod: 'mobile_money',
    });
    expect((lastXhr().body!.get('bankakScreenshot') as File).name).toBe('receipt.png');
  });

  it.each([
    ['verified', m.payment.notWanted.verified, m.payment.status.verified],
    ['proof_submitted', m.payment.notWanted.proof_submitted, m.payment.status.proof_submitted],
    ['expired', m.payment.notWanted.expired, m.payment.status.expired],
    ['awaiting_proof', m.payment.notWanted.cancelled, m.cancel.cancelled],
  ])(
    'says why a proof is not wanted (%s) and shows the booking as it is',
    async (paymentStatus, says, shows) => {
      await fillForm();
      fireEvent.click(sendButton());
      act(() => lastXhr().respond(409, { message: 'not wanted', code: 'PROOF_NOT_WANTED', paymentStatus }));
      await screen.findByText(says);
      expect(title()).toBe(shows);
      expect(screen.queryByLabelText(m.proof.label, { exact: false, selector: 'input' })).toBeNull();
    },
  );

  it.each([
    [429, { message: 'Too many' }, m.payment.tooMany],
    [413, { message: 'Too large' }, m.proof.tooLarge],
    [415, { message: 'Not an image' }, m.proof.notImage],
    [404, { message: 'No booking' }, m.payment.notFound],
    [400, { message: 'Bad', errors: { paymentReference: 'Please enter…' } }, m.payment.referenceHint],
    [500, { message: 'boom' }, m.payment.failed],
  ])('says what went wrong on %i, keeping the form for another try', async (status, body, says) => {
    await fillForm({ paymentStatus: 'rejected', rejectionReason: 'amount_wrong' });
    fireEvent.click(sendButton());
    act(() => lastXhr().respond(status, body));
    expect((await screen.findByRole('alert')).textContent).toBe(says);
    expect(title()).toBe(m.payment.status.rejected);
    expect((screen.getByLabelText(m.payment.reference) as HTMLInputElement).value).toBe('TRX 4455 6677');
    expect(screen.getByRole('button', { name: m.common.retry })).toBeTruthy();
  });

  it('offers to try again when the form itself cannot be fetched', async () => {
    vi.doMock('../../public-site/components/LaterProofForm.tsx', () => {
      throw new Error('offline');
    });
    vi.resetModules();
    const { PaymentPanel: Panel } = await import('../../public-site/components/PaymentPanel.tsx');
    renderAt('/', <Panel booking={travellerBooking()} onChange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: m.payment.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.payment.formFailed);
    expect(screen.getByRole('button', { name: m.common.retry })).toBeTruthy();
    vi.doUnmock('../../public-site/components/LaterProofForm.tsx');
  });
});
