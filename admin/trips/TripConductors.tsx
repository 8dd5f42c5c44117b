// A trip's conductors (issue 24), on its page, for the roles that assign them (managers and admins; company
// staff within their company): who opens this trip's door, assigned to this trip or to every trip of its
// company that day, by whom; assign another, take one back. A conductor opens no trip not assigned to them.
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocale, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useCan } from '../auth/useCan.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';
import { useErrorMessage } from '../data/useErrorMessage.ts';
import { useReferenced } from '../generated/fields/RefField.tsx';
import { formatDay } from '../i18n/format.ts';
import { type Assignment, type AssignTo, conductorsApi } from './conductorsApi.ts';

type Reach = 'trip' | 'day';

export function TripConductors() {
  const allowed = useCan('conductors.assign');
  const trip = useRecordContext();
  if (!allowed || !trip) return null;
  return <Conductors tripId={String(trip.id)} date={String(trip.trip_date)} />;
}

function Conductors({ tripId, date }: { tripId: string; date: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`rihla.conductors.${key}`, options);
  const locale = useLocale();
  const notify = useNotify();
  const errorMessage = useErrorMessage();
  const api = conductorsApi(useDataProvider<RihlaDataProvider>());
  const queryClient = useQueryClient();
  const bus = useReferenced('busId', 'buses');
  const owner = bus?.bus_owner_companyId;
  const companyId = owner == null ? undefined : String(typeof owner === 'object' ? owner.id : owner);
  const [userId, setUserId] = useState('');
  const [reach, setReach] = useState<Reach>('trip');

  const key = ['conductors', tripId];
  const assignments = useQuery({ queryKey: key, queryFn: () => api.ofTrip(tripId) });
  const conductors = useQuery({ queryKey: ['conductors', 'accounts'], queryFn: () => api.conductors() });
  const failed = (error: unknown) =>
    notify(errorMessage(error, 'rihla.notices.update_failed'), { type: 'error' });
  const changed = (message: string) => {
    notify(t(message), { type: 'success' });
    void queryClient.invalidateQueries({ queryKey: ['conductors'] });
  };
  const assign = useMutation({
    mutationFn: (to: AssignTo) => api.assign(userId, to),
    onSuccess: () => {
      setUserId('');
      changed('assigned');
    },
    onError: failed,
  });
  const unassign = useMutation({
    mutationFn: (id: string) => api.unassign(id),
    onSuccess: () => changed('unassigned'),
    onError: failed,
  });

  const day = formatDay(date, locale);
  const what = (a: Assignment) => (a.tripId ? t('this_trip') : t('whole_day', { date: day }));
  const to: AssignTo | undefined =
    reach === 'trip' ? { tripId } : companyId ? { companyId, date } : undefined;

  return (
    <Box className="no-print" sx={{ my: 2 }}>
      <Typography variant="subtitle1" component="h3">
        {t('title')}
      </Typography>
      {assignments.isError ? (
        <Alert severity="error">{t('load_failed')}</Alert>
      ) : assignments.data && !assignments.data.length ? (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('none')}
        </Alert>
      ) : (
        <List dense disablePadding>
          {(assignments.data ?? []).map((a) => (
            <ListItem
              key={a._id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('unassign', { name: a.userName ?? '' })}
                  title={t('unassign', { name: a.userName ?? '' })}
                  disabled={unassign.isPending}
                  onClick={() => unassign.mutate(a._id)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={`${a.userName ?? ''} · ${what(a)}`}
                secondary={t('assigned_by', { name: a.assignedByName ?? '' })}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('conductor')}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
          sx={{ minWidth: 220 }}
          helperText={conductors.data && !conductors.data.length ? t('no_conductors') : undefined}
        >
          {(conductors.data ?? []).map((c) => (
            <MenuItem key={c._id} value={c._id}>
              {c.full_name} <bdi style={{ opacity: 0.7, marginInlineStart: 8 }}>{c.email}</bdi>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('reach')}
          value={reach}
          onChange={(event) => setReach(event.target.value as Reach)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="trip">{t('this_trip')}</MenuItem>
          <MenuItem value="day" disabled={!companyId}>
            {t('whole_day', { date: day })}
          </MenuItem>
        </TextField>
        <Button
          variant="outlined"
          disabled={!userId || !to || assign.isPending}
          onClick={() => to && assign.mutate(to)}
        >
          {t('assign')}
        </Button>
      </Stack>
    </Box>
  );
}
