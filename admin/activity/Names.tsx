// The records and staff members an activity entry refers to, by name rather than by id: a trip by its route and
// date, a booking by its ticket, anything else as other screens name it (RecordLabel); a staff member (who
// verified, refunded, sold) by their name. The records of a page's entries are asked for together (one list
// call per kind). A record that is gone, or that this role may not read, keeps its short id.
import { RecordContextProvider, useGetIdentity, useGetManyAggregate, useTranslate } from 'react-admin';
import { registry } from '../../shared/registry/index.ts';
import { useCanAccessResource } from '../auth/useCan.ts';
import { RecordLabel } from '../generated/RecordLabel.tsx';
import type { ActivityRow } from './entries.ts';

/** Fields of a booking that hold a staff member's _id. */
export const STAFF_FIELDS = new Set(['verifiedBy', 'refundPaidBy', 'refundRecordedBy', 'soldBy']);

function useRecord(resource: string, id: string, wanted = true) {
  const readable = useCanAccessResource(resource, 'list') && resource in registry;
  const { data } = useGetManyAggregate(
    resource,
    { ids: [id] },
    { enabled: wanted && readable, retry: false },
  );
  return data?.find((record) => String(record.id) === id);
}

export function ShortId({ id }: { id: string }) {
  return (
    <bdi title={id} style={{ whiteSpace: 'nowrap' }}>
      …{id.slice(-6)}
    </bdi>
  );
}

/** A record of `resource` by its name, or its short id when it cannot be read. */
export function RecordName({ resource, id }: { resource: string; id: string }) {
  const record = useRecord(resource, id);
  if (!record) return <ShortId id={id} />;
  return (
    <RecordContextProvider value={record}>
      <bdi>
        <RecordLabel resource={resource} />
      </bdi>
    </RecordContextProvider>
  );
}

/** A staff member by name: oneself, the entry's author, or (for those who may read accounts) anyone. */
export function StaffName({ id, entry }: { id: string; entry?: ActivityRow }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const mine = identity?.id === id ? identity.fullName : undefined;
  const user = useRecord('users', id, !mine);
  const name = mine ?? user?.full_name ?? user?.email ?? (entry?.userId === id ? entry.userLabel : null);
  return name ? <bdi>{String(name)}</bdi> : <span title={id}>{translate('rihla.activity.staff')}</span>;
}
