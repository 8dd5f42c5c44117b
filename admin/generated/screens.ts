// The screens of a resource that has no hand-written ones: list, create, edit (or detail, for inboxes),
// all generated from its registry entry. A new plain resource appears in the admin by its entry alone.
import type { ResourceProps } from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { generatedCreate } from './GeneratedCreate.tsx';
import { generatedEdit } from './GeneratedEdit.tsx';
import { generatedList } from './GeneratedList.tsx';
import { generatedShow } from './GeneratedShow.tsx';
import { configOf } from './screenConfig.ts';

export type ResourceScreens = Omit<ResourceProps, 'name'>;

export function generatedScreens(def: ResourceDef): ResourceScreens {
  const config = configOf(def.name);
  if (config.readOnly)
    return { list: generatedList(def), show: generatedShow(def), recordRepresentation: def.representation };
  return {
    list: generatedList(def),
    create: def.api.create ? generatedCreate(def) : undefined,
    edit: def.api.update && !config.noEdit ? generatedEdit(def) : undefined,
    recordRepresentation: def.representation,
  };
}
