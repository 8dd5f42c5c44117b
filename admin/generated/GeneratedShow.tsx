// A resource's detail page: every readable field through the kind map, titled with the record's name in words,
// with delete (inbox messages are read and deleted, never edited).
import { ListButton, Show, SimpleShowLayout, TopToolbar } from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { readableFields } from './columns.ts';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { KindField, kindLabel } from './kinds.tsx';
import { RecordTitle } from './RecordTitle.tsx';

export function generatedShow(def: ResourceDef) {
  function GeneratedShow() {
    return (
      <Show
        resource={def.name}
        title={<RecordTitle view="show" />}
        actions={
          <TopToolbar>
            <ListButton />
            <DeleteRecordButton />
          </TopToolbar>
        }
      >
        <SimpleShowLayout>
          {readableFields(def).map(([name, field]) => (
            <KindField
              key={name}
              source={name}
              field={field}
              resource={def.name}
              label={kindLabel({ source: name, field, resource: def.name })}
            />
          ))}
        </SimpleShowLayout>
      </Show>
    );
  }
  return GeneratedShow;
}
