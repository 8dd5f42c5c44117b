// On a trip with stops, the traveller's own stops in one sentence (the thank-you screen, the look-up):
// "You board at Wad Madani at 11:30 am and get off at Kassala." Nothing for a trip without stops.
import type { Trip } from '../lib/types.ts';
import { stopsOf } from '../lib/legs.ts';
import { useLegNames } from '../lib/use-leg-names.ts';
import { useI18n } from '../lib/use-i18n.ts';
import { Filled, Ltr } from './Filled.tsx';

export function LegsLine({ trip }: { trip: Trip }) {
  const { m } = useI18n();
  const legs = useLegNames(trip);
  if (!stopsOf(trip).length) return null;
  return (
    <p class="legs-line" data-testid="legs-line">
      <Filled
        text={m.booking.yourLegs}
        values={{ origin: legs.origin, destination: legs.destination, time: <Ltr>{legs.boardingTime}</Ltr> }}
      />
    </p>
  );
}
