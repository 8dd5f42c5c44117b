// The pieces of one activity entry, shared by the log and a record's history: when (Khartoum time), who (a
// link that keeps only that person's entries, where a list is around), what was done, and to which record
// (linked to its page when the role may open it). The time links to the entry's own page.
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useContext } from 'react';
import { Link, ListContext, useLocale, useTranslate } from 'react-admin';
import { mayAccess } from '../auth/access.ts';
import { useRole } from '../auth/useCan.ts';
import { formatTimestamp } from '../i18n/format.ts';
import { type ActivityRow, kindName, recordPage } from './entries.ts';
import { RecordName, ShortId } from './Names.tsx';

/** The entry's time; with `link`, a link to the entry's own page. */
export function When({ row, link = false }: { row: ActivityRow; link?: boolean }) {
  const locale = useLocale();
  const time = <bdi>{formatTimestamp(row.at, locale)}</bdi>;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {link ? <Link to={`/activity/${encodeURIComponent(row.id)}/show`}>{time}</Link> : time}
    </Typography>
  );
}

/**
 * The staff member, or the traveller of a cancellation no staff member made (its label, the phone's last
 * digits); in the log, pressing the name keeps only their entries.
 */
export function Who({ row, filterable = false }: { row: ActivityRow; filterable?: boolean }) {
  const translate = useTranslate();
  const list = useContext(ListContext);
  const label = row.userLabel ?? '';
  const traveller = !row.userId && row.action === 'cancel_booking';
  const name = traveller ? (
    <>
      {translate('rihla.activity.traveller')} <bdi dir="ltr">{label}</bdi>
    </>
  ) : label ? (
    <bdi>{label}</bdi>
  ) : (
    translate('rihla.activity.nobody')
  );
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {filterable && list && label && !traveller ? (
        <MuiLink
          component="button"
          type="button"
          title={translate('rihla.activity.only_user')}
          onClick={() => list.setFilters({ ...list.filterValues, q: label }, list.displayedFilters)}
          sx={{ textAlign: 'start', font: 'inherit', overflowWrap: 'anywhere' }}
        >
          {name}
        </MuiLink>
      ) : (
        name
      )}
      {row.ip && (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate('rihla.activity.from_address')} <bdi>{row.ip}</bdi>
        </Typography>
      )}
    </Typography>
  );
}

export function What({ row }: { row: ActivityRow }) {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" sx={{ fontWeight: 500 }} data-action={row.action}>
      {translate(`rihla.activity.actions.${row.action}`, { _: row.action })}
    </Typography>
  );
}

/**
 * The record's kind and name (the trip's route and date, a booking's ticket…; its short id when it is gone or
 * this role may not read it), linked to its page when there is one this role may open.
 */
export function Which({ row }: { row: ActivityRow }) {
  const translate = useTranslate();
  const { known, role, companyId } = useRole();
  if (!row.resource) return null;
  const kind = kindName(translate, row.resource);
  const id = row.recordId ? (
    row.action === 'delete' ? (
      <ShortId id={row.recordId} />
    ) : (
      <RecordName resource={row.resource} id={row.recordId} />
    )
  ) : null;
  const page = row.action === 'delete' ? undefined : recordPage(row.resource, row.recordId);
  const label = (
    <>
      {kind} {id}
    </>
  );
  if (!page || !known || !mayAccess(role, row.resource, page.action, companyId))
    return (
      <Typography component="span" variant="body2">
        {label}
      </Typography>
    );
  return (
    <Typography component="span" variant="body2">
      <Link to={page.path}>{label}</Link>
    </Typography>
  );
}
