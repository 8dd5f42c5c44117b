// The page route table: which front end serves a path, and which paths exist at all.
// The server uses it to pick the page (and to answer 404); both front ends use it for their routers.
// Types only: the registry's data stays out of the public site's and the conductors' first download.
import type { ResourceName } from './registry/resources.ts';

/** Pages of the public site (Preact). */
export const PUBLIC_ROUTES = [
  '/',
  '/create-booking',
  '/trip-details/:id',
  '/cancel-reservation',
  '/my-tickets',
  '/information',
  '/contact-us',
  '/lost-item-report',
  '/public-enquiries',
  '/terms-of-service',
  '/privacy-policy',
] as const;

/** Public pages that a signed-in staff member is sent away from (to /dashboard). */
export const GUEST_ONLY_ROUTES = [
  '/',
  '/cancel-reservation',
  '/information',
  '/contact-us',
  '/lost-item-report',
  '/public-enquiries',
  '/trip-details/:id',
  '/login',
] as const;

/**
 * Reference data, kept from the Settings page (/setting) rather than the menu: each resource, its own create
 * page and the label of the Settings page's button to it.
 */
export const REFERENCE_DATA = [
  { resource: 'origins', createPage: 'create-origin', createLabel: 'rihla.settings.create_origin' },
  {
    resource: 'destinations',
    createPage: 'create-destination',
    createLabel: 'rihla.settings.create_destination',
  },
  { resource: 'prices', createPage: 'create-price', createLabel: 'rihla.settings.create_price' },
  {
    resource: 'positions',
    createPage: 'create-employee-position',
    createLabel: 'rihla.settings.create_position',
  },
] as const satisfies readonly { resource: ResourceName; createPage: string; createLabel: string }[];

/** The staff pages with URLs of their own (/user, /create-…, /edit-…/{id}): first segment → its resource. */
export const STAFF_PAGE_RESOURCES: Readonly<Record<string, ResourceName>> = {
  user: 'users',
  register: 'users',
  'create-company': 'companies',
  'create-trip': 'trips',
  'create-bus': 'buses',
  'create-report': 'reports',
  'create-employee': 'employees',
  ...Object.fromEntries(REFERENCE_DATA.map(({ resource, createPage }) => [createPage, resource])),
  'edit-trip': 'trips',
  'edit-employee': 'employees',
  'edit-report': 'reports',
  'edit-company': 'companies',
  'edit-bus': 'buses',
};

/** The back-office's Disruptions screen (cancel or delay a route's trips over dates). */
export const DISRUPTIONS_PATH = '/disruptions';

/** The back-office's Figures screen (occupancy, sales and settlement for a period). */
export const ANALYTICS_PATH = '/analytics';

/** The back-office's Shifts screen (cash-up: open and close a counter's shift). */
export const SHIFTS_PATH = '/shifts';

/** The registry's resources as of writing (react-admin's routes /trips/:id, …), for the front ends' routers. */
const RESOURCE_SEGMENTS = [
  'companies',
  'buses',
  'positions',
  'employees',
  'origins',
  'destinations',
  'prices',
  'trips',
  'timetables',
  'reports',
  'users',
  'bookings',
  'lostItems',
  'enquiries',
  'activity',
] as const satisfies readonly ResourceName[];

/**
 * First path segments that belong to the staff back-office (react-admin): its own pages, react-admin's
 * resource routes (/companies/create, /trips/:id, …) and the staff pages' URLs. The server also gives the
 * back-office every registry resource's name (isStaffRoute's second argument), so a new resource's screens
 * are reached without a line here.
 */
export const STAFF_SEGMENTS: readonly string[] = [
  'login',
  'dashboard',
  'setting',
  'change-password',
  'disruptions',
  'analytics',
  'shifts',
  ...RESOURCE_SEGMENTS,
  ...Object.keys(STAFF_PAGE_RESOURCES),
];

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
}

export function isPublicRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PUBLIC_ROUTES.some((pattern) => matches(pattern, clean));
}

/**
 * The conductors' app (public-site/checkin, its own build): every path under it is the app's, routed in the
 * browser. Its service worker lives at `${CHECKIN_BASE}/sw.js` and controls the whole base, `/check-in` itself
 * included (the scope has no trailing slash, which the server allows with Service-Worker-Allowed).
 */
export const CHECKIN_BASE = '/check-in';
export const CHECKIN_ROUTES = {
  home: CHECKIN_BASE,
  trip: `${CHECKIN_BASE}/trip/:id`,
  passengers: `${CHECKIN_BASE}/trip/:id/passengers`,
} as const;
export const CHECKIN_SW_SCOPE = CHECKIN_BASE;

export function isCheckinRoute(path: string): boolean {
  return path === CHECKIN_BASE || path.startsWith(`${CHECKIN_BASE}/`);
}

/** A back-office path: one of STAFF_SEGMENTS, or of `resourceNames` (the server passes the registry's). */
export function isStaffRoute(path: string, resourceNames: readonly string[] = []): boolean {
  const first = path.split('/')[1] ?? '';
  return STAFF_SEGMENTS.includes(first) || resourceNames.includes(first);
}
