// One record's history from the activity log: who did what to it and when (latest first), each change as a
// before → after table, and a link to all of them in the log when there are more than fit here.
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link, Loading, useGetList, useTranslate } from 'react-admin';
import { activity } from '../../shared/registry/index.ts';
import { What, When, Who } from './ActivityParts.tsx';
import { DiffTable } from './DiffTable.tsx';
import { type ActivityRow, diffRows } from './entries.ts';

const SHOWN = 10;

export interface RecordHistoryProps {
  resource: string;
  id: string;
}

export default function RecordHistoryPanel({ resource, id }: RecordHistoryProps) {
  const translate = useTranslate();
  const filter = { resource, recordId: id };
  const { data, total, isPending, error } = useGetList<ActivityRow>('activity', {
    filter,
    sort: activity.defaultSort,
    pagination: { page: 1, perPage: SHOWN },
  });
  const all = `/activity?${new URLSearchParams({ filter: JSON.stringify(filter), displayedFilters: JSON.stringify({ recordId: true }) })}`;
  return (
    <Card
      component="section"
      variant="outlined"
      sx={{ mt: 2 }}
      data-testid="record-history"
      aria-labelledby="record-history-title"
    >
      <CardContent>
        <Typography id="record-history-title" variant="h6" component="h2">
          {translate('rihla.activity.history.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('rihla.activity.history.intro')}
        </Typography>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Alert severity="error">{translate('rihla.activity.history.error')}</Alert>
        ) : !data?.length ? (
          <Typography color="text.secondary">{translate('rihla.activity.history.empty')}</Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1.5}>
            {data.map((row) => (
              <Fragment key={row.id}>
                <Stack spacing={0.5} data-testid="history-entry" data-action={row.action}>
                  <Stack
                    direction="row"
                    spacing={1}
                    useFlexGap
                    sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}
                  >
                    <What row={row} />
                    <When row={row} link />
                  </Stack>
                  <Who row={row} />
                  <DiffTable resource={resource} rows={diffRows(row.diff)} entry={row} />
                </Stack>
              </Fragment>
            ))}
          </Stack>
        )}
        {(total ?? 0) > SHOWN && (
          <Typography sx={{ mt: 2 }}>
            <Link to={all}>{translate('rihla.activity.history.all', { count: total })}</Link>
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
