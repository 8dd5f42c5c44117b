// Where a counter sale's traveller boards and gets off, on a trip with stops (issue 23): two lists of the
// trip's stops. The seat map and the price follow the choice (a seat freed at Kassala sells for Kassala →
// Port Sudan). Nothing for a trip without stops.
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { asStops, idOf } from './routeFields.ts';
import { useStopNames } from './useStopNames.ts';

export interface Legs {
  boardingStop: number;
  alightingStop: number;
}

interface Props {
  trip: { trip_originId?: unknown; trip_destinationId?: unknown; trip_stops?: unknown };
  legs: Legs | null;
  onChange: (legs: Legs | null) => void;
  disabled?: boolean;
}

export function StopsChoice({ trip, legs, onChange, disabled }: Props) {
  const translate = useTranslate();
  const stops = asStops(trip.trip_stops);
  const names = useStopNames({
    originId: idOf(trip.trip_originId),
    destinationId: idOf(trip.trip_destinationId),
    stops,
  });
  if (!stops.length) return null;
  const last = stops.length + 1;
  const { boardingStop, alightingStop } = legs ?? { boardingStop: 0, alightingStop: last };
  const choose = (from: number, to: number) => {
    const next = { boardingStop: from, alightingStop: Math.max(to, from + 1) };
    onChange(next.boardingStop === 0 && next.alightingStop === last ? null : next);
  };
  const list = (
    label: string,
    value: number,
    options: number[],
    pick: (stop: number) => void,
    name: string,
  ) => (
    <TextField
      select
      size="small"
      name={name}
      label={translate(label)}
      value={String(value)}
      onChange={(event) => pick(Number(event.target.value))}
      disabled={disabled}
      sx={{ minWidth: 160, flex: 1 }}
    >
      {options.map((stop) => (
        <MenuItem key={stop} value={String(stop)}>
          {names[stop] || '…'}
        </MenuItem>
      ))}
    </TextField>
  );
  const indexes = names.map((_, index) => index);
  return (
    <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', mb: 2 }} data-testid="counter-stops">
      {list(
        'rihla.stops.board_at',
        boardingStop,
        indexes.slice(0, -1),
        (from) => choose(from, alightingStop),
        'boardingStop',
      )}
      {list(
        'rihla.stops.alight_at',
        alightingStop,
        indexes.slice(boardingStop + 1),
        (to) => choose(boardingStop, to),
        'alightingStop',
      )}
    </Stack>
  );
}

/** The price of one seat for the legs: the trip's for its ends, the listed fare otherwise (undefined: not sold). */
export function legsPrice(
  trip: { trip_ticket_priceId?: { price?: number } | null; trip_fares?: unknown },
  legs: Legs | null,
): number | undefined {
  const own = trip.trip_ticket_priceId?.price ?? 0;
  if (!legs) return own;
  const fares = Array.isArray(trip.trip_fares)
    ? (trip.trip_fares as { from: number; to: number; price: number }[])
    : [];
  return fares.find((fare) => fare.from === legs.boardingStop && fare.to === legs.alightingStop)?.price;
}
