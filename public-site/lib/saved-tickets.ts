// Tickets kept on this phone (IndexedDB through idb-keyval, as the conductor app keeps its trips): each booking
// the traveller made or looked up here, with the phone that proves it and its signed QR code, so My tickets
// lists and shows them with no network. Loaded only by My tickets and after a booking or a look-up (a dynamic
// import), never with the first visit. Statuses are refreshed from the look-up when online; a refresh that
// fails keeps what was saved.
import { createStore, del, entries, get, set, setMany } from 'idb-keyval';
import { API_BASES, apiPath } from '../../shared/api-paths.ts';
import { departureInstant, khartoumToday } from '../../shared/rules.ts';
import { getJson, withQuery } from './api.ts';
import { keepOffline } from './offline.ts';
import { credentials } from './ticket.ts';
import type { BookingMatch } from './types.ts';

export interface SavedTicket {
  ticketId: string;
  phone: string;
  booking: BookingMatch;
  /** When the server last told us about it (ISO). */
  checkedAt: string;
}

const store = () => createStore('rihla-tickets', 'tickets');

const lookupPath = apiPath(API_BASES.bookings, 'filterBookings');

const tripDay = (ticket: SavedTicket) => ticket.booking.trip?.trip_date ?? '';
/** When its bus leaves (ms); a ticket without a trip sorts last. */
const departure = (ticket: SavedTicket) => {
  const trip = ticket.booking.trip;
  return trip ? departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() : Infinity;
};

/** Whether its trip is today or later (Khartoum): what a traveller looks for first, and what may still change. */
const ahead = (ticket: SavedTicket, today: string) => tripDay(ticket) >= today;

/** Every ticket on the phone: the trips ahead, the next first; then past trips, the latest first. */
export async function listTickets(now = new Date()): Promise<SavedTicket[]> {
  const today = khartoumToday(now);
  const all = (await entries<string, SavedTicket>(store())).map(([, ticket]) => ticket);
  const byDeparture = (a: SavedTicket, b: SavedTicket) =>
    departure(a) - departure(b) || a.ticketId.localeCompare(b.ticketId);
  return [
    ...all.filter((ticket) => ahead(ticket, today)).sort(byDeparture),
    ...all.filter((ticket) => !ahead(ticket, today)).sort((a, b) => byDeparture(b, a)),
  ];
}

/** Keeps these bookings (found with `phone`), replacing what was kept of them. */
export async function saveTickets(bookings: BookingMatch[], phone: string, now = new Date()) {
  keepOffline();
  const checkedAt = now.toISOString();
  await setMany(
    bookings.map((booking) => [
      booking._id,
      { ticketId: booking.ticketId, phone: credentials(booking.ticketId, phone).phone, booking, checkedAt },
    ]),
    store(),
  );
}

/** Looks the booking up and keeps it (after a sale: the look-up gives its trip and QR code). */
export async function rememberTicket(ticketId: string, phone: string) {
  await saveTickets(
    await getJson<BookingMatch[]>(withQuery(lookupPath, credentials(ticketId, phone))),
    phone,
  );
}

export const forgetTicket = (ticket: SavedTicket) => del(ticket.booking._id, store());

/**
 * Asks the server for the news of each kept ticket of a trip ahead (one look-up per ticket id and phone);
 * answers the tickets as they now are, or throws when no answer came at all (offline). A booking the server no longer knows is kept
 * as it was: only "Forget" removes a ticket.
 */
export async function refreshTickets(kept: SavedTicket[], now = new Date()): Promise<SavedTicket[]> {
  // Only trips ahead may still change (a past trip's ticket is what it was): fewer look-ups, which the server
  // counts against the address.
  const today = khartoumToday(now);
  const proofs = new Map(
    kept
      .filter((ticket) => ahead(ticket, today))
      .map((ticket) => [`${ticket.ticketId}|${ticket.phone}`, ticket]),
  );
  let answered = 0;
  for (const ticket of proofs.values()) {
    try {
      const found = await getJson<BookingMatch[]>(
        withQuery(lookupPath, credentials(ticket.ticketId, ticket.phone)),
      );
      answered++;
      // Only a ticket still kept: one forgotten while the answer came stays forgotten.
      for (const booking of found)
        if (await get(booking._id, store()))
          await set(booking._id, { ...ticket, booking, checkedAt: now.toISOString() }, store());
    } catch {
      // This one stays as it was; the others may still answer.
    }
  }
  if (proofs.size && !answered) throw new Error('offline');
  return listTickets(now);
}
