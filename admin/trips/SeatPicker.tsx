// The bus seen from above for a counter sale: four seats a row around the aisle, seat 1 at the front. It
// keeps the physical layout in both languages (dir="ltr"), as the travellers' seat map does. Taken seats
// are disabled; up to `max` seats can be chosen.
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../i18n/format.ts';

interface SeatPickerProps {
  seatCount: number;
  taken: readonly number[];
  selected: readonly number[];
  max: number;
  disabled?: boolean;
  onToggle: (seat: number) => void;
}

const COLOURS = {
  free: { bgcolor: 'background.paper', color: 'text.primary', borderColor: 'grey.500' },
  taken: { bgcolor: 'grey.300', color: 'text.disabled', borderColor: 'grey.300' },
  selected: { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' },
};

function Legend() {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={2} sx={{ mt: 1.5, flexWrap: 'wrap' }}>
      {(['free', 'taken', 'selected'] as const).map((state) => (
        <Stack key={state} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 16, height: 16, border: 1, borderRadius: 0.5, ...COLOURS[state] }} />
          <Typography variant="caption">{translate(`rihla.counter.${state}`)}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}

export function SeatPicker({ seatCount, taken, selected, max, disabled, onToggle }: SeatPickerProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const full = selected.length >= max;
  return (
    <Box>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ textAlign: 'center', mb: 1 }}>
        {translate('rihla.counter.front')}
      </Typography>
      <Box
        dir="ltr"
        role="group"
        aria-label={translate('rihla.counter.seats')}
        data-testid="seat-picker"
        sx={{
          display: 'grid',
          // Two seats, the aisle, two seats.
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr)) 0.5fr repeat(2, minmax(0, 1fr))',
          gap: 0.75,
          maxWidth: 320,
          mx: 'auto',
        }}
      >
        {Array.from({ length: seatCount }, (_, i) => i + 1).map((seat) => {
          const state = taken.includes(seat) ? 'taken' : selected.includes(seat) ? 'selected' : 'free';
          const label =
            state === 'taken'
              ? translate('rihla.counter.seat_taken', { seat })
              : state === 'selected'
                ? translate('rihla.counter.seat_selected', { seat })
                : translate('rihla.counter.seat', { seat });
          return (
            <ButtonBase
              key={seat}
              onClick={() => onToggle(seat)}
              disabled={disabled || state === 'taken' || (state === 'free' && full)}
              aria-pressed={state === 'selected'}
              aria-label={label}
              title={label}
              data-seat={seat}
              data-state={state}
              sx={{
                gridColumn: seat % 4 === 3 ? 4 : undefined,
                height: 40,
                border: 1,
                borderRadius: 1,
                fontWeight: 600,
                ...COLOURS[state],
                '&.Mui-disabled': state === 'free' ? { opacity: 0.5 } : {},
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.dark', outlineOffset: 2 },
              }}
            >
              {formatNumber(seat, locale)}
            </ButtonBase>
          );
        })}
      </Box>
      <Legend />
    </Box>
  );
}
