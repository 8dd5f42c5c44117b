// Whether the signed-in staff member's role may do something (shared/roles.ts, the table the server enforces):
// the back-office hides what would only answer 403. False while the identity loads; true when the server
// names no role (before roles existed).
import { useGetIdentity } from 'react-admin';
import type { Capability } from '../../shared/roles.ts';
import { hasCapability, mayAccess } from './access.ts';

/**
 * The signed-in role, and the company of a company's staff (null: the platform's staff); `known` once the
 * identity has loaded, `isPending` while it loads.
 */
export function useRole(): {
  known: boolean;
  isPending: boolean;
  role: string | undefined;
  companyId: string | null;
} {
  const { identity, isPending } = useGetIdentity();
  return {
    known: !!identity,
    isPending,
    role: identity?.role == null ? undefined : String(identity.role),
    companyId: identity?.companyId == null ? null : String(identity.companyId),
  };
}

export function useCan(capability: Capability): boolean {
  const { known, role } = useRole();
  return known && hasCapability(role, capability);
}

/** Whether the role may take a react-admin action (list, show, create, edit, delete) on a resource. */
export function useCanAccessResource(resource: string, action: string): boolean {
  const { known, role, companyId } = useRole();
  return known && mayAccess(role, resource, action, companyId);
}
