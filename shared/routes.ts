// The page route table of section 2: which front end serves a path, and which paths exist at all.
// The server uses it to pick the page (and to answer 404); both front ends use it for their routers.

/** Pages of the public site (Preact). */
export const PUBLIC_ROUTES = [
  '/',
  '/create-booking',
  '/trip-details/:id',
  '/cancel-reservation',
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
 * First path segments that belong to the staff back-office (react-admin): the spec's staff routes plus
 * react-admin's own resource routes (/companies/create, /trips/:id, …).
 */
export const STAFF_SEGMENTS = [
  'login',
  'dashboard',
  'companies',
  'buses',
  'employees',
  'trips',
  'bookings',
  'setting',
  'reports',
  'user',
  'users',
  'register',
  'origins',
  'destinations',
  'prices',
  'positions',
  'lostItems',
  'enquiries',
  'create-company',
  'create-trip',
  'create-bus',
  'create-report',
  'create-price',
  'create-employee',
  'create-employee-position',
  'create-destination',
  'create-origin',
  'edit-trip',
  'edit-employee',
  'edit-report',
  'edit-company',
  'edit-bus',
] as const;

function matches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
}

export function isPublicRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PUBLIC_ROUTES.some((pattern) => matches(pattern, clean));
}

export function isStaffRoute(path: string): boolean {
  const first = path.split('/')[1] ?? '';
  return (STAFF_SEGMENTS as readonly string[]).includes(first);
}
