// Every resource's screens: hand-written where the generated ones are not enough, generated otherwise. Each
// screen opens only for a role that may use it (the forbidden page otherwise, at the same address), and a
// generated edit page shows the record's history below its form.
import { type ComponentType, createElement, Fragment } from 'react';
import { resources, type ResourceDef } from '../shared/registry/index.ts';
import { activityScreens } from './activity/index.ts';
import { RequireAccess } from './auth/RequireAccess.tsx';
import { bookingScreens } from './bookings/index.ts';
import { RecordHistory } from './common/RecordHistory.tsx';
import { generatedScreens, type ResourceScreens } from './generated/screens.ts';
import { reportScreens } from './reports/index.ts';
import { tripScreens } from './trips/index.ts';
import { userScreens } from './users/index.ts';

const handWritten: Record<string, ResourceScreens> = {
  bookings: bookingScreens,
  trips: tripScreens,
  reports: reportScreens,
  users: userScreens,
  activity: activityScreens,
};

const VIEWS = ['list', 'create', 'edit', 'show'] as const;

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

export function screensFor(def: ResourceDef): ResourceScreens {
  const screens = handWritten[def.name] ?? generatedScreens(def);
  const guardedScreens: ResourceScreens = { ...screens };
  for (const view of VIEWS) {
    let Screen = screens[view] as ComponentType | undefined;
    if (!Screen) continue;
    if (view === 'edit' && !handWritten[def.name]) Screen = withHistory(def.name, Screen);
    guardedScreens[view] = guarded(def.name, view, Screen);
  }
  return guardedScreens;
}

export const allScreens = resources.map((def) => ({ name: def.name, ...screensFor(def) }));
