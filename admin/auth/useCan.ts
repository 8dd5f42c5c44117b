// Whether the signed-in staff member's role may do something (shared/roles.ts, the table the server enforces):
// the back-office hides what would only answer 403. False while the identity loads; true when the server
// names no role (before roles existed).
import { useGetIdentity } from 'react-admin';
import { type Capability, can } from '../../shared/roles.ts';

export function useCan(capability: Capability): boolean {
  const { identity } = useGetIdentity();
  if (!identity) return false;
  return identity.role === undefined || can(String(identity.role), capability);
}
