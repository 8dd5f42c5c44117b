// The API calls this site makes, with their paths from shared/api-paths.ts. The four of the registry's generic
// calls are written out here rather than read from the registry, whose data (3 KB gzip) would otherwise be in
// every first visit; tests/public-site/api-paths.test.ts holds them equal to the registry's.
import {
  API_BASES,
  apiPath,
  authPath,
  bookingPaths,
  SETTINGS_PATH,
  tripPaths,
} from '../../shared/api-paths.ts';

export const apiPaths = {
  origins: apiPath('/api/origins', 'getAllOrigins'),
  destinations: apiPath('/api/destination', 'getAllDestinations'),
  filterTrips: tripPaths.filter(),
  routesOnSale: tripPaths.onSale(),
  trip: (id: string) => apiPath(API_BASES.trips, 'getTrip', id),
  createBooking: apiPath(API_BASES.bookings, 'createBooking'),
  filterBookings: bookingPaths.filter(),
  cancelBooking: bookingPaths.cancel,
  /** Some seats of a booking cancelled, the others kept under its ticket id. */
  cancelSeats: bookingPaths.cancelSeats,
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
