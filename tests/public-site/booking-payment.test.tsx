// The booking form's payment step and what follows the send: the amount and where to pay, paying now (the
// proof with its transaction number and method) or later (the seats held until a time on Khartoum's clock);
// the thank-you overlay in the booking's payment status with the current ticket to download again; the
// refusals said in words (unpaid limits, too many attempts); and a trip whose bus is out of service.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import TripDetails from '../../public-site/pages/TripDetails.tsx';
import { forgetSettings } from '../../public-site/lib/use-settings.ts';
import type { Trip } from '../../public-site/lib/types.ts';
import { installFakeXhr, lastXhr } from './fake-xhr.ts';
import {
  answerFetch,
  chooseFile,
  demoTrip,
  proofFile,
  renderAt,
  SETTINGS,
  travellerBooking,
} from './helpers.tsx';

// 10:00 UTC is 12:00 in Khartoum; the demo trip leaves tomorrow, so a hold lasts the 30 minutes.
const NOW = Date.parse('2026-11-24T10:00:00Z');
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
const continueButton = () => screen.queryByRole('button', { name: m.common.continue });

function serve(trip: Trip = demoTrip({ trip_date: '2026-11-25' })) {
  return answerFetch({
    '/api/trips/getTrip/trip1': { body: trip },
    '/api/settings': { body: SETTINGS },
    '/api/bookings/ticket': { body: {} },
  });
}

async function toPaymentStep() {
  const calls = serve();
  renderAt('/trip-details/trip1', <TripDetails id="trip1" />);
  await screen.findByRole('heading', { name: m.seats.title });
  fireEvent.click(screen.getByRole('button', { name: `Seat 4, ${m.seats.available}` }));
  fireEvent.click(screen.getByRole('button', { name: `Seat 9, ${m.seats.available}` }));
  fireEvent.click(continueButton()!);
  await screen.findByRole('heading', { name: m.passenger.title });
  type(m.passenger.firstName, 'Amna');
  type(m.passenger.lastName, 'Osman');
  type(m.passenger.phone, '0912345678');
  await screen.findByText('3041227700915');
  return calls;
}

