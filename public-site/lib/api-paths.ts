// API paths of the calls this site makes, read from the shared registry where it describes them.
// Only the plain resource objects are imported (not the zod schemas), so zod stays out of the bundle.
import { bookings, destinations, origins, trips } from '../../shared/registry/resources.ts';
import type { Operation, ResourceDef } from '../../shared/registry/types.ts';

const operationPath = (def: ResourceDef, operation: Operation) => `${def.api.base}/${def.api[operation]}`;
const withId = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

export const apiPaths = {
  origins: operationPath(origins, 'list'),
  destinations: operationPath(destinations, 'list'),
  filterTrips: `${trips.api.base}/filterTrips`,
  trip: (id: string) => withId(operationPath(trips, 'one'), id),
  createBooking: operationPath(bookings, 'create'),
  filterBookings: `${bookings.api.base}/filterBookings`,
  cancelBooking: (id: string) => withId(`${bookings.api.base}/cancelBooking`, id),
  ticket: `${bookings.api.base}/ticket`,
  settings: '/api/settings',
  refresh: '/api/auth/refresh',
};
