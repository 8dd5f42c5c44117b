// The public site writes out four of the registry's generic calls (to keep the registry's data out of every
// first visit): they must stay the registry's own.
import { describe, expect, it } from 'vitest';
import { operationPath } from '../../shared/api-paths.ts';
import { bookings, destinations, origins, trips } from '../../shared/registry/resources.ts';
import { apiPaths } from '../../public-site/lib/api-paths.ts';

describe('the public site’s API paths', () => {
  it('are the registry’s for the calls it names', () => {
    expect(apiPaths.origins).toBe(operationPath(origins, 'list'));
    expect(apiPaths.destinations).toBe(operationPath(destinations, 'list'));
    expect(apiPaths.trip('t 1')).toBe(operationPath(trips, 'one', 't 1'));
    expect(apiPaths.createBooking).toBe(operationPath(bookings, 'create'));
  });
});
