// The find-and-book page and the home page's search: origin, destination and date all required ('All fields
// are required.'), the city filter, results hiding the form and the banner, restating the route and the day
// searched and giving each trip's seats left, the dismissible no-trips message, and 'Failed to get trip.
// Please try again.' when the search fails.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDay } from '../../shared/i18n/format.ts';
import { en as m } from '../../shared/i18n/public/en.ts';
import CreateBooking from '../../public-site/pages/CreateBooking.tsx';
import Home from '../../public-site/pages/Home.tsx';
import { lastSearchUrl } from '../../public-site/lib/last-search.ts';
import { answerFetch, demoTrip, renderAt, tomorrow } from './helpers.tsx';

const cities = {
  '/api/origins/getAllOrigins': {
    body: [
      { _id: 'o1', origin_city: 'Khartoum' },
      { _id: 'o2', origin_city: 'Kassala' },
    ],
  },
  '/api/destination/getAllDestinations': {
    body: [
      { _id: 'd1', destination_city: 'Khartoum' },
      { _id: 'd2', destination_city: 'Kassala' },
    ],
  },
};

async function chooseCity(label: string, typed: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  fireEvent.input(box, { target: { value: typed } });
  fireEvent.click(screen.getByRole('option', { name: option }));
}

async function fillSearch() {
  await screen.findByRole('combobox', { name: m.search.origin });
  await chooseCity(m.search.origin, 'khar', 'Khartoum');
  await chooseCity(m.search.destination, 'kas', 'Kassala');
  fireEvent.input(screen.getByLabelText(m.search.date), { target: { value: tomorrow() } });
  fireEvent.click(screen.getByRole('button', { name: m.search.submit }));
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('find and book', () => {
  it("says 'All fields are required.' and does not search when a field is missing", async () => {
    const calls = answerFetch(cities);
    renderAt('/create-booking', <CreateBooking />);
    await screen.findByRole('combobox', { name: m.search.origin });
    fireEvent.click(screen.getByRole('button', { name: m.search.submit }));
    expect(screen.getByRole('alert').textContent).toBe(m.search.allRequired);

    await chooseCity(m.search.origin, 'Khartoum', 'Khartoum');
    fireEvent.click(screen.getByRole('button', { name: m.search.submit }));
    expect(screen.getByRole('alert').textContent).toBe(m.search.allRequired);
    expect(calls.some((call) => call.url.pathname.includes('filterTrips'))).toBe(false);
  });

  it("filters the city list and shows 'No cities found.' when nothing matches", async () => {
    answerFetch(cities);
    renderAt('/create-booking', <CreateBooking />);
    const origin = await screen.findByRole('combobox', { name: m.search.origin });
    fireEvent.input(origin, { target: { value: 'kas' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kassala']);
    fireEvent.input(origin, { target: { value: 'Paris' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(m.search.noCities)).toBeTruthy();
    // Cities are listed alphabetically; arrow keys and Enter choose from the list too.
    fireEvent.input(origin, { target: { value: 'k' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kassala', 'Khartoum']);
    fireEvent.keyDown(origin, { key: 'ArrowDown' });
    fireEvent.keyDown(origin, { key: 'Enter' });
    expect((origin as HTMLInputElement).value).toBe('Khartoum');
  });

  it('searches with the chosen ids, hides the form and shows result cards', async () => {
    const calls = answerFetch({ ...cities, '/api/trips/filterTrips': { body: [demoTrip()] } });
    renderAt('/create-booking', <CreateBooking />);
    await fillSearch();
    await screen.findByRole('heading', { name: m.search.resultsTitle });

    const search = calls.find((call) => call.url.pathname.endsWith('filterTrips'))!.url.searchParams;
    expect(Object.fromEntries(search)).toEqual({ origin: 'o1', destination: 'd2', date: tomorrow() });
    expect(screen.queryByRole('combobox')).toBeNull();
    const card = screen.getByRole('article', { name: 'Khartoum to Kassala' });
    expect(card.textContent).toContain('Nile Express');
    expect(card.textContent).toContain('30,000 SDG');
    expect(card.textContent).toContain('9:00 am');
    expect(screen.getByRole('link', { name: m.trip.reserveSeat }).getAttribute('href')).toBe(
      '/trip-details/trip1',
    );
    // The search is kept in the address, so coming back shows the same results.
    expect(location.search).toContain('origin=o1');

    fireEvent.click(screen.getByRole('button', { name: m.search.newSearch }));
    expect(screen.getByRole('combobox', { name: m.search.origin })).toBeTruthy();
  });

  it('shows the dismissible no-trips message, and the failure message', async () => {
    let fail = false;
    answerFetch({
      ...cities,
      '/api/trips/filterTrips': () => (fail ? { status: 500, body: {} } : { body: [] }),
    });
    renderAt('/create-booking', <CreateBooking />);
    await fillSearch();
    const message = await screen.findByText(m.search.noTripsText);
    expect(screen.getByRole('combobox', { name: m.search.origin })).toBeTruthy(); // form still there
    const notice = message.closest('.notice') as HTMLElement;
    fireEvent.click(notice.querySelector('button')!);
    expect(screen.queryByText(m.search.noTripsText)).toBeNull();

    fail = true;
    fireEvent.click(screen.getByRole('button', { name: m.search.submit }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(m.search.failed));
  });

  it('restates the route and the day searched, gives the seats left, and drops the banner', async () => {
    const full = demoTrip({
      _id: 'trip2',
      trip_boarding_time: '7:00 pm',
      bookedSeats: [...Array(12).keys()].map((i) => i + 1),
    });
    const few = demoTrip({ bookedSeats: [1, 2, 3, 4, 5, 6, 7, 8] });
    answerFetch({ ...cities, '/api/trips/filterTrips': { body: [few, full] } });
    renderAt('/create-booking', <CreateBooking />);
    expect(screen.getByRole('heading', { name: m.search.bannerTitle })).toBeTruthy();
    await fillSearch();
    const results = await screen.findByRole('region', { name: m.search.resultsTitle });
    expect(screen.queryByRole('heading', { name: m.search.bannerTitle })).toBeNull();
    const restated = results.querySelector('.results-route')!.textContent;
    expect(restated).toContain('Khartoum to Kassala');
    expect(restated).toContain(formatDay(tomorrow(), 'en'));
    // The results take focus: on a phone they may start below the fold.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: m.search.resultsTitle })),
    );

    const [first, second] = screen.getAllByRole('article');
    expect(first.textContent).toContain(`${m.trip.seatsLeft}4`);
    expect(second.textContent).toContain(`${m.trip.seatsLeft}${m.trip.full}`);
    // A full trip offers no seat to reserve.
    expect(screen.getAllByRole('link', { name: m.trip.reserveSeat })).toHaveLength(1);
  });
});

describe('the search on the home page', () => {
  it('searches from the hero, keeps the hero, its two buttons and the offers, and shows results there', async () => {
    const calls = answerFetch({ ...cities, '/api/trips/filterTrips': { body: [demoTrip()] } });
    renderAt('/', <Home />);
    expect(screen.getByRole('heading', { level: 1, name: m.home.heroTitle })).toBeTruthy();
    expect(screen.getByRole('link', { name: m.home.bookTickets }).getAttribute('href')).toBe(
      '/create-booking',
    );
    expect(screen.getByRole('link', { name: m.home.cancelReservation })).toBeTruthy();
    const form = await screen.findByRole('form', { name: m.search.formLabel });
    expect(form.closest('.hero')).toBeTruthy();

    await fillSearch();
    await screen.findByRole('heading', { name: m.search.resultsTitle });
    expect(calls.some((call) => call.url.pathname.endsWith('filterTrips'))).toBe(true);
    expect(screen.getByRole('article', { name: 'Khartoum to Kassala' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').filter((item) => item.classList.contains('offer'))).toHaveLength(
      4,
    );
    // Kept in the address, so "Back" on the trip returns to these results on the home page.
    expect(location.pathname).toBe('/');
    expect(location.search).toContain('destination=d2');
    expect(lastSearchUrl()).toBe(`/${location.search}`);
  });
});
