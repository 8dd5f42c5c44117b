// Direct API calls the browser tests need around the journeys: a staff token, a trip to book, and a
// booking made "by someone else".
import { khartoumToday } from '../../../shared/rules.ts';
import { STAFF } from './server.ts';

export interface DemoTrip {
  _id: string;
  trip_date: string;
  bookedSeats: number[];
  busId: { _id: string; bus_number: string; bus_number_of_seats: number };
  trip_ticket_priceId: { _id: string; price: number };
  trip_originId: { _id: string; origin_city: string };
  trip_destinationId: { _id: string; destination_city: string };
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export function tomorrow(): string {
  return new Date(Date.parse(`${khartoumToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

const tokens = new Map<string, Promise<string>>();

/** One sign-in per server: the login rate limit counts every attempt. */
export function staffToken(url: string): Promise<string> {
  if (!tokens.has(url)) {
    const login = fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(STAFF),
    })
      .then(async (response) => (await json<{ access_token: string }>(response)).access_token)
      .then(async (token) => {
        // The staff account works at the counter: its shift is open (cash-up), one already open is kept.
        const shift = await fetch(`${url}/api/shifts/openShift`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ float: 0 }),
        });
        if (shift.status !== 201 && shift.status !== 409) await json(shift);
        return token;
      });
    login.catch(() => tokens.delete(url));
    tokens.set(url, login);
  }
  return tokens.get(url)!;
}

export async function cityId(url: string, kind: 'origin' | 'destination', name: string): Promise<string> {
  const path = kind === 'origin' ? '/api/origins/getAllOrigins' : '/api/destination/getAllDestinations';
  const cities = await json<Record<string, string>[]>(await fetch(`${url}${path}`));
  const city = cities.find((c) => c[`${kind}_city`] === name);
  if (!city) throw new Error(`no ${kind} ${name}`);
  return city._id;
}

/** The demo trips between two cities on a date, as the public search answers them. */
export async function findTrips(url: string, origin: string, destination: string, date = tomorrow()) {
  const query = new URLSearchParams({
    origin: await cityId(url, 'origin', origin),
    destination: await cityId(url, 'destination', destination),
    date,
  });
  return json<DemoTrip[]>(await fetch(`${url}/api/trips/filterTrips?${query}`));
}

export async function getTrip(url: string, id: string) {
  return json<DemoTrip>(await fetch(`${url}/api/trips/getTrip/${id}`));
}

/** Free seats of a trip, lowest first (a shared PostgreSQL database may hold earlier bookings). */
export function freeSeats(trip: DemoTrip, count: number): number[] {
  const seats: number[] = [];
  for (let seat = 1; seat <= trip.busId.bus_number_of_seats && seats.length < count; seat++) {
    if (!trip.bookedSeats.includes(seat)) seats.push(seat);
  }
  return seats;
}

/** Books seats through the API, as another traveller would. */
export async function bookThroughApi(url: string, trip: DemoTrip, seats: number[], phone = '0911111111') {
  const form = new FormData();
  form.append('tripId', trip._id);
  form.append('seats', JSON.stringify(seats));
  form.append('passengerInfo', JSON.stringify({ firstName: 'Other', lastName: 'Traveller', phone }));
  form.append('totalTicketPrice', String(seats.length * trip.trip_ticket_priceId.price));
  form.append('bookingDate', new Date().toISOString());
  const response = await fetch(`${url}/api/bookings/createBooking`, { method: 'POST', body: form });
  return json<{ booking: { _id: string; ticketId: string } }>(response);
}
