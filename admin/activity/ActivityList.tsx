// The activity log (/activity), for the roles that may read it: read only (the server never changes a row),
// newest first, filtered by staff member, action, record kind, a day range (Khartoum days) and, from a
// record's history, one record. Each entry says who did what when, to which record, and what changed as a
// before → after table; a table on a desktop, one card per entry on a phone.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DateInput,
  List,
  Loading,
  SelectInput,
  TextInput,
  TopToolbar,
  FilterButton,
  useListContext,
  useTranslate,
} from 'react-admin';
import { activity } from '../../shared/registry/index.ts';
import { What, When, Which, Who } from './ActivityParts.tsx';
import { DiffTable } from './DiffTable.tsx';
import { ACTIVITY_ACTIONS, ACTIVITY_KINDS, type ActivityRow, diffRows, kindName } from './entries.ts';

/** Record kinds in the page's language (a select's labels are translated without a count: named here). */
function KindSelect({
  alwaysOn: _,
  ...props
}: {
  source: string;
  alwaysOn?: boolean;
  [prop: string]: unknown;
}) {
  const translate = useTranslate();
  const kinds = ACTIVITY_KINDS.map((kind) => ({
    id: kind,
    name: kindName(translate, kind, 2),
  }));
  return (
    <SelectInput
      {...props}
      source={props.source}
      label="rihla.activity.filters.resource"
      choices={kinds}
      translateChoice={false}
    />
  );
}

const filters = [
  <TextInput key="q" source="q" label="rihla.activity.filters.user" alwaysOn resettable />,
  <SelectInput
    key="action"
    source="action"
    label="rihla.activity.filters.action"
    choices={ACTIVITY_ACTIONS.map((action) => ({ id: action, name: `rihla.activity.actions.${action}` }))}
    alwaysOn
  />,
  <KindSelect key="resource" source="resource" alwaysOn />,
  <DateInput key="at_gte" source="at_gte" label="rihla.activity.filters.from" alwaysOn />,
  <DateInput key="at_lte" source="at_lte" label="rihla.activity.filters.to" alwaysOn />,
  <TextInput key="recordId" source="recordId" label="rihla.activity.filters.record" />,
];

const COLUMNS = ['at', 'who', 'what', 'record', 'changes'] as const;
/** Room for an e-mail address on one line, and the most for the changes. */
const COLUMN_WIDTHS: Record<(typeof COLUMNS)[number], object> = {
  at: { width: 130 },
  who: { minWidth: 180 },
  what: { minWidth: 110 },
  record: { minWidth: 120 },
  changes: { width: '45%' },
};

function EntryCard({ row }: { row: ActivityRow }) {
  return (
    <Card variant="outlined" data-testid="activity-entry" data-action={row.action}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack spacing={0.5}>
          <When row={row} link />
          <Who row={row} filterable />
          <span>
            <What row={row} /> · <Which row={row} />
          </span>
          <DiffTable resource={row.resource ?? ''} rows={diffRows(row.diff)} entry={row} />
        </Stack>
      </CardContent>
    </Card>
  );
}

function Entries() {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<ActivityRow>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{translate('rihla.activity.load_error')}</Alert>;
  if (!data.length)
    return (
      <Alert severity="info" sx={{ m: 2 }}>
        {translate('rihla.activity.empty')}
      </Alert>
    );
  if (phone)
    return (
      <Stack spacing={1} sx={{ p: 1 }}>
        {data.map((row) => (
          <EntryCard key={row.id} row={row} />
        ))}
      </Stack>
    );
  return (
    // Long unbroken values (an e-mail, a reference, a file name) wrap inside their cell; a table still too wide
    // scrolls in its own box, never the page.
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" sx={{ '& td': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={COLUMN_WIDTHS[column]}>
                {translate(`rihla.activity.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => (
            <TableRow key={row.id} data-testid="activity-entry" data-action={row.action}>
              <TableCell>
                <When row={row} link />
              </TableCell>
              <TableCell>
                <Who row={row} filterable />
              </TableCell>
              <TableCell>
                <What row={row} />
              </TableCell>
              <TableCell>
                <Which row={row} />
              </TableCell>
              <TableCell>
                <DiffTable resource={row.resource ?? ''} rows={diffRows(row.diff)} entry={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export default function ActivityList() {
  return (
    <List
      resource="activity"
      sort={activity.defaultSort}
      filters={filters}
      actions={
        <TopToolbar>
          <FilterButton />
        </TopToolbar>
      }
      exporter={false}
      perPage={25}
      empty={false}
    >
      <Entries />
    </List>
  );
}
