// A resource's list: paged, sorted and filtered on the server; one column per field through the kind map;
// edit (or view, for inboxes) and delete with confirmation on every row.
import type { ReactElement } from 'react';
import { Datagrid, EditButton, List, SearchInput, ShowButton } from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { filterFields, hasSearch, listColumns } from './columns.ts';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { isSortable, KindField, kinds } from './kinds.tsx';
import { configOf } from './screenConfig.ts';

export function listFilters(def: ResourceDef): ReactElement[] {
  const search = hasSearch(def) ? [<SearchInput key="q" source="q" alwaysOn />] : [];
  return [
    ...search,
    ...filterFields(def).flatMap(
      ([name, field]) => kinds[field.kind].filters?.({ source: name, field, resource: def.name }) ?? [],
    ),
  ];
}

export function generatedList(def: ResourceDef) {
  const config = configOf(def.name);
  const filters = listFilters(def);
  const columns = listColumns(def);

  function GeneratedList() {
    return (
      <List resource={def.name} sort={def.defaultSort} filters={filters} exporter={false} perPage={25}>
        <Datagrid bulkActionButtons={false} rowClick={false}>
          {columns.map(([name, field]) => (
            <KindField
              key={name}
              source={name}
              field={field}
              resource={def.name}
              preview
              sortable={isSortable(field)}
            />
          ))}
          {config.readOnly ? <ShowButton /> : config.noEdit ? null : <EditButton />}
          <DeleteRecordButton redirect={false} />
        </Datagrid>
      </List>
    );
  }
  return GeneratedList;
}
