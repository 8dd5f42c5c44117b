// The title of a detail or edit page: the resource's name and the record's, the record's written in words
// (a lost item's type, not its code) and isolated, so that a date or an English name keeps its order in an
// Arabic title ("رحلة 2026-11-25" used to read 25-11-2026).
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { isolate } from '../../shared/i18n/format.ts';
import { useRepresentationText } from './RecordLabel.tsx';

export function RecordTitle({ view }: { view: 'show' | 'edit' }) {
  const resource = useResourceContext() ?? '';
  const record = useRecordContext();
  const translate = useTranslate();
  const text = useRepresentationText(resource);
  const name = translate(`resources.${resource}.name`, { smart_count: 1 });
  const label = record ? text(record) : '';
  return <>{translate(`ra.page.${view}`, { name, recordRepresentation: label ? isolate(label) : '' })}</>;
}
