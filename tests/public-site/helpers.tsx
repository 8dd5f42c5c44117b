// Renders a page of the public site as the app does (language context, router location) and answers
// its API calls from a table, since component tests have no server. Only fetch is replaced.
import { DEFAULT_REFUND_RULES } from '../../shared/refund-rules.ts';
import { fireEvent, render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { LocationProvider } from 'preact-iso/router';
import { vi } from 'vitest';
import { en, type PublicMessages } from '../../shared/i18n/public/en.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { I18nProvider } from '../../public-site/components/I18nProvider.tsx';
import type { Lang } from '../../public-site/lib/i18n.ts';
import type { BookingMatch, PublicSettings, TravellerBooking, Trip } from '../../public-site/lib/types.ts';

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

export function renderAt(
  path: string,
  children: ComponentChildren,
  language: { lang: Lang; messages: PublicMessages } = { lang: 'en', messages: en },
) {
  history.replaceState(null, '', path);
  return render(
    <I18nProvider initialLang={language.lang} initialMessages={language.messages}>
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
      bus_owner_companyId: {
        _id: 'c1',
        company_name: 'Nile Express',
        company_name_ar: null,
        company_phone: '0912345678',
      },
    },
    trip_originId: { _id: 'o1', origin_city: 'Khartoum', origin_city_ar: null },
    trip_destinationId: { _id: 'd2', destination_city: 'Kassala', destination_city_ar: null },
    trip_date: tomorrow(),
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: { _id: 'p1', price: 30000 },
    trip_stops: [],
    trip_fares: [],
    bookedSeats: [2, 7],
    isCancelled: false,
    outOfService: false,
    ...overrides,
  };
}

/** The operator's configuration as GET /api/settings answers it, with payment instructions. */
export const SETTINGS: PublicSettings = {
  operator: { phone: '0155551234', email: 'care@rihla.example', address: '' },
  payment: {
    bankakAccount: '3041227700915',
    accountName: 'Rihla Travel Co.',
    wallets: [
      { name: 'Zain Cash', number: '0912345678' },
      { name: 'MTN MoMo', number: '0998765432' },
    ],
    proofMinutes: 30,
  },
  boardingTimes: ['9:00 am', '7:00 pm'],
  refunds: DEFAULT_REFUND_RULES,
};

/** An operator who published no payment details. */
export const NO_INSTRUCTIONS: PublicSettings = {
  ...SETTINGS,
  payment: { bankakAccount: '', accountName: '', wallets: [], proofMinutes: 30 },
};

/** A booking as createBooking answers it to its traveller: awaiting a proof unless told otherwise. */
export function travellerBooking(overrides: Partial<TravellerBooking> = {}): TravellerBooking {
  return {
    _id: 'b1',
    tripId: 'trip1',
    ticketId: '1234567890123',
    seats: [4, 9],
    passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: '0912345678' },
    totalTicketPrice: [60000],
    boardingStop: 0,
    alightingStop: 1,
    bookingDate: new Date().toISOString(),
    isCancelled: false,
    bankakScreenshot: null,
    paymentStatus: 'awaiting_proof',
    paymentReference: null,
    paymentMethod: null,
    paymentDeadline: new Date(Date.now() + 30 * 60_000).toISOString(),
    reviewDeadline: null,
    refundRules: DEFAULT_REFUND_RULES,
    verifiedAt: null,
    rejectionReason: null,
    refundDue: null,
    refundPaidAt: null,
    refundReference: null,
    disruptionState: null,
    ...overrides,
  };
}

/** Picks a file in a file input, as the browser's chooser does. */
export function chooseFile(input: HTMLElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

/** A small PNG-typed file (sent as it is: no reduction below 1 MB). */
export const proofFile = (name = 'receipt.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

/** A booking as the look-up (ticket id + phone) finds it: paid by proof, on tomorrow's trip, not disrupted. */
export function bookingMatch(overrides: Partial<BookingMatch> = {}): BookingMatch {
  return {
    _id: 'b1',
    ticketId: '1234567890123',
    passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: '0912345678' },
    seats: [4, 9],
    totalTicketPrice: [60000],
    boardingStop: 0,
    alightingStop: 1,
    isCancelled: false,
    bookingDate: new Date().toISOString(),
    bankakScreenshot: null,
    paymentStatus: 'proof_submitted',
    paymentReference: null,
    paymentMethod: null,
    paymentDeadline: null,
    reviewDeadline: null,
    verifiedAt: null,
    rejectionReason: null,
    refundDue: null,
    refundPaidAt: null,
    refundReference: null,
    messagesOptOut: false,
    disruptionState: null,
    refundRules: DEFAULT_REFUND_RULES,
    disruption: null,
    choices: null,
    ticketCode: null,
    pendingChange: null,
    tripId: 't1',
    trip: {
      _id: 't1',
      trip_date: tomorrow(),
      trip_boarding_time: '7:00 pm',
      trip_originId: 'o1',
      trip_destinationId: 'd1',
      origin_city: 'Khartoum',
      origin_city_ar: null,
      destination_city: 'Kassala',
      destination_city_ar: null,
      companyId: 'c1',
      company_name: 'Nile Express',
      company_name_ar: null,
      bus_number: 'KH-1201',
      isCancelled: false,
    },
    ...overrides,
  };
}
