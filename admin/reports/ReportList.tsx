// Reports (internal notes): title, the first 15 characters of the description, created and updated dates;
// icon actions: view (/reports/{id}), edit (/edit-report/{id}) and delete. The preview keeps its ellipsis at
// the end of its own text in either language. On a phone each report is one row that opens it.
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Datagrid, FunctionField, List, useRecordContext } from 'react-admin';
import { EmptyList } from '../common/EmptyList.tsx';
import { IconAction } from '../common/IconAction.tsx';
import { Fact, PhoneList } from '../common/PhoneList.tsx';
import { ACTIONS_LABEL, RowActions } from '../common/RowActions.tsx';
import { useIsPhone } from '../common/useIsPhone.ts';
import { REPORT_PREVIEW_LENGTH } from '../../shared/rules.ts';
import { reports } from '../../shared/registry/index.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { listFilters } from '../generated/GeneratedList.tsx';
import { KindField, kindLabel } from '../generated/kinds.tsx';

const filters = listFilters(reports);

export const preview = (text: unknown) => {
  const value = typeof text === 'string' ? text : '';
  return value.length > REPORT_PREVIEW_LENGTH ? `${value.slice(0, REPORT_PREVIEW_LENGTH)}…` : value;
};

/** The preview isolated: a description in English ends with its ellipsis on its own right, even in Arabic. */
const Preview = ({ text }: { text: unknown }) => <bdi>{preview(text)}</bdi>;

export function ViewReportButton() {
  const record = useRecordContext();
  return record ? (
    <IconAction to={`/reports/${record.id}`} label="rihla.ui.actions.show" icon={<VisibilityIcon />} />
  ) : null;
}

export function EditReportButton({ variant = 'icon' }: { variant?: 'icon' | 'button' }) {
  const record = useRecordContext();
  if (!record) return null;
  return variant === 'icon' ? (
    <IconAction to={`/edit-report/${record.id}`} label="rihla.ui.actions.edit" icon={<EditIcon />} />
  ) : (
    <LinkButton to={`/edit-report/${record.id}`} label="ra.action.edit" icon={<EditIcon />} />
  );
}

const field = (name: keyof typeof reports.fields) => {
  const props = { source: name, field: reports.fields[name], resource: 'reports' };
  return <KindField {...props} label={kindLabel(props)} />;
};

export function ReportList() {
  const phone = useIsPhone();
  return (
    <List
      resource="reports"
      sort={reports.defaultSort}
      filters={filters}
      exporter={false}
      perPage={25}
      empty={<EmptyList />}
    >
      {phone ? (
        <PhoneList
          primary={field('report_title')}
          secondary={[
            <Fact key="preview">
              <FunctionField
                source="report_description"
                render={(record) => <Preview text={record.report_description} />}
              />
            </Fact>,
            <Fact key="created">{field('created_at')}</Fact>,
          ]}
          rowClick={(id) => `/reports/${id}`}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          {field('report_title')}
          <FunctionField
            source="report_description"
            label="rihla.reports.preview"
            render={(record) => <Preview text={record.report_description} />}
          />
          {field('created_at')}
          {field('updated_at')}
          <RowActions label={ACTIONS_LABEL}>
            <ViewReportButton />
            <EditReportButton />
            <DeleteRecordButton redirect={false} />
          </RowActions>
        </Datagrid>
      )}
    </List>
  );
}
