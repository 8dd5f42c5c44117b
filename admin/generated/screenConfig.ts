// What the registry does not say about screens: where a create lands (its list; a new trip's own page, since
// the trips list opens on today's; Settings for reference data; the dashboard for a new user; the same, emptied
// form for a report), which columns a long resource lists,
// which resources are read-only inboxes, and their own failure notices. Everything else comes from the
// registry.
import type { RedirectionSideEffect } from 'react-admin';
import type { ResourceName } from '../../shared/registry/index.ts';
import { REFERENCE_DATA } from '../../shared/routes.ts';

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
}

const toSettings = () => '/setting';

export const screenConfig: Partial<Record<ResourceName, ScreenConfig>> = {
  companies: { afterCreate: 'list' },
  buses: { afterCreate: 'list' },
  employees: {
    afterCreate: 'list',
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
    failureKeys: { create: 'rihla.notices.trip_create_failed', update: 'rihla.notices.trip_update_failed' },
  },
  timetables: {
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
  ...Object.fromEntries(REFERENCE_DATA.map(({ resource }) => [resource, { afterCreate: toSettings }])),
  reports: { afterCreate: false },
  users: { afterCreate: () => '/dashboard', noEdit: true },
  lostItems: {
    readOnly: true,
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
  enquiries: { readOnly: true, listFields: ['created_at', 'first_name', 'last_name', 'phone', 'message'] },
  activity: { readOnly: true, listFields: ['at', 'userLabel', 'action', 'resource', 'recordId'] },
};

export const configOf = (resource: string): ScreenConfig =>
  screenConfig[resource as ResourceName] ?? { afterCreate: 'list' };
