// API paths as both front ends call them: `{base}/{call}[/{id}]`. The registry names every resource's base
// and generic calls; the calls the server writes by hand are named here, once, with the bases of their
// folders (the registry's entries take theirs from here). Plain strings and functions that import no
// registry entry, so the staff login page and the public site carry only what they call.
import type { Operation, ResourceDef } from './registry/types.ts';

/** The folders with calls written by hand: the staff session's (and the users'), trips', bookings'. */
export const API_BASES = {
  auth: '/api/auth',
  trips: '/api/trips',
  bookings: '/api/bookings',
  payments: '/api/payments',
  activity: '/api/activity',
  messages: '/api/messages',
  analytics: '/api/analytics',
  shifts: '/api/shifts',
  conductors: '/api/conductors',
} as const;

export const shiftPaths = {
  list: () => apiPath(API_BASES.shifts, 'getAllShifts'),
  open: () => apiPath(API_BASES.shifts, 'openShift'),
  close: (id: string) => apiPath(API_BASES.shifts, 'closeShift', id),
};

export const conductorPaths = {
  assign: () => apiPath(API_BASES.conductors, 'assign'),
  unassign: (id: string) => apiPath(API_BASES.conductors, 'unassign', id),
  assignments: () => apiPath(API_BASES.conductors, 'getAssignments'),
  conductors: () => apiPath(API_BASES.conductors, 'getConductors'),
};

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
  filter: () => apiPath(API_BASES.trips, 'filterTrips'),
  /** The routes with a trip on sale now (the home page's "what is on sale"). */
  onSale: () => apiPath(API_BASES.trips, 'onSale'),
  cancel: (id: string) => apiPath(API_BASES.trips, 'cancelTrip', id),
  passengers: (id: string) => apiPath(API_BASES.trips, 'passengers', id),
};

export const bookingPaths = {
  filter: () => apiPath(API_BASES.bookings, 'filterBookings'),
  cancel: (id: string) => apiPath(API_BASES.bookings, 'cancelBooking', id),
  /** Some seats of a booking cancelled, the rest kept under its ticket id. */
  cancelSeats: (id: string) => apiPath(API_BASES.bookings, 'cancelSeats', id),
  /** The PDF ticket again, for the ticket id and phone in the query. */
  ticket: () => apiPath(API_BASES.bookings, 'ticket'),
};

/** The staff session's calls (sign-in, renewal, sign-out, who is signed in). */
export const authPath = (call: 'login' | 'refresh' | 'logout' | 'user') => apiPath(API_BASES.auth, call);

export const SETTINGS_PATH = '/api/settings';
export const DASHBOARD_SUMMARY_PATH = '/api/dashboard/summary';
/** Stored payment proofs are served under this path, to signed-in staff only. */
export const UPLOADS_PATH = '/api/uploads';
