// API paths as both front ends call them: `{base}/{call}[/{id}]`. The registry names every resource's base
// and generic calls; the calls the server writes by hand are named here, once. Plain strings and functions
// (no zod), so the public site imports only what it calls.
import { AUTH_BASE, bookings, trips } from './registry/resources.ts';
import type { Operation, ResourceDef } from './registry/types.ts';

export function apiPath(base: string, call: string, id?: string): string {
  return id === undefined ? `${base}/${call}` : `${base}/${call}/${encodeURIComponent(id)}`;
}

/** The path of one of a resource's generic calls (one the registry gives it: anything else is a bug). */
export function operationPath(def: ResourceDef, operation: Operation, id?: string): string {
  const call = def.api[operation];
  if (call === undefined) throw new Error(`${def.name} has no ${operation} call`);
  return apiPath(def.api.base, call, id);
}

export const tripPaths = {
  filter: () => apiPath(trips.api.base, 'filterTrips'),
  cancel: (id: string) => apiPath(trips.api.base, 'cancelTrip', id),
  passengers: (id: string) => apiPath(trips.api.base, 'passengers', id),
};

export const bookingPaths = {
  filter: () => apiPath(bookings.api.base, 'filterBookings'),
  cancel: (id: string) => apiPath(bookings.api.base, 'cancelBooking', id),
  /** The PDF ticket again, for the ticket id and phone in the query. */
  ticket: () => apiPath(bookings.api.base, 'ticket'),
};

/** The staff session's calls (sign-in, renewal, sign-out, who is signed in). */
export const authPath = (call: 'login' | 'refresh' | 'logout' | 'user') => apiPath(AUTH_BASE, call);

export const SETTINGS_PATH = '/api/settings';
export const DASHBOARD_SUMMARY_PATH = '/api/dashboard/summary';
/** Stored payment proofs are served under this path, to signed-in staff only. */
export const UPLOADS_PATH = '/api/uploads';
