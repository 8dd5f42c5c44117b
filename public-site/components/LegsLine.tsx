// On a trip with stops, the traveller's own stops on the thank-you screen: "Wad Madani to Kassala", and the
// time the bus leaves their stop (in the trip's own words: no new message rides the first visit). Nothing for
// a trip without stops.
import type { Trip } from '../lib/types.ts';
import { stopsOf } from '../lib/legs.ts';
import { useLegNames } from '../lib/use-leg-names.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Ltr } from './Filled.tsx';
import { fill } from '../lib/i18n.ts';

export function LegsLine({ trip }: { trip: Trip }) {
  const { m } = useI18n();
  const legs = useLegNames(trip);
  if (!stopsOf(trip).length) return null;
  return (
    <p class="legs-line" data-testid="legs-line">
      {fill(m.trip.route, { origin: legs.origin, destination: legs.destination })}
      <br />
      {m.trip.boardingTime}: <Ltr>{legs.boardingTime}</Ltr>
    </p>
  );
}
