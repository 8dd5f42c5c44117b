// Cancel a reservation: hints for the ticket id and the phone, submit disabled until both are valid,
// the results overlay, the confirmation question, the success message and the cleared list.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import CancelReservation from '../../public-site/pages/CancelReservation.tsx';
import { answerFetch, bookingMatch, renderAt } from './helpers.tsx';

const TICKET = '1234567890123';
const booking = bookingMatch();

const submit = () => screen.getByRole('button', { name: m.cancel.submit }) as HTMLButtonElement;
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cancel reservation form', () => {
  it('shows the hints and keeps submit disabled until both fields are valid', () => {
    answerFetch({});
    renderAt('/cancel-reservation', <CancelReservation />);
    expect(screen.getByText(m.cancel.bothRequired)).toBeTruthy();
    expect(submit().disabled).toBe(true);

    type(m.cancel.ticketId, '12345');
    expect(screen.getByText(m.cancel.ticketHint)).toBeTruthy();
    type(m.cancel.phone, '0912');
    expect(screen.getByText(m.cancel.phoneHint)).toBeTruthy();
    expect(submit().disabled).toBe(true);

    type(m.cancel.ticketId, TICKET);
    expect(screen.queryByText(m.cancel.ticketHint)).toBeNull();
    expect(submit().disabled).toBe(true);
    type(m.cancel.phone, '٠٩١٢٣٤٥٦٧٨');
    expect(screen.queryByText(m.cancel.phoneHint)).toBeNull();
    expect(screen.queryByText(m.cancel.bothRequired)).toBeNull();
    expect(submit().disabled).toBe(false);
  });

  it('a ticket message’s link fills the ticket id in (the phone is still asked); a bad one fills nothing', () => {
    answerFetch({});
    renderAt(`/cancel-reservation?ticketId=${TICKET}`, <CancelReservation />);
    expect((screen.getByLabelText(m.cancel.ticketId) as HTMLInputElement).value).toBe(TICKET);
    expect(submit().disabled).toBe(true);
    cleanup();
    renderAt('/cancel-reservation?ticketId=12%3Cb%3E', <CancelReservation />);
    expect((screen.getByLabelText(m.cancel.ticketId) as HTMLInputElement).value).toBe('');
  });

  it('says when no booking matches, and when the lookup fails', async () => {
    let status = 200;
    answerFetch({ '/api/bookings/filterBookings': () => ({ status, body: [] }) });
    renderAt('/cancel-reservation', <CancelReservation />);
    type(m.cancel.ticketId, TICKET);
    type(m.cancel.phone, '0912345678');
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(m.cancel.notFound);
    status = 500;
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(m.cancel.failed));
  });

  it('turns the reminder and trip messages off and on, saved with the ticket id and phone', async () => {
    let fail = false;
    const calls = answerFetch({
      '/api/bookings/filterBookings': { body: [booking] },
      '/api/messages/preferences': (_url, init) =>
        fail
          ? { status: 500, body: { message: 'down' } }
          : { body: { messagesOptOut: JSON.parse(String(init?.body)).optOut } },
    });
    renderAt('/cancel-reservation', <CancelReservation />);
    type(m.cancel.ticketId, TICKET);
    type(m.cancel.phone, '0912345678');
    fireEvent.click(submit());
    const box = (await screen.findByLabelText(m.cancel.smsOptIn)) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    await screen.findByText(m.cancel.smsSaved);
    const sent = calls.find((call) => call.url.pathname === '/api/messages/preferences')!;
    expect(sent.init?.method).toBe('PATCH');
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      ticketId: TICKET,
      phone: '0912345678',
      optOut: true,
    });
    expect(box.checked).toBe(false);
    // A failure says so and puts the box back as it was.
    fail = true;
    fireEvent.click(box);
    await screen.findByText(m.cancel.smsFailed);
    expect(box.checked).toBe(false);
  });

  it('asks for confirmation, cancels with the ticket id and phone, then clears the list', async () => {
    const calls = answerFetch({
      '/api/bookings/filterBookings': { body: [booking] },
      '/api/bookings/cancelBooking/b1': { body: { ...booking, isCancelled: true } },
      '/api/bookings/cancellationQuote': {
        body: {
          bookingId: 'b1',
          ticketId: TICKET,
          paid: 60000,
          refund: 54000,
          keptPercent: 10,
          minutesBefore: 2 * 1440 + 30,
          departed: false,
          rules: DEFAULT_REFUND_RULES,
        },
      },
    });
    renderAt('/cancel-reservation', <CancelReservation />);
    type(m.cancel.ticketId, TICKET);
    type(m.cancel.phone, '0912345678');
    fireEvent.click(submit());

    const dialog = await screen.findByRole('dialog', { name: m.cancel.resultsTitle });
    const text = dialog.textContent!;
    for (const part of [
      'Amna Osman',
      '0912345678',
      '4, 9',
      '60,000 SDG',
      TICKET,
      m.cancel.active,
      'Khartoum to Kassala',
    ]) {
      expect(text).toContain(part);
    }
    fireEvent.click(screen.getByRole('button', { name: m.cancel.cancelButton }));
    expect(screen.getByText(m.cancel.confirmQuestion)).toBeTruthy();
    // What comes back, as the server quotes it, before the traveller confirms.
    await screen.findByText('You will get back 54,000 SDG of 60,000 SDG (10% kept; departure in 2 days).');
    expect(document.activeElement?.textContent).toBe(m.cancel.confirmNo);
    fireEvent.click(screen.getByRole('button', { name: m.cancel.confirmYes }));

    await screen.findByText(`Booking ${TICKET} has been successfully canceled.`);
    expect(screen.queryByRole('dialog')).toBeNull();
    const cancel = calls.find((call) => call.url.pathname === '/api/bookings/cancelBooking/b1')!;
    expect(cancel.init?.method).toBe('PATCH');
    expect(JSON.parse(String(cancel.init?.body))).toEqual({ ticketId: TICKET, phone: '0912345678' });
  });

  it("shows 'Something went wrong. Please try again.' when cancelling fails", async () => {
    answerFetch({
      '/api/bookings/filterBookings': { body: [booking] },
      '/api/bookings/cancelBooking/b1': { status: 500, body: { message: 'boom' } },
    });
    renderAt('/cancel-reservation', <CancelReservation />);
    type(m.cancel.ticketId, TICKET);
    type(m.cancel.phone, '0912345678');
    fireEvent.click(submit());
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: m.cancel.cancelButton }));
    fireEvent.click(screen.getByRole('button', { name: m.cancel.confirmYes }));
    expect((await screen.findByRole('alert')).textContent).toBe(m.cancel.cancelFailed);
  });

  it('a trip the bus company cancelled meanwhile: says so and looks the booking up again for its choices', async () => {
    const calls = answerFetch({
      '/api/bookings/filterBookings': { body: [booking] },
      '/api/bookings/cancelBooking/b1': {
        status: 409,
        body: { message: 'The operator cancelled this trip.', code: 'TRIP_UNAVAILABLE' },
      },
    });
    renderAt('/cancel-reservation', <CancelReservation />);
    type(m.cancel.ticketId, TICKET);
    type(m.cancel.phone, '0912345678');
    fireEvent.click(submit());
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: m.cancel.cancelButton }));
    fireEvent.click(screen.getByRole('button', { name: m.cancel.confirmYes }));
    await screen.findByText(m.cancel.seatsRefused.tripUnavailable);
    expect(screen.queryByText(m.cancel.cannotCancel)).toBeNull();
    await waitFor(() =>
      expect(calls.filter((call) => call.url.pathname === '/api/bookings/filterBookings')).toHaveLength(2),
    );
  });
});
