// The API calls this site makes, with their paths from shared/api-paths.ts (the registry's where it names
// them). Only plain objects are imported (not the zod schemas), so zod stays out of the bundle.
import {
  API_BASES,
  apiPath,
  authPath,
  bookingPaths,
  operationPath,
  SETTINGS_PATH,
  tripPaths,
} from '../../shared/api-paths.ts';
import { bookings, destinations, origins, trips } from '../../shared/registry/resources.ts';

export const apiPaths = {
  origins: operationPath(origins, 'list'),
  destinations: operationPath(destinations, 'list'),
  filterTrips: tripPaths.filter(),
  routesOnSale: tripPaths.onSale(),
  trip: (id: string) => operationPath(trips, 'one', id),
  createBooking: operationPath(bookings, 'create'),
  filterBookings: bookingPaths.filter(),
  cancelBooking: bookingPaths.cancel,
  ticket: bookingPaths.ticket(),
  cancellationQuote: apiPath(API_BASES.bookings, 'cancellationQuote'),
  /** A payment proof sent after booking (the traveller's ticket id and phone in the form). */
  submitProof: apiPath(API_BASES.bookings, 'submitProof'),
  settings: SETTINGS_PATH,
  refresh: authPath('refresh'),
  /** The traveller's choice of reminders and messages about the trip (ticket id and phone in the body). */
  messagePreferences: apiPath(API_BASES.messages, 'preferences'),
  /** A cancelled trip's traveller moves to another trip of the route, or asks for a full refund. */
  moveBooking: apiPath(API_BASES.bookings, 'moveBooking'),
  requestRefund: apiPath(API_BASES.bookings, 'requestRefund'),
  /** Another day: what a change costs, and the change (ticket id and phone). */
  changeQuote: apiPath(API_BASES.bookings, 'changeQuote'),
  changeBooking: apiPath(API_BASES.bookings, 'changeBooking'),
};
