// The report view (/reports/{id}): title, full description, dates; edit and delete.
import { ListButton, Show, SimpleShowLayout, TopToolbar } from 'react-admin';
import { reports } from '../../shared/registry/index.ts';
import { DeleteRecordButton } from '../generated/DeleteRecordButton.tsx';
import { KindField, kindLabel } from '../generated/kinds.tsx';
import { RecordTitle } from '../generated/RecordTitle.tsx';
import { EditReportButton } from './ReportList.tsx';

const FIELDS = ['report_title', 'report_description', 'created_at', 'updated_at'] as const;

export function ReportShow() {
  return (
    <Show
      resource="reports"
      title={<RecordTitle view="show" />}
      actions={
        <TopToolbar>
          <ListButton />
          <EditReportButton variant="button" />
          <DeleteRecordButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        {FIELDS.map((name) => (
          <KindField
            key={name}
            source={name}
            field={reports.fields[name]}
            resource="reports"
            label={kindLabel({ source: name, field: reports.fields[name], resource: 'reports' })}
          />
        ))}
      </SimpleShowLayout>
    </Show>
  );
}
