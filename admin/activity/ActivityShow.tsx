// One entry of the activity log (/activity/{id}/show), opened from its time in the log: who did what, when
// (Khartoum time), from which address, to which record (linked to its page), and what changed, before → after.
// Read only, like the log.
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Labeled, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { isolate } from '../../shared/i18n/format.ts';
import { What, When, Which, Who } from './ActivityParts.tsx';
import { DiffTable } from './DiffTable.tsx';
import { type ActivityRow, diffRows } from './entries.ts';

/** "Activity entry: Cancelled the trip". */
function EntryTitle() {
  const row = useRecordContext<ActivityRow>();
  const translate = useTranslate();
  const name = translate('resources.activity.name', { smart_count: 1 });
  const what = row ? translate(`rihla.activity.actions.${row.action}`, { _: row.action }) : '';
  return <>{translate('ra.page.show', { name, recordRepresentation: what ? isolate(what) : '' })}</>;
}

function Fact({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Labeled label={label} sx={{ '& .RaLabeled-label': { mb: 0.25 } }}>
      {children}
    </Labeled>
  );
}

function Entry() {
  const row = useRecordContext<ActivityRow>();
  const translate = useTranslate();
  if (!row) return null;
  const changes = diffRows(row.diff);
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 900 }} data-testid="activity-entry" data-action={row.action}>
      <Fact label="rihla.activity.columns.at">
        <When row={row} />
      </Fact>
      <Fact label="rihla.activity.columns.who">
        <Who row={row} />
      </Fact>
      <Fact label="rihla.activity.columns.what">
        <What row={row} />
      </Fact>
      {row.resource && (
        <Fact label="rihla.activity.columns.record">
          <Which row={row} />
        </Fact>
      )}
      <Typography variant="h6" component="h2">
        {translate('rihla.activity.columns.changes')}
      </Typography>
      {changes.length ? (
        <DiffTable resource={row.resource ?? ''} rows={changes} entry={row} />
      ) : (
        <Typography color="text.secondary">{translate('rihla.activity.no_changes')}</Typography>
      )}
    </Stack>
  );
}

export default function ActivityShow() {
  return (
    <Show
      resource="activity"
      title={<EntryTitle />}
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <Entry />
    </Show>
  );
}
