// Reference cells. List answers arrive populated and the dataProvider hands those documents to react-admin's
// cache (meta.prefetched); seeding the reference query from that cache spares one request per column.
import { useQueryClient } from '@tanstack/react-query';
import { type Identifier, type RaRecord, ReferenceField, useRecordContext, useReference } from 'react-admin';
import { RecordLabel } from '../RecordLabel.tsx';

function usePrefetchedOptions(reference: string, id: unknown) {
  const queryClient = useQueryClient();
  const cached =
    id == null ? undefined : queryClient.getQueryData<RaRecord>([reference, 'getOne', { id: String(id) }]);
  return cached ? { initialData: [cached], staleTime: 60_000 } : undefined;
}

/** The referenced record of `source` in the current record, for labels built from several documents. */
export function useReferenced(source: string, reference: string): RaRecord | undefined {
  const id = useRecordContext()?.[source] as Identifier | undefined;
  const options = usePrefetchedOptions(reference, id);
  return useReference({ reference, id: id ?? '', options: { ...options, enabled: id != null } })
    .referenceRecord;
}

interface RefFieldProps {
  source: string;
  reference: string;
  label?: string;
  sortable?: boolean;
  children?: React.ReactNode;
}

export function RefField({ source, reference, children }: RefFieldProps) {
  const id = useRecordContext()?.[source];
  return (
    <ReferenceField
      source={source}
      reference={reference}
      link={false}
      queryOptions={usePrefetchedOptions(reference, id)}
    >
      {children ?? <RecordLabel resource={reference} />}
    </ReferenceField>
  );
}
