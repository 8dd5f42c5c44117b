// The Disruptions screen's choices: which trips (a route, from an origin to a destination, over a first and a
// last date; or, for a closed road, every route's trips that travel between the two towns, both ways) and what
// happens to them (cancelled, or delayed to a new date and/or boarding time).
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useGetList, useTranslate } from 'react-admin';
import type { DisruptionAction } from '../../shared/disruptions.ts';
import { useBoardingTimes } from '../common/useBoardingTimes.ts';
import { useLocalName } from '../i18n/localName.tsx';

export interface Choice {
  originId: string;
  destinationId: string;
  from: string;
  to: string;
  /** Every route's trips over the road between the two towns, both ways (not only this route's). */
  road: boolean;
  action: DisruptionAction;
  newDate: string;
  newTime: string;
}

/** Today and the two days after it, cancelled. */
export const emptyChoice = (today: string, addDays: (date: string, days: number) => string): Choice => ({
  originId: '',
  destinationId: '',
  from: today,
  to: addDays(today, 2),
  road: false,
  action: 'cancel',
  newDate: '',
  newTime: '',
});

interface Props {
  value: Choice;
  onChange: (choice: Choice) => void;
}

const ALL = { pagination: { page: 1, perPage: 500 } };
const row = { direction: { xs: 'column', sm: 'row' }, spacing: 2 } as const;

function CitySelect({ resource, field, ...props }: { resource: string; field: string } & SelectProps) {
  const { data = [] } = useGetList(resource, { ...ALL, sort: { field, order: 'ASC' } });
  const localName = useLocalName();
  return (
    <Select {...props}>
      {data.map((city) => (
        <MenuItem key={city.id} value={String(city.id)}>
          {localName(city, field)}
        </MenuItem>
      ))}
    </Select>
  );
}

interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children?: React.ReactNode;
  type?: 'date';
}

function Select({ label, value, onChange, children, type }: SelectProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      select={!type}
      type={type}
      size="small"
      fullWidth
      slotProps={type ? { inputLabel: { shrink: true } } : undefined}
    >
      {children}
    </TextField>
  );
}

export function WhichTrips({ value, onChange }: Props) {
  const translate = useTranslate();
  const set = (key: keyof Choice) => (next: string) => onChange({ ...value, [key]: next });
  const t = (key: string) => translate(`rihla.disruptions.${key}`);
  return (
    <Stack spacing={2}>
      <Stack {...row}>
        <CitySelect
          resource="origins"
          field="origin_city"
          label={t('origin')}
          value={value.originId}
          onChange={set('originId')}
        />
        <CitySelect
          resource="destinations"
          field="destination_city"
          label={t('destination')}
          value={value.destinationId}
          onChange={set('destinationId')}
        />
      </Stack>
      <div>
        <FormControlLabel
          control={
            <Checkbox
              checked={value.road}
              onChange={(event) => onChange({ ...value, road: event.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'disruption-road-help' } }}
            />
          }
          label={t('road')}
        />
        <FormHelperText id="disruption-road-help" sx={{ mt: 0 }}>
          {t('road_help')}
        </FormHelperText>
      </div>
      <Stack {...row}>
        <Select type="date" label={t('from')} value={value.from} onChange={set('from')} />
        <Select type="date" label={t('to')} value={value.to} onChange={set('to')} />
      </Stack>
    </Stack>
  );
}

export function WhatHappens({ value, onChange }: Props) {
  const translate = useTranslate();
  const boardingTimes = useBoardingTimes();
  const set = (key: keyof Choice) => (next: string) => onChange({ ...value, [key]: next });
  const t = (key: string) => translate(`rihla.disruptions.${key}`);
  return (
    <Stack spacing={1}>
      <RadioGroup
        row
        aria-label={t('action')}
        value={value.action}
        onChange={(event) => set('action')(event.target.value)}
      >
        <FormControlLabel value="cancel" control={<Radio />} label={t('cancel')} />
        <FormControlLabel value="delay" control={<Radio />} label={t('delay')} />
      </RadioGroup>
      {value.action === 'delay' && (
        <Stack {...row}>
          <Select type="date" label={t('new_date')} value={value.newDate} onChange={set('newDate')} />
          <Select label={t('new_time')} value={value.newTime} onChange={set('newTime')}>
            <MenuItem value="">—</MenuItem>
            {boardingTimes.map((time) => (
              <MenuItem key={time} value={time}>
                {translate(`rihla.choices.${time}`)}
              </MenuItem>
            ))}
          </Select>
        </Stack>
      )}
    </Stack>
  );
}
