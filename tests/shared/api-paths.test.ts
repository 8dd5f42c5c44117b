// API paths, written once for both front ends: `{base}/{call}[/{id}]` from the registry, and the calls the
// server writes by hand.
import { describe, expect, it } from 'vitest';
import {
  apiPath,
  authPath,
  bookingPaths,
  DASHBOARD_SUMMARY_PATH,
  operationPath,
  SETTINGS_PATH,
  tripPaths,
  UPLOADS_PATH,
} from '../../shared/api-paths.ts';
import { bookings, companies, destinations, users } from '../../shared/registry/index.ts';

describe('API paths', () => {
  it('join a base, a call and an encoded id', () => {
    expect(apiPath('/api/trips', 'getTrip', 'a/b c')).toBe('/api/trips/getTrip/a%2Fb%20c');
    expect(apiPath('/api/trips', 'getAllTrips')).toBe('/api/trips/getAllTrips');
  });

  it('name the registry’s generic calls with the spec’s spellings', () => {
    expect(operationPath(companies, 'list')).toBe('/api/companies/getAllCompanies');
    expect(operationPath(companies, 'update', 'c1')).toBe('/api/companies/updateCompany/c1');
    expect(operationPath(destinations, 'list')).toBe('/api/destination/getAllDestinations');
    expect(operationPath(users, 'list')).toBe('/api/auth/getAllusers');
    expect(() => operationPath(bookings, 'update', 'k1')).toThrow(/bookings has no update call/);
  });

  it('name the hand-written calls', () => {
    expect(tripPaths.filter()).toBe('/api/trips/filterTrips');
    expect(tripPaths.cancel('t1')).toBe('/api/trips/cancelTrip/t1');
    expect(tripPaths.passengers('t1')).toBe('/api/trips/passengers/t1');
    expect(bookingPaths.filter()).toBe('/api/bookings/filterBookings');
    expect(bookingPaths.cancel('k1')).toBe('/api/bookings/cancelBooking/k1');
    expect(bookingPaths.ticket()).toBe('/api/bookings/ticket');
    expect(authPath('refresh')).toBe('/api/auth/refresh');
    expect(DASHBOARD_SUMMARY_PATH).toBe('/api/dashboard/summary');
    expect(SETTINGS_PATH).toBe('/api/settings');
    expect(UPLOADS_PATH).toBe('/api/uploads');
  });
});
