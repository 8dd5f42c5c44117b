// Renders a page of the public site as the app does (language context, router location) and answers
// its API calls from a table, since component tests have no server. Only fetch is replaced.
import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { LocationProvider } from 'preact-iso/router';
import { vi } from 'vitest';
import { en } from '../../shared/i18n/public/en.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { I18nProvider } from '../../public-site/components/I18nProvider.tsx';
import type { Trip } from '../../public-site/lib/types.ts';

type Answer =
  { status?: number; body: unknown } | ((url: URL, init?: RequestInit) => { status?: number; body: unknown });

/** Replaces fetch: the first route whose path the URL starts with answers; calls are recorded. */
export function answerFetch(routes: Record<string, Answer>) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, init });
    const key = Object.keys(routes).find((path) => url.pathname.startsWith(path));
    if (!key) throw new TypeError(`no answer for ${url.pathname}`);
    const route = routes[key];
    const { status = 200, body } = typeof route === 'function' ? route(url, init) : route;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function renderAt(path: string, children: ComponentChildren) {
  history.replaceState(null, '', path);
  return render(
    <I18nProvider initialLang="en" initialMessages={en}>
      <LocationProvider>{children}</LocationProvider>
    </I18nProvider>,
  );
}

export const tomorrow = () =>
  new Date(Date.parse(`${khartoumToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function demoTrip(overrides: Partial<Trip> = {}): Trip {
  return {
    _id: 'trip1',
    busId: {
      _id: 'bus1',
      bus_number: 'KH-1201',
      bus_number_of_seats: 12,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-11-01',
      bus_owner_companyId: {
        _id: 'c1',
        company_name: 'Nile Express',
        company_phone: '0912345678',
        company_email: 'info@nile.sd',
        company_tin: '300012345',
      },
    },
    trip_originId: { _id: 'o1', origin_city: 'Khartoum' },
    trip_destinationId: { _id: 'd2', destination_city: 'Kassala' },
    trip_date: tomorrow(),
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: { _id: 'p1', price: 30000 },
    bookedSeats: [2, 7],
    isCancelled: false,
    ...overrides,
  };
}
