// The passenger step: continue appears only with names, a 10-digit phone (Arabic-Indic digits count),
// a seat and the payment proof (or the choice to send it later); the confirmation overlay sums it up, traps
// focus and gives it back when closed.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en as m } from '../../shared/i18n/public/en.ts';
import TripDetails from '../../public-site/pages/TripDetails.tsx';
import { answerFetch, demoTrip, renderAt } from './helpers.tsx';

const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label, { exact: false }), { target: { value } });
const continueButton = () => screen.queryByRole('button', { name: m.common.continue });

async function toPassengerStep(seats: number[]) {
  answerFetch({ '/api/trips/getTrip/trip1': { body: demoTrip() } });
  renderAt('/trip-details/trip1', <TripDetails id="trip1" />);
  await screen.findByRole('heading', { name: m.seats.title });
  for (const n of seats)
    fireEvent.click(screen.getByRole('button', { name: `Seat ${n}, ${m.seats.available}` }));
  fireEvent.click(continueButton()!);
  await screen.findByRole('heading', { name: m.passenger.title });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('passenger form', () => {
  it('shows continue only once first name, last name and a valid phone are given', async () => {
    await toPassengerStep([4]);
    expect(screen.getByText(m.passenger.mandatory)).toBeTruthy();
    expect(continueButton()).toBeNull();
    type(m.passenger.firstName, 'Amna');
    type(m.passenger.lastName, 'Osman');
    expect(continueButton()).toBeNull();
    type(m.passenger.phone, '09123');
    expect(screen.getByText(m.passenger.phoneHint)).toBeTruthy();
    expect(continueButton()).toBeNull();
    type(m.passenger.phone, '٠٩١٢٣٤٥٦٧٨'); // Arabic-Indic digits
    expect(screen.queryByText(m.passenger.phoneHint)).toBeNull();
    // Paying now wants the proof; sending it later needs nothing more.
    expect(continueButton()).toBeNull();
    expect(screen.getByText(m.payment.needProof)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(m.payment.later));
    expect(continueButton()).not.toBeNull();
    type(m.passenger.firstName, '   ');
    expect(continueButton()).toBeNull();
  });

  it('accepts no e-mail, but not a malformed one', async () => {
    await toPassengerStep([4]);
    type(m.passenger.firstName, 'Amna');
    type(m.passenger.lastName, 'Osman');
    type(m.passenger.phone, '0912345678');
    fireEvent.click(screen.getByLabelText(m.payment.later));
    type(m.passenger.email, 'amna@');
    expect(screen.getByText(m.passenger.emailHint)).toBeTruthy();
    expect(continueButton()).toBeNull();
    type(m.passenger.email, 'amna@example.com');
    expect(continueButton()).not.toBeNull();
  });

  it('keeps the typed details when going back to the seats, and sums up the booking in a dialog', async () => {
    await toPassengerStep([4, 9]);
    type(m.passenger.firstName, 'Amna');
    type(m.passenger.lastName, 'Osman');
    type(m.passenger.phone, '0912 345 678');
    fireEvent.click(screen.getByLabelText(m.payment.later));
    fireEvent.click(screen.getByRole('button', { name: m.common.back }));
    await screen.findByRole('heading', { name: m.seats.title });
    fireEvent.click(continueButton()!);
    expect((screen.getByLabelText(m.passenger.firstName) as HTMLInputElement).value).toBe('Amna');
    expect((screen.getByLabelText(m.payment.later) as HTMLInputElement).checked).toBe(true);

    const opener = continueButton()!;
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: m.confirm.title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const text = dialog.textContent!;
    for (const part of [
      'Nile Express',
      'KH-1201',
      '4, 9',
      '60,000 SDG',
      '30,000 SDG',
      '0912345678',
      m.confirm.noProof,
    ]) {
      expect(text).toContain(part);
    }
    // Focus is inside; Tab from the last control wraps to the first; Escape closes and focus returns.
    expect(dialog.contains(document.activeElement)).toBe(true);
    const buttons = dialog.querySelectorAll('button');
    buttons[buttons.length - 1].focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
