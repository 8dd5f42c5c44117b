// The fares of a route with stops (issue 23): one price for each pair of its stops, laid out as a grid of
// "from → to" cells. A blank cell is not for sale; origin → destination is the trip's own price.
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Labeled, useInput, useTranslate } from 'react-admin';
import { type FareOnWire, farePairs, faresWithin } from '../../shared/stop-times.ts';
import { asFares, useRouteInForm } from './routeFields.ts';
import { useStopNames } from './useStopNames.ts';

interface FaresInputProps {
  source: string;
  resource: string;
}

export function FaresInput({ source, resource }: FaresInputProps) {
  const translate = useTranslate();
  const { field } = useInput({ source, defaultValue: [] });
  const route = useRouteInForm(resource);
  const names = useStopNames(route);
  const count = route.stops.length;
  const fares = faresWithin(asFares(field.value), count);
  const priceOf = (from: number, to: number) => fares.find((f) => f.from === from && f.to === to)?.price;
  const setPrice = (from: number, to: number, text: string) => {
    const others = fares.filter((f) => f.from !== from || f.to !== to);
    const price = Number(text);
    const next: FareOnWire[] =
      text.trim() && Number.isFinite(price) ? [...others, { from, to, price }] : others;
    field.onChange(next.sort((a, b) => a.from - b.from || a.to - b.to));
  };
  return (
    <Labeled label={`resources.${resource}.fields.${source}`} fullWidth>
      <Box data-testid="fares-input" sx={{ width: '100%' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(count ? 'rihla.stops.fares_intro' : 'rihla.stops.fares_need_stops')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
            gap: 1.5,
          }}
        >
          {farePairs(count).map(([from, to]) => {
            const label = translate('rihla.stops.pair', { from: names[from] || '…', to: names[to] || '…' });
            return (
              <TextField
                key={`${from}-${to}`}
                size="small"
                type="number"
                label={label}
                value={priceOf(from, to) ?? ''}
                onChange={(event) => setPrice(from, to, event.target.value)}
                slotProps={{ htmlInput: { min: 0, 'data-pair': `${from}-${to}` } }}
              />
            );
          })}
        </Box>
      </Box>
    </Labeled>
  );
}
