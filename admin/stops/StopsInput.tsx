// A route's intermediate stops, in order (issue 23): each a town of both lists and the minutes after departure,
// shown as the clock time at that stop too; stops are added, removed and moved up or down.
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Labeled, useInput, useTranslate } from 'react-admin';
import { type StopOnWire, stopTime } from '../../shared/stop-times.ts';
import { asStops, useRouteInForm } from './routeFields.ts';
import { useTowns } from './useTowns.ts';

interface StopsInputProps {
  source: string;
  resource: string;
}

export function StopsInput({ source, resource }: StopsInputProps) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const stops = asStops(field.value);
  const { boardingTime } = useRouteInForm(resource, source);
  const { towns } = useTowns();
  const set = (next: StopOnWire[]) => field.onChange(next);
  const change = (index: number, patch: Partial<StopOnWire>) =>
    set(stops.map((stop, i) => (i === index ? { ...stop, ...patch } : stop)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...stops];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    set(next);
  };
  const clock = (minutes: number) => {
    if (!boardingTime) return '';
    const at = stopTime(boardingTime, minutes);
    const time = translate(`rihla.choices.${at.time}`);
    return translate(at.days ? 'rihla.stops.next_day' : 'rihla.stops.at', { time });
  };
  return (
    <Labeled label={`resources.${resource}.fields.${source}`} fullWidth>
      <Box data-testid="stops-input" sx={{ width: '100%' }}>
        {!stops.length && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('rihla.stops.none')}
          </Typography>
        )}
        {stops.map((stop, index) => {
          const previous = index ? stops[index - 1]!.minutes : 0;
          const badMinutes = !(stop.minutes > previous);
          return (
            <Box
              key={index}
              data-testid="stop-row"
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}
            >
              <Typography sx={{ minWidth: '1.5em' }}>
                <bdi>{index + 1}</bdi>
              </Typography>
              <TextField
                select
                size="small"
                label={translate('rihla.stops.town')}
                value={towns.some((town) => town.originId === stop.originId) ? stop.originId : ''}
                onChange={(event) => {
                  const town = towns.find((t) => t.originId === event.target.value);
                  if (town) change(index, { originId: town.originId, destinationId: town.destinationId });
                }}
                sx={{ minWidth: 180, flex: '1 1 180px' }}
                slotProps={{ htmlInput: { 'aria-label': translate('rihla.stops.town') } }}
              >
                {towns.map((town) => (
                  <MenuItem key={town.originId} value={town.originId}>
                    {town.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={translate('rihla.stops.minutes')}
                value={Number.isFinite(stop.minutes) ? stop.minutes : ''}
                onChange={(event) => change(index, { minutes: Number(event.target.value) })}
                error={badMinutes}
                helperText={clock(stop.minutes)}
                sx={{ width: 170 }}
                slotProps={{
                  htmlInput: { min: 1, step: 5 },
                  formHelperText: { sx: { whiteSpace: 'nowrap' } },
                }}
              />
              <Box sx={{ display: 'flex' }}>
                <IconButton
                  aria-label={translate('rihla.stops.up')}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  <ArrowUpwardIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('rihla.stops.down')}
                  disabled={index === stops.length - 1}
                  onClick={() => move(index, 1)}
                >
                  <ArrowDownwardIcon />
                </IconButton>
                <IconButton
                  aria-label={translate('rihla.stops.remove')}
                  onClick={() => set(stops.filter((_, i) => i !== index))}
                >
                  <DeleteIcon />
                </IconButton>
              </Box>
            </Box>
          );
        })}
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            set([...stops, { originId: '', destinationId: '', minutes: (stops.at(-1)?.minutes ?? 0) + 60 }])
          }
        >
          {translate('rihla.stops.add')}
        </Button>
        <Typography variant="caption" component="p" color="text.secondary">
          {translate('rihla.stops.town_help')}
        </Typography>
      </Box>
    </Labeled>
  );
}
