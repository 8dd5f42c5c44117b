// A search result as the traveller reads it (issue 23): the stretch of the bus's road they searched — the
// towns they board and get off at, when the bus leaves their stop, its fare — as the search answers them (the
// arrival and the bus's whole route show once a trip is chosen). Only the results list imports it: the booking
// pages read the same from lib/legs.ts, and a module shared by the first visit and a lazy page split the first
// chunk (+1.6 KB gzip).
import { boardingTimeOfClock, khartoumClock } from '../../shared/rules.ts';
import { localName } from './format.ts';
import type { Lang } from './i18n.ts';
import type { Trip } from './types.ts';

/** What filterTrips adds to a trip: the stretch searched (shared/contract/segments.ts stretchAnswer). */
type SearchedTrip = Trip & {
  boardingStop?: number;
  alightingStop?: number;
  price?: number;
  departsAt?: string;
};

export function searchStretch(trip: SearchedTrip, lang: Lang) {
  const stops = trip.trip_stops ?? [];
  const last = stops.length + 1;
  const from = trip.boardingStop ?? 0;
  const to = trip.alightingStop ?? last;
  const { trip_originId: start, trip_destinationId: end } = trip;
  const name = (index: number) => {
    const stop = stops[index - 1];
    return index === 0
      ? localName(start.origin_city, start.origin_city_ar, lang)
      : stop
        ? localName(stop.city ?? '', stop.city_ar, lang)
        : localName(end.destination_city, end.destination_city_ar, lang);
  };
  return {
    origin: name(from),
    destination: name(to),
    /** When the bus leaves the traveller's stop, on Khartoum's clock ("11:30 am"). */
    time: trip.departsAt
      ? boardingTimeOfClock(khartoumClock(new Date(trip.departsAt)).slice(11, 16))
      : trip.trip_boarding_time,
    price: trip.price ?? trip.trip_ticket_priceId.price,
    /** The seat map's link carries the stretch (none for the whole trip). */
    query: from === 0 && to === last ? '' : `?boardingStop=${from}&alightingStop=${to}`,
  };
}
