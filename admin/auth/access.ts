// What a role may see and do in the back-office, read from shared/roles.ts (the table the server enforces), so
// that nothing offered would only answer 403. A registry resource's screens follow its entry's `access` (list and
// show: read; create, edit and delete: write), and only where the registry has the call at all (the activity log
// has no create, edit or delete; bookings no edit). Pages of our own name the capability they need.
import { type Operation, type ResourceDef, registry, resources } from '../../shared/registry/index.ts';
import { type Capability, can } from '../../shared/roles.ts';
import { PAYMENTS_PATH } from '../payments/paths.ts';
import { CHANGE_PASSWORD_PATH } from './redirects.ts';
import { ANALYTICS_PATH, DISRUPTIONS_PATH, SHIFTS_PATH } from '../../shared/routes.ts';
import { configOf } from '../generated/screenConfig.ts';

/** react-admin's actions (its buttons and views ask for these) → the registry call behind them. */
const OPERATIONS: Record<string, Operation> = {
  list: 'list',
  export: 'list',
  show: 'one',
  read: 'one',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'remove',
};

/** A role the server does not name (a server older than roles) may do anything, as before roles. */
export function hasCapability(role: string | undefined, capability: Capability): boolean {
  return role === undefined || can(role, capability);
}

/**
 * Whether `role` may take `action` on a registry resource. Other names are pages that check for themselves. A
 * company's staff (`companyId`) may not touch the platform's own business (the registry entry's scope: staff
 * accounts, the operator's inbox and notes) nor call the operations only the platform may (create a company).
 */
export function mayAccess(
  role: string | undefined,
  resource: string,
  action: string,
  companyId?: string | null,
): boolean {
  const def: ResourceDef | undefined = (registry as Record<string, ResourceDef>)[resource];
  if (!def) return true;
  const { access } = def;
  const operation = OPERATIONS[action] ?? 'update';
  if (!def.api[operation]) return false;
  if (companyId && (def.scope.reach === 'platform' || def.scope.platformOps?.includes(operation)))
    return false;
  const reads = operation === 'list' || operation === 'one';
  return hasCapability(role, reads ? access.read : access.write);
}

/**
 * Whether a resource belongs in a role's menu: it may list it, and it is the role's own work. Reference data
 * (companies, buses, cities, prices) is readable by everyone who reads trips, only so that trips can show it:
 * it is listed for those who may also change it.
 */
export function inMenu(role: string | undefined, resource: string, companyId?: string | null): boolean {
  const access = (registry as Record<string, ResourceDef>)[resource]?.access;
  if (!mayAccess(role, resource, 'list', companyId)) return false;
  return !access || access.read !== 'reference.read' || hasCapability(role, access.write);
}

/**
 * A page of the menu: a registry resource's list (listed for those who may list it, or for a capability of its
 * own), or a page of our own with the capability it needs.
 */
export type MenuPage = { key: string; to: string; order: number; platform?: true } & (
  { resource: string; capability?: Capability } | { capability: Capability }
);

/** The pages of our own, each at its place among the resources' (their screenConfig's `menu.order`). */
const OWN_PAGES: readonly MenuPage[] = [
  { key: 'dashboard', to: '/dashboard', capability: 'dashboard.read', order: 10 },
  { key: 'payments', to: PAYMENTS_PATH, capability: 'payments.review', order: 20 },
  { key: 'shifts', to: SHIFTS_PATH, capability: 'shifts.own', order: 25 },
  { key: 'disruptions', to: DISRUPTIONS_PATH, capability: 'trips.write', order: 60 },
  { key: 'analytics', to: ANALYTICS_PATH, capability: 'analytics.read', order: 65 },
  // Settings creates reference data.
  { key: 'settings', to: '/setting', capability: 'operations.write', order: 120, platform: true },
  { key: 'password', to: CHANGE_PASSWORD_PATH, capability: 'self', order: 200 },
];

/** After every page placed: a resource with no place of its own (a new one), in the registry's order. */
const LAST = Number.MAX_SAFE_INTEGER;

const resourcePages: MenuPage[] = resources.flatMap((def) => {
  const menu = configOf(def.name).menu;
  if (menu === false) return [];
  const { order = LAST, to = `/${def.name}`, capability } = menu ?? {};
  return [{ key: def.name, to, order, resource: def.name, ...(capability && { capability }) }];
});

/** The menu, in its order (the sidebar adds an icon to each); the first a role may open is its start page. */
export const MENU_PAGES: readonly MenuPage[] = [...OWN_PAGES, ...resourcePages].sort(
  (a, b) => a.order - b.order,
);

/** Whether a role (of a company's staff, with `companyId`) may open a page of the menu. */
export function pageAllowed(role: string | undefined, page: MenuPage, companyId?: string | null): boolean {
  if (companyId && page.platform) return false;
  return page.capability
    ? hasCapability(role, page.capability)
    : 'resource' in page && inMenu(role, page.resource, companyId);
}

/** Where a role starts: the first page of the menu it may open (the dashboard, for those who may read it). */
export const homePathFor = (role: string | undefined, companyId?: string | null) =>
  MENU_PAGES.find((page) => pageAllowed(role, page, companyId))?.to ?? CHANGE_PASSWORD_PATH;
