// The home page says what is on sale from the trips (GET /api/trips/onSale), not from a fixed list of cities:
// an empty install says plainly that nothing is and points to the contact page; a populated one names its
// cities, in English and in Arabic, from one small request.
import { cleanup, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ar } from '../../shared/i18n/public/ar.ts';
import Home from '../../public-site/pages/Home.tsx';
import { linkedCities } from '../../public-site/lib/linked-cities.ts';
import { forgetCities } from '../../public-site/lib/use-cities.ts';
import { forgetRoutesOnSale } from '../../public-site/lib/use-routes-on-sale.ts';
import type { RouteOnSale } from '../../public-site/lib/types.ts';
import { answerFetch, renderAt } from './helpers.tsx';

const route = (origin: string, destination: string, arabic: Record<string, string> = {}): RouteOnSale => ({
  origin,
  origin_ar: arabic[origin] ?? null,
  destination,
  destination_ar: arabic[destination] ?? null,
});

const ARABIC = { Khartoum: 'الخرطوم', 'Port Sudan': 'بورتسودان', Kassala: 'كسلا', Madani: 'مدني' };
// Khartoum to three cities and back, and a line between Kassala and Port Sudan one way.
const NETWORK = [
  route('Khartoum', 'Port Sudan', ARABIC),
  route('Port Sudan', 'Khartoum', ARABIC),
  route('Khartoum', 'Kassala', ARABIC),
  route('Kassala', 'Khartoum', ARABIC),
  route('Madani', 'Khartoum', ARABIC),
  route('Kassala', 'Port Sudan', ARABIC),
];

function serve(routes: RouteOnSale[]) {
  return answerFetch({
    '/api/trips/onSale': { body: routes },
    '/api/origins/getAllOrigins': { body: [] },
    '/api/destination/getAllDestinations': { body: [] },
  });
}

beforeEach(() => {
  forgetCities();
  forgetRoutesOnSale();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('what the home page says is on sale', () => {
  it('an empty install advertises no city: it says nothing is on sale and links to the contact page', async () => {
    const calls = serve([]);
    renderAt('/', <Home />);
    await screen.findByText('No trips are on sale at the moment.', { exact: false });
    expect(screen.getByRole('link', { name: 'Contact us to ask about trips' }).getAttribute('href')).toBe(
      '/contact-us',
    );
    expect(document.body.textContent).not.toMatch(/Port Sudan|Kassala|Khartoum/);
    expect(calls.filter((call) => call.url.pathname === '/api/trips/onSale')).toHaveLength(1);
  });

  it('in Arabic too', async () => {
    serve([]);
    renderAt('/', <Home />, { lang: 'ar', messages: ar });
    await screen.findByText('لا توجد رحلات متاحة للحجز حاليًا.', { exact: false });
    expect(screen.getByRole('link', { name: 'اتصل بنا لتسأل عن الرحلات' })).toBeTruthy();
  });

  it('a populated install names the cities its trips link, hub first', async () => {
    serve(NETWORK);
    renderAt('/', <Home />);
    expect(
      await screen.findByText(
        'Buses link Khartoum with Kassala, Madani and Port Sudan. Buses link Kassala with Port Sudan.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contact us to ask about trips' })).toBeNull();
  });

  it('in Arabic with the Arabic names, and a city without one by its own name', async () => {
    serve([...NETWORK, route('Khartoum', 'Atbara', ARABIC)]);
    renderAt('/', <Home />, { lang: 'ar', messages: ar });
    expect(
      await screen.findByText(
        'بصاتنا تربط بين الخرطوم وكلٍّ من بورتسودان وكسلا ومدني وAtbara. بصاتنا تربط بين بورتسودان وكسلا.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of what is on sale when it cannot be fetched (no made-up cities)', async () => {
    answerFetch({
      '/api/trips/onSale': { status: 503, body: { message: 'down' } },
      '/api/origins/getAllOrigins': { body: [] },
      '/api/destination/getAllDestinations': { body: [] },
    });
    renderAt('/', <Home />);
    await screen.findByRole('heading', { name: 'Welcome to Rihla' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('.on-sale')).toBeNull();
  });
});

describe('linkedCities', () => {
  it('one city by its name whether it is an origin or a destination, and each link once', () => {
    expect(linkedCities(NETWORK, 'en')).toEqual([
      { hub: 'Khartoum', others: ['Kassala', 'Madani', 'Port Sudan'] },
      { hub: 'Kassala', others: ['Port Sudan'] },
    ]);
    expect(linkedCities([], 'en')).toEqual([]);
  });
});
