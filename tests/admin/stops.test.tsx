// Routes with stops in the back-office (issue 23): "add to both lists" on the create-origin form creates the
// twin destination with the same names (two calls of the existing create routes), and the stops input offers
// only towns found in both lists, with the clock time at each stop.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedCreate } from '../../admin/generated/GeneratedCreate.tsx';
import { generatedEdit } from '../../admin/generated/GeneratedEdit.tsx';
import { origins, trips } from '../../shared/registry/index.ts';
import { fakeFetch, signedIn } from './helpers/fakeFetch.ts';
import { renderAdmin } from './helpers/renderAdmin.tsx';

const list = (body: unknown[]) => () => ({ body, headers: { 'X-Total-Count': String(body.length) } });
const cities = {
  origins: [
    { _id: 'o-krt', origin_city: 'Khartoum' },
    { _id: 'o-mad', origin_city: 'Madani', origin_city_ar: 'ود مدني' },
    { _id: 'o-only', origin_city: 'Atbara' },
  ],
  destinations: [
    { _id: 'd-pzu', destination_city: 'Port Sudan' },
    { _id: 'd-mad', destination_city: 'madani' },
  ],
};

afterEach(cleanup);

describe('add to both lists', () => {
  it('creates the twin destination with the same English and Arabic names when ticked', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/auth/login': () => signedIn('token-1'),
      'POST /api/origins/createOrigin': (call) => ({
        status: 201,
        body: { _id: 'o9', ...(call.body as object) },
      }),
      'POST /api/destination/createDestination': (call) => ({
        status: 201,
        body: { _id: 'd9', ...(call.body as object) },
      }),
      'GET /api/origins/getAllOrigins': list(cities.origins),
    });
    const OriginCreate = generatedCreate(origins);
    await renderAdmin({ resource: 'origins', path: '/origins/create' }, fetch, <OriginCreate />);
    fireEvent.change(await screen.findByLabelText(/^Origin city$/), { target: { value: 'Gedaref' } });
    fireEvent.change(screen.getByLabelText(/Origin city in Arabic/), { target: { value: 'القضارف' } });
    fireEvent.click(screen.getByLabelText(/Add to both lists/));
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('createDestination'))).toBe(true));
    const origin = calls.find((c) => c.url.includes('createOrigin'))!;
    expect(origin.body).toEqual({ origin_city: 'Gedaref', origin_city_ar: 'القضارف' });
    const twin = calls.find((c) => c.url.includes('createDestination'))!;
    expect(twin.body).toEqual({ destination_city: 'Gedaref', destination_city_ar: 'القضارف' });
  });

  it('creates nothing more when not ticked', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/auth/login': () => signedIn('token-1'),
      'POST /api/origins/createOrigin': (call) => ({
        status: 201,
        body: { _id: 'o9', ...(call.body as object) },
      }),
      'GET /api/origins/getAllOrigins': list(cities.origins),
    });
    const OriginCreate = generatedCreate(origins);
    await renderAdmin({ resource: 'origins', path: '/origins/create' }, fetch, <OriginCreate />);
    fireEvent.change(await screen.findByLabelText(/^Origin city$/), { target: { value: 'Sennar' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('createOrigin'))).toBe(true));
    expect(calls.some((c) => c.url.includes('createDestination'))).toBe(false);
  });
});

describe('the stops input', () => {
  it('offers the towns of both lists and tells the clock at each stop', async () => {
    const trip = {
      _id: 't1',
      busId: 'b1',
      trip_originId: 'o-krt',
      trip_destinationId: 'd-pzu',
      trip_date: '2026-12-01',
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: 'p1',
      trip_stops: [{ originId: 'o-mad', destinationId: 'd-mad', minutes: 150 }],
      trip_fares: [{ from: 0, to: 1, price: 15000 }],
      bookedSeats: [],
      isCancelled: false,
    };
    const { fetch } = fakeFetch({
      'POST /api/auth/login': () => signedIn('token-1'),
      'GET /api/trips/getTrip/t1': () => ({ body: trip }),
      'GET /api/origins/getAllOrigins': list(cities.origins),
      'GET /api/destination/getAllDestinations': list(cities.destinations),
      'GET /api/buses/getAllBuses': list([]),
      'GET /api/prices/getAllPrices': list([]),
    });
    const TripEdit = generatedEdit(trips);
    await renderAdmin({ resource: 'trips', path: '/trips/t1', route: '/trips/:id' }, fetch, <TripEdit />);
    const stops = await screen.findByTestId('stops-input');
    await within(stops).findByText('at 11:30 am');
    fireEvent.mouseDown(within(stops).getByRole('combobox'));
    const towns = within(await screen.findByRole('listbox'));
    expect(towns.getByText('Madani')).toBeTruthy();
    // Khartoum and Atbara are origins only; Port Sudan is a destination only.
    expect(towns.queryByText('Atbara')).toBeNull();
    expect(towns.queryByText('Port Sudan')).toBeNull();
    const fares = screen.getByTestId('fares-input');
    expect((within(fares).getByLabelText('Khartoum → Madani') as HTMLInputElement).value).toBe('15000');
    expect(within(fares).getByLabelText('Madani → Port Sudan')).toBeTruthy();
  });
});
