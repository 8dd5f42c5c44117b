// Shows a page only to a role that may open it (a registry resource's screen, or a page needing a capability),
// and the forbidden page to any other: a typed or shared address never opens a screen that would only meet
// 403s. Nothing renders until the role is known.
import type { ReactNode } from 'react';
import { Loading } from 'react-admin';
import type { Capability } from '../../shared/roles.ts';
import { hasCapability, mayAccess } from './access.ts';
import { ForbiddenPage } from './ForbiddenPage.tsx';
import { useRole } from './useCan.ts';

export type Need = { resource: string; action: string } | { capability: Capability };

export function RequireAccess({ need, children }: { need: Need; children?: ReactNode }) {
  const { known, isPending, role, companyId } = useRole();
  if (!known) return isPending ? <Loading /> : null;
  const allowed =
    'capability' in need
      ? hasCapability(role, need.capability)
      : mayAccess(role, need.resource, need.action, companyId);
  return allowed ? children : <ForbiddenPage />;
}
