// Names in both languages: Arabic pages show the Arabic names the server answers beside each city and
// company (origin_city_ar, destination_city_ar, company_name_ar), the stored name where staff gave none (a
// city they added), and the city picker finds a city by either name. No fixed table of nine cities is left.
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import { en } from '../../shared/i18n/public/en.ts';
import CreateBooking from '../../public-site/pages/CreateBooking.tsx';
import TripDetails from '../../public-site/pages/TripDetails.tsx';
import { loadMessages, type PublicMessages } from '../../public-site/lib/i18n.ts';
import { forgetCities } from '../../public-site/lib/use-cities.ts';
import type { Trip } from '../../public-site/lib/types.ts';
import { answerFetch, demoTrip, renderAt, tomorrow } from './helpers.tsx';

const cities = {
  '/api/origins/getAllOrigins': {
    body: [
      { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' },
      { _id: 'o2', origin_city: 'Madani', origin_city_ar: 'مدني' },
      // Added by staff without an Arabic name.
      { _id: 'o3', origin_city: 'Atbara', origin_city_ar: null },
    ],
  },
  '/api/destination/getAllDestinations': {
    body: [
      { _id: 'd1', destination_city: 'Khartoum', destination_city_ar: 'الخرطوم' },
      { _id: 'd2', destination_city: 'Kassala', destination_city_ar: 'كسلا' },
      { _id: 'd3', destination_city: 'Kosti', destination_city_ar: 'كوستي' },
    ],
  },
};

const arabicTrip = (overrides: Partial<Trip> = {}) =>
  demoTrip({
    trip_originId: { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' },
    trip_destinationId: { _id: 'd2', destination_city: 'Kassala', destination_city_ar: 'كسلا' },
    busId: {
      _id: 'bus1',
      bus_number: 'KH-1201',
      bus_number_of_seats: 12,
      bus_owner_companyId: {
        _id: 'c1',
        company_name: 'Nile Express',
        company_name_ar: 'النيل السريع',
        company_phone: '0912345678',
      },
    },
    ...overrides,
  });

let arabic: PublicMessages;
const inArabic = () => ({ lang: 'ar' as const, messages: arabic });
/** The options a combobox lists now. */
const options = (box: HTMLElement) =>
  [...document.getElementById(box.getAttribute('aria-controls')!)!.querySelectorAll('[role=option]')].map(
    (option) => option.textContent,
  );

beforeEach(async () => {
  localStorage.clear();
  forgetCities();
  arabic = await loadMessages('ar');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('names in both languages', () => {
  it('keeps no fixed table of city names in the message files', () => {
    expect('cities' in en).toBe(false);
    expect('cities' in ar).toBe(false);
  });

  it('lists cities by their Arabic names on Arabic pages, the stored name where there is none', async () => {
    answerFetch(cities);
    renderAt('/create-booking', <CreateBooking />, inArabic());
    const origin = await screen.findByRole('combobox', { name: ar.search.origin });
    fireEvent.click(origin);
    // In Arabic alphabetical order (Latin letters after).
    expect(options(origin)).toEqual(['الخرطوم', 'مدني', 'Atbara']);
  });

  it('finds a city by either name, whatever the page language', async () => {
    answerFetch(cities);
    renderAt('/create-booking', <CreateBooking />, inArabic());
    const destination = await screen.findByRole('combobox', { name: ar.search.destination });
    fireEvent.input(destination, { target: { value: 'kas' } });
    expect(options(destination)).toEqual(['كسلا']);
    // The spelling with ى for ي, as many keyboards type it, still finds مدني.
    const origin = screen.getByRole('combobox', { name: ar.search.origin });
    fireEvent.input(origin, { target: { value: 'مدنى' } });
    expect(options(origin)).toEqual(['مدني']);
    cleanup();

    answerFetch(cities);
    renderAt('/create-booking', <CreateBooking />);
    const english = await screen.findByRole('combobox', { name: en.search.destination });
    fireEvent.input(english, { target: { value: 'كو' } });
    expect(options(english)).toEqual(['Kosti']);
    // Typing a whole name in the other language and leaving the field chooses it.
    fireEvent.input(english, { target: { value: 'كسلا' } });
    fireEvent.blur(english);
    expect((english as HTMLInputElement).value).toBe('Kassala');
  });

  it('finds a city by the other spellings travellers type (ARABIC-TERMS.md), not حلفا الجديدة for وادي حلفا', async () => {
    answerFetch({
      '/api/origins/getAllOrigins': {
        body: [
          { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' },
          { _id: 'o2', origin_city: 'Port Sudan', origin_city_ar: 'بورتسودان' },
          { _id: 'o3', origin_city: 'Halfa', origin_city_ar: 'وادي حلفا' },
          { _id: 'o4', origin_city: 'Omdurman', origin_city_ar: 'أم درمان' },
        ],
      },
      '/api/destination/getAllDestinations': { body: cities['/api/destination/getAllDestinations'].body },
    });
    renderAt('/create-booking', <CreateBooking />, inArabic());
    const origin = await screen.findByRole('combobox', { name: ar.search.origin });
    for (const [typed, found] of [
      ['بورسودان', ['بورتسودان']],
      ['بورت سودان', ['بورتسودان']],
      ['امدرمان', ['أم درمان']],
      ['حلفا', ['وادي حلفا']],
      ['حلفا الجديدة', []],
      ['Wadi Halfa', ['وادي حلفا']],
    ] as const) {
      fireEvent.input(origin, { target: { value: typed } });
      expect(options(origin), typed).toEqual(found);
    }
    // A whole variant spelling, then leaving the field, chooses the city.
    fireEvent.input(origin, { target: { value: 'خرطوم' } });
    fireEvent.blur(origin);
    expect((origin as HTMLInputElement).value).toBe('الخرطوم');
  });

  it('shows the trip card and the trip page with the Arabic names of the cities and the company', async () => {
    answerFetch({ ...cities, '/api/trips/filterTrips': { body: [arabicTrip()] } });
    renderAt(`/create-booking?origin=o1&destination=d2&date=${tomorrow()}`, <CreateBooking />, inArabic());
    const card = await screen.findByRole('article', { name: 'من الخرطوم إلى كسلا' });
    expect(card.textContent).toContain('النيل السريع');
    expect(card.textContent).not.toContain('Nile Express');
    cleanup();

    answerFetch({ '/api/trips/getTrip/trip1': { body: arabicTrip() }, '/api/settings': { body: {} } });
    renderAt('/trip-details/trip1', <TripDetails id="trip1" />, inArabic());
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('من الخرطوم إلى كسلا');
    expect(title.parentElement!.textContent).toContain('النيل السريع');
  });

  it('falls back to the stored names when staff gave no Arabic ones', async () => {
    answerFetch({ '/api/trips/getTrip/trip1': { body: demoTrip() } });
    renderAt('/trip-details/trip1', <TripDetails id="trip1" />, inArabic());
    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toBe('من Khartoum إلى Kassala');
    expect(title.parentElement!.textContent).toContain('Nile Express');
  });
});
