// The wire of routes with stops (issue 23, shared/segments.ts): what a booking and a trip's read accept to name
// the stretch of the road a traveller buys, and what a search answers about it.
import { z } from 'zod';
import { readNumber } from '../field-rules.ts';
import { MAX_STOPS, ROUTE_MESSAGES } from '../segments.ts';

const wrongPair = { error: ROUTE_MESSAGES.pairNotForSale.en };
/** A stop index as JSON or form text sends it. */
const stopIndex = (description: string) =>
  z
    .preprocess(
      (value) => (value === '' ? undefined : readNumber(value)),
      z.number(wrongPair).int(wrongPair).min(0, wrongPair).max(MAX_STOPS + 1, wrongPair).optional(),
    )
    .describe(description);

/**
 * The stretch a booking buys: stop indexes, or else the towns the traveller searched (an origin and a
 * destination _id, as filterTrips takes them); neither: the trip's ends.
 */
export const segmentFields = {
  boardingStop: stopIndex('Stop index the traveller boards at: 0 = the trip’s origin (default).'),
  alightingStop: stopIndex('Stop index the traveller alights at: n + 1 = the trip’s destination (default).'),
  origin: z
    .string()
    .max(64)
    .optional()
    .describe('Without boardingStop: the origin _id searched; the trip’s stop in that town.'),
  destination: z
    .string()
    .max(64)
    .optional()
    .describe('Without alightingStop: the destination _id searched; the trip’s stop in that town.'),
};

/** getTrip's query: the seats busy between two stops (default: the ends, a seat busy on any leg). */
export const tripStretchQuery = z.object({
  boardingStop: segmentFields.boardingStop,
  alightingStop: segmentFields.alightingStop,
});

/** What a search answer adds to a trip: the stretch asked, its fare and its times. */
export const stretchAnswer = {
  boardingStop: z.number().int().min(0).describe('The stop the searched origin boards at (0: the trip’s origin).'),
  alightingStop: z.number().int().positive().describe('The stop the searched destination alights at.'),
  price: z.number().positive().describe('The fare of one seat between those stops, in SDG.'),
  departsAt: z.iso.datetime().describe('When the bus leaves the boarding stop.'),
  arrivesAt: z.iso.datetime().describe('When the bus reaches the alighting stop.'),
};

/** A stop of a route as screens name it (the ticket, the look-up, the manifest, the conductor's phone). */
export const stopPlace = z.object({
  index: z.number().int().min(0).describe('0 = the trip’s origin, n + 1 = its destination.'),
  city: z.string(),
  city_ar: z.string().nullable(),
  minutes: z.number().int().min(0).describe('Minutes after the trip leaves its origin.'),
});
export type StopPlace = z.infer<typeof stopPlace>;

/** Every stop of a trip in order, its origin and destination included. */
export const routePlaces = z.array(stopPlace);

/** What a booking line adds about its stretch: its stops, as indexes. */
export const stretchOfBooking = {
  boardingStop: z.number().int().min(0),
  alightingStop: z.number().int().positive(),
};
