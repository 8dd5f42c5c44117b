// Names in both languages: Arabic screens show a city's or a company's Arabic name where it has one, the
// English one otherwise; English screens the English one. One helper, used by the labels of trips, buses and
// reference cells (lists, selects, a booking's trip, a trip's page).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BusLabel } from '../../admin/buses/BusLabel.tsx';
import { RecordLabel } from '../../admin/generated/RecordLabel.tsx';
import { localName } from '../../admin/i18n/localName.tsx';
import { TripLabel } from '../../admin/trips/TripLabel.tsx';
import { tripWords } from '../../admin/payments/tripWords.ts';
import { RecordContextProvider } from 'react-admin';
import { apiAs, renderAs } from './helpers/renderAs.tsx';

afterEach(cleanup);

const khartoum = { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' };
const kassala = { _id: 'd1', destination_city: 'Kassala', destination_city_ar: '  ' };
const nile = { _id: 'c1', company_name: 'Nile Express', company_name_ar: 'النيل السريع' };

describe('localName', () => {
  it('gives the Arabic twin on Arabic screens, the English name otherwise', () => {
    expect(localName(khartoum, 'origin_city', 'ar')).toBe('الخرطوم');
    expect(localName(khartoum, 'origin_city', 'en')).toBe('Khartoum');
    expect(localName(kassala, 'destination_city', 'ar')).toBe('Kassala'); // blank twin
    expect(localName({ company_name: 'Sahara Lines', company_name_ar: null }, 'company_name', 'ar')).toBe(
      'Sahara Lines',
    );
    expect(localName(undefined, 'company_name', 'ar')).toBe('');
  });
});

/** Seeds react-admin's cache the way list answers do (populated references). */
function api() {
  return apiAs('manager', {
    'GET /api/origins/getAllOrigins': () => ({ body: [khartoum], headers: { 'X-Total-Count': '1' } }),
    'GET /api/destination/getAllDestinations': () => ({ body: [kassala], headers: { 'X-Total-Count': '1' } }),
    'GET /api/companies/getAllCompanies': () => ({ body: [nile], headers: { 'X-Total-Count': '1' } }),
  });
}

const trip = {
  id: 't1',
  trip_originId: 'o1',
  trip_destinationId: 'd1',
  trip_date: '2026-12-01',
  trip_boarding_time: '9:00 am',
};

describe('labels in Arabic', () => {
  it('names a trip’s route with the Arabic city where there is one', async () => {
    await renderAs(
      { locale: 'ar' },
      api().fetch,
      <RecordContextProvider value={trip}>
        <TripLabel />
      </RecordContextProvider>,
    );
    expect(await screen.findByText(/الخرطوم.*Kassala/)).toBeTruthy();
  });

  it('names a bus’s company and a city cell in Arabic, and in English on English screens', async () => {
    await renderAs(
      { locale: 'ar' },
      api().fetch,
      <>
        <RecordContextProvider value={{ id: 'b1', bus_number: 'KH-1', bus_owner_companyId: 'c1' }}>
          <BusLabel />
        </RecordContextProvider>
        <RecordContextProvider value={{ id: 'o1', ...khartoum }}>
          <RecordLabel resource="origins" />
        </RecordContextProvider>
      </>,
    );
    expect(await screen.findByText('KH-1 · النيل السريع')).toBeTruthy();
    expect(screen.getByText('الخرطوم')).toBeTruthy();
    cleanup();
    await renderAs(
      { locale: 'en' },
      api().fetch,
      <RecordContextProvider value={{ id: 'o1', ...khartoum }}>
        <RecordLabel resource="origins" />
      </RecordContextProvider>,
    );
    expect(await screen.findByText('Khartoum')).toBeTruthy();
  });
});

describe('a booking’s trip on the payments desk', () => {
  // Found on the Arabic payment review: its route and company were always the English names.
  const populated = {
    trip_originId: khartoum,
    trip_destinationId: { _id: 'd2', destination_city: 'Port Sudan', destination_city_ar: 'بورتسودان' },
    trip_date: '2026-12-01',
    trip_boarding_time: '9:00 am',
    busId: { _id: 'b1', bus_number: 'KH-1', bus_owner_companyId: nile },
  } as unknown as Parameters<typeof tripWords>[0];
  const translate = (key: string, options?: Record<string, string>) =>
    key === 'rihla.trips.route' ? `${options!.origin} → ${options!.destination}` : key;

  it('names its cities and company in Arabic on Arabic screens, in English on English ones', () => {
    expect(tripWords(populated, translate, 'ar')).toMatchObject({
      route: 'الخرطوم → بورتسودان',
      company: 'النيل السريع',
    });
    expect(tripWords(populated, translate, 'en')).toMatchObject({
      route: 'Khartoum → Port Sudan',
      company: 'Nile Express',
    });
  });
});
