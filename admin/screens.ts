// Every resource's screens: hand-written where the generated ones are not enough, generated otherwise, each
// loaded on first use (only the dashboard, where sign-in lands, comes with the app). Each screen opens only for
// a role that may use it (the forbidden page otherwise, at the same address: nothing is loaded for it), and a
// generated edit page shows the record's history below its form. The screens come in two chunks: the everyday
// ones (bookings and trips, their lists and pages: screens.everyday.ts), fetched as soon as the first page has
// shown, so opening them does not wait, and those opened now and then (screens.office.ts), on first use; the
// payments desk and the activity log have chunks of their own.
import { useIsFetching } from '@tanstack/react-query';
import { type ComponentType, createElement, Fragment, useEffect, useRef } from 'react';
import type { ResourceProps } from 'react-admin';
import { getResource, type ResourceDef, type ResourceName, resources } from '../shared/registry/index.ts';
import { activityScreens } from './activity/index.ts';
import { mayAccess } from './auth/access.ts';
import { RequireAccess } from './auth/RequireAccess.tsx';
import { useRole } from './auth/useCan.ts';
import { bookingScreens } from './bookings/index.ts';
import { onFirstUse, prefetch } from './common/onDemand.tsx';
import { RecordHistory } from './common/RecordHistory.tsx';
import { configOf } from './generated/screenConfig.ts';
import { generatedScreens, type ResourceScreens, VIEWS } from './generated/screens.ts';
import { reportScreens } from './reports/index.ts';
import { tripScreens } from './trips/index.ts';
import { userScreens } from './users/index.ts';

const handWritten: Partial<Record<ResourceName, ResourceScreens>> = {
  bookings: bookingScreens,
  trips: tripScreens,
  reports: reportScreens,
  users: userScreens,
  activity: activityScreens,
};

/** Which screens a resource has, and how each one loads. */
export const declaredScreens = (def: ResourceDef) =>
  handWritten[def.name as ResourceName] ?? generatedScreens(def);

/** A screen that opens only for a role that may take `action` on `resource`. */
export function guarded(resource: string, action: string, Screen: ComponentType): ComponentType {
  function Guarded() {
    return createElement(RequireAccess, { need: { resource, action } }, createElement(Screen));
  }
  Guarded.displayName = `Guarded(${resource}.${action})`;
  return Guarded;
}

/** A generated edit page, then who changed the record and when. */
function withHistory(resource: string, Edit: ComponentType): ComponentType {
  function EditWithHistory() {
    return createElement(Fragment, null, createElement(Edit), createElement(RecordHistory, { resource }));
  }
  return EditWithHistory;
}

export type Screens = Omit<ResourceProps, 'name'>;

const made = new Map<string, Screens>();

/** A resource's screens for react-admin's Resource (and the spec's own routes), made once. */
export function screensFor(def: ResourceDef): Screens {
  if (made.has(def.name)) return made.get(def.name)!;
  const { views, icon, recordRepresentation } = declaredScreens(def);
  const screens: Screens = { icon, recordRepresentation };
  for (const view of VIEWS) {
    const load = views[view];
    if (!load) continue;
    let Screen = onFirstUse(load);
    if (view === 'edit' && !handWritten[def.name as ResourceName]) Screen = withHistory(def.name, Screen);
    screens[view] = guarded(def.name, view, Screen);
  }
  made.set(def.name, screens);
  return screens;
}

export const allScreens = resources.map((def) => ({ name: def.name, ...screensFor(def) }));

/** What the roles that may open them open all day (their screenConfig's `everyday`): fetched once the first page has shown. */
const EVERYDAY = resources.flatMap((def) =>
  (configOf(def.name).everyday ?? []).map((view) => [def.name, view] as const),
);

/**
 * Fetches the everyday screens the signed-in role may open once the first page has shown and its data has
 * arrived (no request in flight), when the browser is next idle: on a slow link they do not compete with it.
 */
export function usePrefetchEveryday() {
  const { known, role, companyId } = useRole();
  const settled = useIsFetching() === 0;
  const started = useRef(false);
  useEffect(() => {
    if (!known || !settled || started.current) return;
    started.current = true;
    const start = () => {
      for (const [resource, view] of EVERYDAY) {
        const load = declaredScreens(getResource(resource)).views[view];
        // A screen that fails to arrive now is asked for again when opened.
        if (load && mayAccess(role, resource, view, companyId)) prefetch(load).catch(() => undefined);
      }
    };
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1000);
  }, [known, settled, role, companyId]);
}
