// The page route table: reference data listed once, and every staff page URL leading to a real resource.
import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/admin/en.ts';
import { registry } from '../../shared/registry/index.ts';
import { isStaffRoute, REFERENCE_DATA, STAFF_PAGE_RESOURCES, STAFF_SEGMENTS } from '../../shared/routes.ts';

describe('page routes', () => {
  it('list the reference data once: resources, their create pages and their Settings labels', () => {
    expect(REFERENCE_DATA.map(({ resource }) => resource)).toEqual([
      'origins',
      'destinations',
      'prices',
      'positions',
    ]);
    for (const { resource, createPage, createLabel } of REFERENCE_DATA) {
      expect(resource in registry).toBe(true);
      expect(STAFF_PAGE_RESOURCES[createPage]).toBe(resource);
      expect(isStaffRoute(`/${resource}`) && isStaffRoute(`/${createPage}`)).toBe(true);
      expect(createLabel.split('.').reduce<any>((node, part) => node?.[part], en)).toMatch(/^Create /);
    }
  });

  it('send every staff page to a resource of the registry, and keep each segment once', () => {
    for (const resource of Object.values(STAFF_PAGE_RESOURCES)) expect(resource in registry).toBe(true);
    expect(new Set(STAFF_SEGMENTS).size).toBe(STAFF_SEGMENTS.length);
    // Every resource of today is in the front ends' own list; the server adds the registry's names too.
    for (const name of Object.keys(registry)) expect(isStaffRoute(`/${name}/create`)).toBe(true);
    expect(isStaffRoute('/drivers/create')).toBe(false);
    expect(isStaffRoute('/drivers/create', ['drivers'])).toBe(true);
    expect(isStaffRoute('/create-booking')).toBe(false);
  });
});
