// A traveller's legs of a trip with stops (issue 23): where they board and get off, at what times, for what
// fare. A trip without stops is its two ends at the boarding time, for the trip's price, as before.
import { stopTime } from '../../shared/stop-times.ts';
import type { City } from './use-cities.ts';
import { localName } from './format.ts';
import type { Lang } from './i18n.ts';
import type { Trip } from './types.ts';

/** What a trip of a search answer carries beyond the trip (tripSearchAnswer): the stretch searched, its fare. */
export type TripWithStops = Trip & {
  /** The fare for the pair searched. */
  price?: number;
  boardingStop?: number;
  alightingStop?: number;
};

export interface Legs {
  boardingStop: number;
  alightingStop: number;
}

export const stopsOf = (trip: Trip): NonNullable<Trip['trip_stops']> => trip.trip_stops ?? [];

/** The traveller's legs: as the answer says, else the trip's ends. */
export function legsOf(trip: Trip, asked?: Partial<Legs>): Legs {
  const last = stopsOf(trip).length + 1;
  const answer = trip as TripWithStops;
  const boardingStop = asked?.boardingStop ?? answer.boardingStop ?? 0;
  const alightingStop = asked?.alightingStop ?? answer.alightingStop ?? last;
  return 0 <= boardingStop && boardingStop < alightingStop && alightingStop <= last
    ? { boardingStop, alightingStop }
    : { boardingStop: 0, alightingStop: last };
}

/** Whether the legs are the trip's two ends (then every screen reads as before). */
export const isWholeTrip = (trip: Trip, legs: Legs) =>
  legs.boardingStop === 0 && legs.alightingStop === stopsOf(trip).length + 1;

/** The fare of the traveller's legs (the search's answer), else the trip's price. */
export const legsPrice = (trip: Trip) => (trip as TripWithStops).price ?? trip.trip_ticket_priceId.price;

/**
 * A trip with the traveller's legs written on it (as filterTrips answers them), so every screen of the booking
 * reads them from the trip: its legs and their fare (from the trip's fares; the ends are the trip's price).
 */
export function withLegs(trip: Trip, asked: Partial<Legs>): Trip {
  const legs = legsOf(trip, asked);
  if (isWholeTrip(trip, legs)) return trip;
  const fares = trip.trip_fares ?? [];
  const fare = fares.find((f) => f.from === legs.boardingStop && f.to === legs.alightingStop);
  return { ...trip, ...legs, ...(fare ? { price: fare.price } : {}) } as TripWithStops;
}

/** The names of a trip's stops by index in the page's language: its origin, its stops, its destination. */
export function stopNames(trip: Trip, lang: Lang, origins: readonly City[] = []): string[] {
  const { trip_originId: from, trip_destinationId: to } = trip;
  const byId = new Map(origins.map((city) => [city.id, city]));
  return [
    localName(from.origin_city, from.origin_city_ar, lang),
    ...stopsOf(trip).map(({ originId, city, city_ar }) => {
      // Answers name the towns; else the cities list does.
      if (city) return localName(city, city_ar, lang);
      const known = byId.get(originId);
      return known ? localName(known.name, known.nameAr, lang) : '…';
    }),
    localName(to.destination_city, to.destination_city_ar, lang),
  ];
}

/** The clock `minutes` after a departure ("9:00 am", 150 → "11:30 am"). */
export const timeAfter = (departure: string, minutes: number) => stopTime(departure, minutes).time;

/** The boarding time at a stop ("9:00 am" at the origin, "11:30 am" two and a half hours on). */
export function timeAtStop(trip: Trip, stop: number): string {
  const minutes = stop === 0 ? 0 : (stopsOf(trip)[stop - 1]?.minutes ?? 0);
  return stopTime(trip.trip_boarding_time, minutes).time;
}

/** Legs read back from a page's query, where they are whole numbers. */
export function legsFromQuery(query: Record<string, string | undefined>): Partial<Legs> {
  const read = (value: string | undefined) => (value && /^\d{1,2}$/.test(value) ? Number(value) : undefined);
  const boardingStop = read(query.boardingStop);
  const alightingStop = read(query.alightingStop);
  return boardingStop === undefined || alightingStop === undefined ? {} : { boardingStop, alightingStop };
}
