// The Disruptions screen and the trip cancel dialog's reason: the trips ticked in the list (?tripIds=) are
// previewed as a dry run with the reason in both languages, Confirm only after a preview, and any change asks
// for a new one; a trip cancelled from its row sends the reason given, or none.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DisruptionsPage } from '../../admin/disruptions/DisruptionsPage.tsx';
import { TripList } from '../../admin/trips/TripList.tsx';
import { ar } from '../../shared/i18n/admin/ar.ts';
import { en } from '../../shared/i18n/admin/en.ts';
import { resources } from '../../shared/registry/index.ts';
import { tripDoc } from './helpers/docs.ts';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

/** Every list the screens' filters and references ask for answers empty, beside the screen's own calls. */
const emptyLists = Object.fromEntries(
  resources
    .filter((def) => def.api.list)
    .map((def) => [
      `GET ${def.api.base}/${def.api.list}`,
      () => ({ body: [], headers: { 'X-Total-Count': '0' } }),
    ]),
);
const d = en.rihla.disruptions;

const answer = (dryRun: boolean) => ({
  dryRun,
  action: 'cancel',
  trips: [
    {
      tripId: 't1',
      trip_date: '2026-12-02',
      trip_boarding_time: '9:00 am',
      bookings: 2,
      waiting: 1,
      released: 1,
      passengers: 3,
      phones: 2,
      paid: 45000,
      undecided: 0,
    },
    {
      tripId: 't2',
      trip_date: '2026-12-03',
      trip_boarding_time: '9:00 am',
      bookings: 0,
      waiting: 0,
      released: 0,
      passengers: 0,
      phones: 0,
      paid: 0,
      undecided: 0,
      refused: 'ALREADY_CANCELLED',
    },
  ],
  totals: {
    trips: 1,
    refused: 1,
    bookings: 2,
    waiting: 1,
    released: 1,
    passengers: 3,
    phones: 2,
    paid: 45000,
    undecided: 0,
  },
});

describe('the Disruptions screen', () => {
  it('previews the ticked trips with the reason, then confirms; a change asks for a new preview', async () => {
    const api = apiAs('manager', {
      ...emptyLists,
      'POST /api/trips/disrupt': (call) => ({ body: answer((call.body as { dryRun: boolean }).dryRun) }),
    });
    await renderAs(
      { path: '/disruptions?tripIds=t1,t2', route: '/disruptions' },
      api.fetch,
      <DisruptionsPage />,
    );
    await screen.findByText('2 trips ticked in the trips list');
    const preview = screen.getByRole('button', { name: d.preview });
    expect(preview).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText(new RegExp(d.reason_en)), { target: { value: 'Road closed' } });
    fireEvent.change(screen.getByLabelText(new RegExp(d.reason_ar)), { target: { value: 'الطريق مغلق' } });
    expect(screen.getByRole('button', { name: /Cancel 0 trips now/ })).toHaveProperty('disabled', true);
    fireEvent.click(preview);

    await screen.findByText(d.preview_title);
    expect(screen.getByTestId('total-waiting').textContent).toBe('1');
    expect(screen.getByTestId('total-paid').textContent).toBe('45,000 SDG');
    expect(screen.getByText(d.refused.ALREADY_CANCELLED)).toBeTruthy();
    const sent = api.calls.find((call) => call.path === '/api/trips/disrupt')!;
    expect(sent.body).toEqual({
      tripIds: ['t1', 't2'],
      action: 'cancel',
      reason_en: 'Road closed',
      reason_ar: 'الطريق مغلق',
      dryRun: true,
    });

    // Changing the reason puts the preview away: Confirm waits for a new one.
    fireEvent.change(screen.getByLabelText(new RegExp(d.reason_en)), {
      target: { value: 'Road closed by floods' },
    });
    expect(screen.queryByText(d.preview_title)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: d.preview }));
    const confirm = await screen.findByRole('button', { name: 'Cancel 1 trip now' });
    fireEvent.click(confirm);
    await screen.findByRole('heading', { name: d.result_title });
    const calls = api.calls.filter((call) => call.path === '/api/trips/disrupt');
    expect(calls.map((call) => (call.body as { dryRun: boolean }).dryRun)).toEqual([true, true, false]);
    expect((calls[2]!.body as { reason_en: string }).reason_en).toBe('Road closed by floods');
  });
});

describe('a disruption refused', () => {
  it('says in Arabic how many trips the dates name and the most one call touches', async () => {
    const api = apiAs('manager', {
      ...emptyLists,
      'POST /api/trips/disrupt': () => ({
        status: 400,
        body: {
          message: 'These dates name 512 trips: one disruption touches at most 400. Choose fewer dates.',
          code: 'TOO_MANY_TRIPS',
          limit: 400,
          trips: 512,
        },
      }),
    });
    await renderAs(
      { path: '/disruptions?tripIds=t1,t2', route: '/disruptions', locale: 'ar' },
      api.fetch,
      <DisruptionsPage />,
    );
    fireEvent.change(screen.getByLabelText(new RegExp(ar.rihla.disruptions.reason_en)), {
      target: { value: 'Road closed' },
    });
    fireEvent.change(screen.getByLabelText(new RegExp(ar.rihla.disruptions.reason_ar)), {
      target: { value: 'الطريق مغلق' },
    });
    fireEvent.click(screen.getByRole('button', { name: ar.rihla.disruptions.preview }));
    const said = ar.rihla.errors.codes.TOO_MANY_TRIPS.replace('%{trips}', '512').replace('%{limit}', '400');
    expect(await screen.findByText(said)).toBeTruthy();
  });
});

describe('the trip cancel dialog', () => {
  const list = () => ({ body: [tripDoc('t1')], headers: { 'X-Total-Count': '1' } });
  const open = async (answers: Record<string, () => { body: unknown }> = {}) => {
    const api = apiAs('manager', {
      ...emptyLists,
      'GET /api/trips/getAllTrips': list,
      'PATCH /api/trips/cancelTrip/t1': () => ({ body: { ...tripDoc('t1'), isCancelled: true } }),
      ...answers,
    });
    await renderAs({ resource: 'trips', path: '/trips' }, api.fetch, <TripList />);
    const row = (await screen.findByText('KH-1201', {}, { timeout: 5000 })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: en.rihla.ui.actions.cancel_trip }));
    return api;
  };

  it('sends the reason in both languages, and refuses only one of them', async () => {
    const api = await open();
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(d.reason_en), { target: { value: 'Road closed' } });
    expect(within(dialog).getByText(d.cancel_reason_both)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en.rihla.ui.cancel.trip_yes }));
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(d.reason_ar), { target: { value: 'الطريق مغلق' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en.rihla.ui.cancel.trip_yes }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      isCancelled: true,
      reason_en: 'Road closed',
      reason_ar: 'الطريق مغلق',
    });
  });
});
