// What the registry does not say about screens: where a create lands (its list; a new trip's own page, since
// the trips list opens on today's; Settings for reference data; the dashboard for a new user; the same, emptied
// form for a report), which columns a long resource lists, which resources are read-only inboxes, their own
// failure notices, their place in the sidebar, the spec's own URLs of their screens and what a live record's
// status reads. Everything else comes from the registry; a resource with no entry here gets the defaults
// (its list after a create, every readable column, last in the sidebar), so a new one needs no line here.
// Data only (no component): the e2e helpers read it too.
import type { RedirectionSideEffect } from 'react-admin';
import type { ResourceName } from '../../shared/registry/index.ts';
import type { Capability } from '../../shared/roles.ts';
import { REFERENCE_DATA } from '../../shared/routes.ts';
import type { View } from './screens.ts';

/** A resource's item in the sidebar (admin/auth/access.ts puts the pages of our own among them). */
export interface MenuPlace {
  /** Its place: lower first. A resource without one comes last, in the registry's order. */
  order: number;
  /** Where it leads, when not /<name>. */
  to?: string;
  /** Listed for those with this capability, rather than for all who may list it. */
  capability?: Capability;
}

/** One of the spec's own URLs for a screen of the resource (shared/routes.ts), beside react-admin's. */
export interface SpecPage {
  /** react-router's pattern (`:id` for the record). */
  path: string;
  view: View;
}

export interface ScreenConfig {
  /** Where a create lands: react-admin's 'list', or a path; false stays and clears the form. */
  afterCreate?: RedirectionSideEffect;
  /** Columns of the list, when not every readable field. */
  listFields?: readonly string[];
  /** Inbox: list, detail and delete only. */
  readOnly?: boolean;
  /** No edit screen (the spec offers none). */
  noEdit?: boolean;
  /** The notice of a failed create or save, when not the general one. */
  failureKeys?: { create?: string; update?: string };
  /** The sidebar's item; false: none (reference data is reached from Settings). */
  menu?: MenuPlace | false;
  /** The spec's own URLs of its screens; a record's page (the activity log's links) follows them too. */
  specPages?: readonly SpecPage[];
  /** Views opened all day: fetched as soon as the first page has shown, not when first opened. */
  everyday?: readonly View[];
  /** What a record not cancelled reads as, when not "Active" (a trip is "Scheduled"). */
  liveStatus?: string;
}

const toSettings = () => '/setting';

export const screenConfig: Partial<Record<ResourceName, ScreenConfig>> = {
  bookings: { menu: { order: 30 }, everyday: ['list', 'show'] },
  companies: { afterCreate: 'list', menu: { order: 80 } },
  buses: { afterCreate: 'list', menu: { order: 90 } },
  employees: {
    afterCreate: 'list',
    menu: { order: 100 },
    listFields: [
      'employee_full_name',
      'employee_national_id',
      'employee_phone_number',
      'employee_emial',
      'positionId',
    ],
  },
  trips: {
    // The list opens on today's departures: a trip created for next week would not be in it.
    afterCreate: 'show',
    menu: { order: 40 },
    everyday: ['list', 'show'],
    liveStatus: 'rihla.ui.status.scheduled',
    failureKeys: { create: 'rihla.notices.trip_create_failed', update: 'rihla.notices.trip_update_failed' },
  },
  timetables: {
    // Those who plan trips: cashiers and conductors may read timetables, but their day is the trips.
    menu: { order: 50, capability: 'trips.write' },
    listFields: [
      'timetable_originId',
      'timetable_destinationId',
      'timetable_boarding_time',
      'busId',
      'timetable_days',
      'timetable_from',
      'timetable_until',
      'isActive',
    ],
  },
  ...Object.fromEntries(
    REFERENCE_DATA.map(({ resource }) => [resource, { afterCreate: toSettings, menu: false }]),
  ),
  reports: {
    afterCreate: false,
    menu: { order: 70 },
    // /reports/{id} is the report view, so react-admin's edit route moves to /edit-report/{id}; /reports/create
    // is declared again so that it outranks /reports/:id.
    specPages: [
      { path: '/reports/create', view: 'create' },
      { path: '/reports/:id', view: 'show' },
      { path: '/edit-report/:id', view: 'edit' },
    ],
  },
  users: {
    afterCreate: () => '/dashboard',
    noEdit: true,
    menu: { order: 110, to: '/user' },
    specPages: [
      { path: '/user', view: 'list' },
      { path: '/register', view: 'create' },
    ],
  },
  lostItems: {
    readOnly: true,
    menu: { order: 130 },
    listFields: [
      'created_at',
      'first_name',
      'last_name',
      'phone',
      'item_type',
      'colour',
      'date_of_loss',
      'bus_number',
    ],
  },
  enquiries: {
    readOnly: true,
    menu: { order: 140 },
    listFields: ['created_at', 'first_name', 'last_name', 'phone', 'message'],
  },
  activity: {
    readOnly: true,
    menu: { order: 150 },
    listFields: ['at', 'userLabel', 'action', 'resource', 'recordId'],
  },
};

export const configOf = (resource: string): ScreenConfig =>
  screenConfig[resource as ResourceName] ?? { afterCreate: 'list' };

/** What a record of `resource` not cancelled reads as. */
export const liveStatusOf = (resource: string) => configOf(resource).liveStatus ?? 'rihla.ui.status.active';

/** The address of a record's page: the spec's own URL for it where it has one, react-admin's otherwise. */
export function recordPath(resource: string, view: 'show' | 'edit', id: string): string {
  const own = configOf(resource).specPages?.find((page) => page.view === view && page.path.includes(':id'));
  if (own) return own.path.replace(':id', id);
  return view === 'show' ? `/${resource}/${id}/show` : `/${resource}/${id}`;
}
