// A resource's list: paged, sorted and filtered on the server; one column per field through the kind map and
// a last column of icon actions (edit, or view for inboxes; delete with a confirmation naming the record).
// On a phone, one row per record with its first fields, opening the record.
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { ReactElement } from 'react';
import {
  Datagrid,
  List,
  SearchInput,
  useCanAccess,
  useCreatePath,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import type { ResourceDef } from '../../shared/registry/index.ts';
import { EmptyList } from '../common/EmptyList.tsx';
import { IconAction } from '../common/IconAction.tsx';
import { Fact, PhoneList } from '../common/PhoneList.tsx';
import { ACTIONS_LABEL, RowActions } from '../common/RowActions.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { filterFields, hasSearch, listColumns } from './columns.ts';
import { DeleteRecordButton } from './DeleteRecordButton.tsx';
import { isSortable, KindField, kindLabel, kinds } from './kinds.tsx';
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

/** Opens the record: its edit page, or its detail page. */
export function OpenButton({ view }: { view: 'edit' | 'show' }) {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  // Only for a role that may open it (authProvider.canAccess, from shared/roles.ts).
  const { canAccess } = useCanAccess({ action: view, resource, record });
  if (!record || !canAccess) return null;
  return (
    <IconAction
      to={createPath({ resource, type: view, id: record.id })}
      label={view === 'edit' ? 'rihla.ui.actions.edit' : 'rihla.ui.actions.show'}
      icon={view === 'edit' ? <EditIcon /> : <VisibilityIcon />}
    />
  );
}

export function generatedList(def: ResourceDef) {
  const config = configOf(def.name);
  const filters = listFilters(def);
  // At most six columns: with the actions they fit a 1280-pixel screen (name a list's columns in the screen
  // config to choose others).
  const columns = listColumns(def).slice(0, 6);
  const open = config.readOnly ? 'show' : def.api.update && !config.noEdit ? 'edit' : undefined;
  const [first, ...rest] = columns;
  const field = ([name, field]: (typeof columns)[number]) => (
    <KindField key={name} source={name} field={field} resource={def.name} preview />
  );

  function GeneratedList() {
    const phone = useIsPhone();
    return (
      <List
        resource={def.name}
        sort={def.defaultSort}
        filters={filters}
        exporter={false}
        perPage={25}
        empty={<EmptyList />}
      >
        {phone ? (
          <PhoneList
            primary={first && field(first)}
            secondary={rest.slice(0, 3).map((column) => (
              <Fact key={column[0]}>{field(column)}</Fact>
            ))}
            rowClick={open ?? false}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            {columns.map(([name, field]) => (
              <KindField
                key={name}
                source={name}
                field={field}
                resource={def.name}
                preview
                sortable={isSortable(field)}
                label={kindLabel({ source: name, field, resource: def.name })}
              />
            ))}
            <RowActions label={ACTIONS_LABEL}>
              {open && <OpenButton view={open} />}
              {def.api.remove && <DeleteRecordButton redirect={false} />}
            </RowActions>
          </Datagrid>
        )}
      </List>
    );
  }
  return GeneratedList;
}
