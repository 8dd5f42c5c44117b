// The screens of a resource: which views it has (react-admin's Resource must know before any is shown) and how
// to load each one, on first use (admin/screens.ts). A resource without hand-written screens gets list,
// create, edit (or detail, for inboxes), all generated from its registry entry: a new plain resource appears
// in the admin by its entry alone.
import type { ComponentType } from 'react';
import type { ResourceDef, ResourceName } from '../../shared/registry/index.ts';
import type { ScreenLoader } from '../common/onDemand.tsx';
import { generatedIcons } from './icons.ts';
import { configOf } from './screenConfig.ts';

export type View = 'list' | 'create' | 'edit' | 'show';
export const VIEWS: readonly View[] = ['list', 'create', 'edit', 'show'];

export interface ResourceScreens {
  views: Partial<Record<View, ScreenLoader>>;
  icon?: ComponentType;
  recordRepresentation?: string;
}

/** The screens opened now and then (one chunk). */
export const office = () => import('../screens.office.ts');
/** The screens opened all day (one chunk). */
export const everyday = () => import('../screens.everyday.ts');

/** A generated screen of `def`, loaded on first use. */
export const generated: Record<View, (def: ResourceDef) => ScreenLoader> = {
  list: (def) => async () => (await office()).generatedList(def),
  create: (def) => async () => (await office()).generatedCreate(def),
  edit: (def) => async () => (await office()).generatedEdit(def),
  show: (def) => async () => (await office()).generatedShow(def),
};

export function generatedScreens(def: ResourceDef): ResourceScreens {
  const config = configOf(def.name);
  const views: View[] = config.readOnly
    ? ['list', 'show']
    : [
        'list',
        ...(def.api.create ? (['create'] as const) : []),
        ...(def.api.update && !config.noEdit ? (['edit'] as const) : []),
      ];
  return {
    views: Object.fromEntries(views.map((view) => [view, generated[view](def)])),
    icon: generatedIcons[def.name as ResourceName],
    recordRepresentation: def.representation,
  };
}
