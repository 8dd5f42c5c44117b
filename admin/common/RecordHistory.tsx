// A record's history (who did what to it, when) on its page, for the roles that may read the activity log;
// nothing for the others. The record is the page's (its record context, or the :id of its address).
import { useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { RecordHistoryOnDemand } from '../activity/OnDemand.tsx';
import { useCan } from '../auth/useCan.ts';

export function RecordHistory({ resource, id }: { resource: string; id?: string }) {
  const allowed = useCan('activity.read');
  const record = useRecordContext();
  const params = useParams();
  const recordId = id ?? (record?.id != null ? String(record.id) : params.id);
  if (!allowed || !recordId) return null;
  return <RecordHistoryOnDemand resource={resource} id={recordId} />;
}
