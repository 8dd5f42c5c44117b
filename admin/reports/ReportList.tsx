// Reports (internal notes): title, the first 15 characters of the description, created and updated dates;
// view (/reports/{id}), edit (/edit-report/{id}) and delete.
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Datagrid, FunctionField, List, useRecordContext } from 'react-admin';
import { REPORT_PREVIEW_LENGTH } from '../../shared/rules.ts';
import { reports } from '../../shared/registry/index.ts';
import { LinkButton } from '../common/LinkButton.tsx';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { listFilters } from '../generated/GeneratedList.tsx';
import { KindField } from '../generated/kinds.tsx';

const filters = listFilters(reports);

export const preview = (text: unknown) => {
  const value = typeof text === 'string' ? text : '';
  return value.length > REPORT_PREVIEW_LENGTH ? `${value.slice(0, REPORT_PREVIEW_LENGTH)}…` : value;
};

export function ViewReportButton() {
  const record = useRecordContext();
  return record ? (
    <LinkButton to={`/reports/${record.id}`} label="rihla.actions.view" icon={<VisibilityIcon />} />
  ) : null;
}

export function EditReportButton() {
  const record = useRecordContext();
  return record ? (
    <LinkButton to={`/edit-report/${record.id}`} label="ra.action.edit" icon={<EditIcon />} />
  ) : null;
}

export function ReportList() {
  return (
    <List resource="reports" sort={reports.defaultSort} filters={filters} exporter={false} perPage={25}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <KindField source="report_title" field={reports.fields.report_title} resource="reports" />
        <FunctionField
          source="report_description"
          label="rihla.reports.preview"
          render={(record) => preview(record.report_description)}
        />
        <KindField source="created_at" field={reports.fields.created_at} resource="reports" />
        <KindField source="updated_at" field={reports.fields.updated_at} resource="reports" />
        <ViewReportButton />
        <EditReportButton />
        <DeleteRecordButton redirect={false} />
      </Datagrid>
    </List>
  );
}