async function confirm() {
  fireEvent.click(continueButton()!);
  const dialog = screen.getByRole('dialog', { name: m.confirm.title });
  const text = dialog.textContent!;
  fireEvent.click(screen.getByRole('button', { name: m.confirm.submit }));
  return text;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  forgetSettings();
  installFakeXhr();
  // Saving the ticket makes an object URL, which jsdom lacks.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:ticket'), revokeObjectURL: vi.fn() });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

describe('the payment step', () => {
  it('shows the amount, where to pay, that staff check the proof, and how long seats are held without it', async () => {
    await toPaymentStep();
    const step = screen.getByRole('region', { name: m.payment.title });
    for (const part of ['60,000 SDG', 'Rihla Travel Co.', 'Zain Cash', '0998765432', m.payment.checked])
      expect(step.textContent).toContain(part);
    expect((screen.getByLabelText(m.payment.now) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(m.payment.sendLater)).toBeNull();
    fireEvent.click(screen.getByLabelText(m.payment.later));
    expect(step.textContent).toContain(
      'Without a proof your seats are held until 12:30 pm (Khartoum time), then released. ' +
        m.payment.sendLater,
    );
    expect(screen.queryByLabelText(m.proof.label, { exact: false, selector: 'input' })).toBeNull();
  });

  it('books with the proof, its transaction number and method, then shows it being checked', async () => {
    const calls = await toPaymentStep();
    chooseFile(
      screen.getByLabelText(m.proof.label, { exact: false, selector: 'input' }),
      proofFile('bankak.png'),
    );
    await screen.findByText(/bankak\.png/);
    expect(continueButton()).not.toBeNull(); // the transaction number may be left for staff to read
    type(m.payment.reference, 'TX');
    expect(continueButton()).toBeNull();
    expect(screen.getAllByText(m.payment.referenceHint).length).toBeGreaterThan(0);
    type(m.payment.reference, 'BK 7712 0091');
    fireEvent.change(screen.getByLabelText(m.payment.method), { target: { value: 'bankak' } });

    const summary = await confirm();
    for (const part of ['bankak.png', m.payment.methods.bankak, 'BK 7712 0091'])
      expect(summary).toContain(part);
    expect(lastXhr().url).toBe('/api/bookings/createBooking');
    expect(lastXhr().fields()).toMatchObject({ paymentReference: 'BK 7712 0091', paymentMethod: 'bankak' });
    expect([...lastXhr().body!.keys()].pop()).toBe('bankakScreenshot');

    act(() =>
      lastXhr().respond(201, {
        booking: travellerBooking({ paymentStatus: 'proof_submitted', paymentDeadline: null }),
        pdfBlob: 'JVBERi0=',
      }),
    );
    const thanks = await screen.findByRole('dialog', { name: m.booking.thanksTitle });
    expect(thanks.querySelector('.pay-status-title')!.textContent).toBe(m.payment.status.proof_submitted);
    expect(thanks.textContent).toContain(m.payment.ticketPending);
    // "Download again" fetches the ticket as it is now, not the copy made at booking time.
    fireEvent.click(screen.getByRole('button', { name: m.booking.downloadAgain }));
    await waitFor(() =>
      expect(calls.some((call) => call.url.pathname === '/api/bookings/ticket')).toBe(true),
    );
    const ticket = calls.find((call) => call.url.pathname === '/api/bookings/ticket')!;
    expect(Object.fromEntries(ticket.url.searchParams)).toEqual({
      ticketId: '1234567890123',
      phone: '0912345678',
    });
  });

  it('books without a proof, then awaits it with a countdown, where to pay and the form to send it', async () => {
    await toPaymentStep();
    fireEvent.click(screen.getByLabelText(m.payment.later));
    const summary = await confirm();
    expect(summary).toContain(m.confirm.noProof);
    expect(summary).toContain('held until 12:30 pm (Khartoum time)');
    const fields = lastXhr().fields();
    // This browser's device id goes with every booking, the same each time (one device holds only so many).
    expect(fields.deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(localStorage.getItem('rihla.device')).toBe(fields.deviceId);
    expect(fields).not.toHaveProperty('paymentReference');
    expect(fields).not.toHaveProperty('paymentMethod');
    expect(lastXhr().body!.has('bankakScreenshot')).toBe(false);

    act(() =>
      lastXhr().respond(201, {
        booking: travellerBooking({ paymentDeadline: '2026-11-24T10:30:00.000Z' }),
        pdfBlob: 'JVBERi0=',
      }),
    );
    const thanks = await screen.findByRole('dialog', { name: m.booking.thanksTitle });
    expect(thanks.querySelector('.pay-status-title')!.textContent).toBe(m.payment.status.awaiting_proof);
    expect(screen.getByRole('timer').textContent).toBe('30:00 left');
    expect(thanks.textContent).toContain('3041227700915');
    expect(screen.getByRole('button', { name: m.payment.send })).toBeTruthy();
  });
});

describe('refusals', () => {
  async function refusedWith(status: number, body: unknown) {
    await toPaymentStep();
    fireEvent.click(screen.getByLabelText(m.payment.later));
    await confirm();
    act(() => lastXhr().respond(status, body));
    return screen.findByRole('alertdialog');
  }

  it('says the phone already holds its unpaid bookings, and where to pay for them', async () => {
    const dialog = await refusedWith(409, { message: '…', code: 'UNPAID_LIMIT', scope: 'phone', limit: 2 });
    expect(dialog.textContent).toContain(
      'This phone number already has 2 bookings waiting for payment. Send their proofs from the Cancel a reservation page',
    );
    expect(screen.getByRole('link', { name: m.nav.cancelReservation }).getAttribute('href')).toBe(
      '/cancel-reservation',
    );
  });

  it('says this device already holds its unpaid bookings, and where to pay for them', async () => {
    const dialog = await refusedWith(409, { message: '…', code: 'UNPAID_LIMIT', scope: 'device', limit: 3 });
    expect(dialog.textContent).toContain('This device already has 3 bookings waiting for payment.');
    expect(screen.getByRole('link', { name: m.nav.cancelReservation })).toBeTruthy();
  });

  it('says too many bookings from the connection wait for payment, and offers another try', async () => {
    const dialog = await refusedWith(409, {
      message: '…',
      code: 'UNPAID_LIMIT',
      scope: 'address',
      limit: 10,
    });
    expect(dialog.textContent).toContain(m.payment.unpaidAddress);
    expect(screen.getByRole('button', { name: m.common.retry })).toBeTruthy();
  });

  it('says too many of the trip’s seats wait for payment, and offers another try or another trip', async () => {
    const dialog = await refusedWith(409, { message: '…', code: 'UNPAID_LIMIT', scope: 'trip', limit: 6 });
    expect(dialog.textContent).toContain(m.payment.unpaidTrip);
    expect(screen.getByRole('button', { name: m.common.retry })).toBeTruthy();
    expect(screen.getByRole('button', { name: m.trip.findAnother })).toBeTruthy();
  });

  it('says the connection sent too many attempts or images', async () => {
    const dialog = await refusedWith(429, {
      message: 'Too many payment proofs were sent from this address.',
    });
    expect(dialog.textContent).toContain(m.payment.tooMany);
  });

  it('says a trip whose bus went out of service is not available now', async () => {
    await toPaymentStep();
    fireEvent.click(screen.getByLabelText(m.payment.later));
    await confirm();
    serve(demoTrip({ trip_date: '2026-11-25', outOfService: true }));
    act(() =>
      lastXhr().respond(409, {
        message: "This trip's bus is out of service; it takes no bookings for now.",
        code: 'TRIP_UNAVAILABLE',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(m.trip.outOfService);
    expect(screen.getByRole('link', { name: m.trip.findAnother })).toBeTruthy();
  });
});

describe('a trip out of service', () => {
  it('is shown as not available for booking, like a cancelled one', async () => {
    serve(demoTrip({ outOfService: true }));
    renderAt('/trip-details/trip1', <TripDetails id="trip1" />);
    expect((await screen.findByRole('alert')).textContent).toBe(m.trip.outOfService);
    expect(screen.queryByRole('heading', { name: m.seats.title })).toBeNull();
  });
});
