// What signing in loads (issue 13, item 20): only the dashboard comes with the app; every other screen is
// declared with the view it is (react-admin's Resource must know) and loads on first use from its chunk, the
// everyday one (bookings and trips) or the one opened now and then. Checked on the sources: no screen module
// is reachable from admin/App.tsx by static imports, every declared view loads a component, and a screen is
// fetched once (again only after a failure).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { prefetch } from '../../admin/common/onDemand.tsx';
import { declaredScreens, screensFor } from '../../admin/screens.ts';
import { VIEWS } from '../../admin/generated/screens.ts';
import { configOf } from '../../admin/generated/screenConfig.ts';
import { resources } from '../../shared/registry/index.ts';
import { ADMIN } from './helpers/messageTree.ts';

/** Every module admin/App.tsx reaches through static imports (import(), a chunk's door, is not followed). */
function staticGraph(entry: string): Set<string> {
  const found = new Set<string>([entry]);
  const pending = [entry];
  while (pending.length) {
    const file = pending.pop()!;
    const code = fs.readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(
      /^\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm,
    )) {
      const target = path.resolve(path.dirname(file), spec);
      if (!found.has(target) && fs.existsSync(target)) {
        found.add(target);
        pending.push(target);
      }
    }
  }
  return found;
}

const ON_DEMAND = [
  'bookings/BookingList.tsx',
  'bookings/BookingShow.tsx',
  'trips/TripList.tsx',
  'trips/TripShow.tsx',
  'generated/GeneratedList.tsx',
  'generated/GeneratedCreate.tsx',
  'generated/GeneratedEdit.tsx',
  'generated/GeneratedShow.tsx',
  'reports/ReportList.tsx',
  'reports/ReportShow.tsx',
  'users/UserList.tsx',
  'users/UserEdit.tsx',
  'settings/SettingsPage.tsx',
  'auth/ChangePasswordPage.tsx',
  'activity/ActivityList.tsx',
  'payments/PaymentQueue.tsx',
];

describe('the app after sign-in', () => {
  const graph = staticGraph(path.join(ADMIN, 'App.tsx'));

  it('carries the dashboard and the layout, and no other screen', () => {
    expect(graph.has(path.join(ADMIN, 'dashboard/Dashboard.tsx'))).toBe(true);
    expect(graph.has(path.join(ADMIN, 'layout/RihlaLayout.tsx'))).toBe(true);
    const carried = ON_DEMAND.filter((file) => graph.has(path.join(ADMIN, file)));
    expect(carried).toEqual([]);
  });

  it('declares each resource’s views, and each loads a component', async () => {
    for (const def of resources) {
      const { views } = declaredScreens(def);
      const config = configOf(def.name);
      expect(views.list, def.name).toBeDefined();
      if (config.readOnly) expect(views.create, def.name).toBeUndefined();
      const screens = screensFor(def);
      for (const view of VIEWS) {
        expect(!!screens[view], `${def.name} ${view}`).toBe(!!views[view]);
        if (views[view]) expect(typeof (await views[view]!()), `${def.name} ${view}`).toBe('function');
      }
    }
  });
});

describe('prefetch', () => {
  it('asks for a screen once, and again after a failure', async () => {
    const Screen = () => null;
    const load = vi.fn(async () => Screen);
    await Promise.all([prefetch(load), prefetch(load)]);
    expect(await prefetch(load)).toBe(Screen);
    expect(load).toHaveBeenCalledTimes(1);

    const flaky = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Screen);
    await expect(prefetch(flaky)).rejects.toThrow('offline');
    await Promise.resolve();
    expect(await prefetch(flaky)).toBe(Screen);
    expect(flaky).toHaveBeenCalledTimes(2);
  });
});
