// A booking's travellers, seat by seat, and their edit dialog: checked with shared/boarding.ts's rules before
// anything is sent (the problem beside its field, in English or Arabic), saved with updatePassengers, and a
// departed trip's refusal (TRIP_DEPARTED) in Arabic.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingTravellers } from '../../admin/bookings/BookingTravellers.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const booking = { id: 'bk1', ticketId: '1000000000001', seats: [5, 4], isCancelled: false };
const stored = [
  { seat: 4, fullName: 'Halima Osman', idType: 'passport', idNumber: 'P1234567' },
  { seat: 5, fullName: null, idType: null, idNumber: null },
];

function api(update: (body: any) => { status?: number; body: unknown }) {
  return apiAs('conductor', {
    'GET /api/bookings/getPassengers/bk1': () => ({ body: stored }),
    'PATCH /api/bookings/updatePassengers/bk1': (call) => update(call.body),
  });
}

async function openDialog(locale: 'en' | 'ar', fetch: typeof globalThis.fetch) {
  await renderAs(
    { resource: 'bookings', locale },
    fetch,
    <RecordContextProvider value={booking}>
      <BookingTravellers />
    </RecordContextProvider>,
  );
  const words = locale === 'ar' ? ar : en;
  fireEvent.click(await screen.findByRole('button', { name: words.rihla.travellers.edit }));
  return screen.findByRole('dialog');
}

describe('a booking’s travellers', () => {
  it('checks each seat before sending, then saves them all', async () => {
    const { fetch, calls } = api((body) => ({ body }));
    const dialog = await openDialog('en', fetch);
    const seat5 = within(dialog).getByTestId('traveller-5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(seat5).findByText(en.rihla.validation.travellers.name)).toBeTruthy();
    fireEvent.change(within(seat5).getByLabelText(en.rihla.travellers.name), {
      target: { value: 'Yousif Ali' },
    });
    fireEvent.change(within(seat5).getByLabelText(en.rihla.travellers.id_number), {
      target: { value: '1234-5678' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(seat5).findByText(en.rihla.validation.travellers.idIncomplete)).toBeTruthy();
    fireEvent.mouseDown(within(seat5).getByRole('combobox', { name: en.rihla.travellers.id_type }));
    fireEvent.click(
      within(await screen.findByRole('listbox')).getByText(en.rihla.travellers.id_types.national_card),
    );
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      passengers: [
        { seat: 4, fullName: 'Halima Osman', idType: 'passport', idNumber: 'P1234567' },
        { seat: 5, fullName: 'Yousif Ali', idType: 'national_card', idNumber: '1234-5678' },
      ],
    });
    expect(await screen.findByText(en.rihla.travellers.saved)).toBeTruthy();
  });

  it('in Arabic: the problems, and a trip that has left', async () => {
    const { fetch } = api(() => ({
      status: 409,
      body: {
        message: 'This trip has departed: its passenger list can no longer change.',
        code: 'TRIP_DEPARTED',
      },
    }));
    const dialog = await openDialog('ar', fetch);
    const seat4 = within(dialog).getByTestId('traveller-4');
    fireEvent.change(within(seat4).getByLabelText(ar.rihla.travellers.id_number), {
      target: { value: 'P1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: ar.ra.action.save }));
    expect(await within(seat4).findByText(ar.rihla.validation.travellers.idNumber)).toBeTruthy();
    fireEvent.change(within(seat4).getByLabelText(ar.rihla.travellers.id_number), {
      target: { value: 'P1234567' },
    });
    fireEvent.change(
      within(within(dialog).getByTestId('traveller-5')).getByLabelText(ar.rihla.travellers.name),
      {
        target: { value: 'يوسف علي' },
      },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: ar.ra.action.save }));
    expect(await within(dialog).findByText(ar.rihla.errors.codes.TRIP_DEPARTED)).toBeTruthy();
  });
});
