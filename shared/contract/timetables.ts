// Contracts of the timetable calls written by hand: creating and editing one puts its trips on sale at once,
// and the answer says what happened to its trips (the generic list, one and delete are in crud.ts).
import { z } from 'zod';
import { timetables } from '../registry/index.ts';
import { documentSchema } from './documents.ts';
import { busBusyBody, errorBody } from './errors.ts';
import { documentId } from './fields.ts';
import { route } from './route.ts';

const keptTrip = z.object({
  _id: documentId,
  trip_date: z.iso.date(),
  trip_boarding_time: z.string(),
  bookings: z.number().int().positive().describe('Live bookings on the trip.'),
});

export const timetableGeneration = z.object({
  created: z.number().int().min(0).describe('Trips put on sale now.'),
  updated: z.number().int().min(0).describe('Future trips that took the edit.'),
  removed: z.number().int().min(0).describe('Future trips without travellers whose date left the timetable.'),
  kept: z
    .array(keptTrip)
    .describe(
      'Future trips left as they were because travellers hold seats on them (they keep the old time).',
    ),
});
export type TimetableGeneration = z.infer<typeof timetableGeneration>;

const timetableAnswer = () => documentSchema(timetables).extend({ generation: timetableGeneration });

const busBusy = z
  .union([busBusyBody, errorBody])
  .describe(
    'BUS_BUSY: the bus already has a trip at that time on one of the dates (tripId names it); or a reference raced by a delete.',
  );

export const timetableContract = {
  createTimetable: route(
    'POST',
    '/api/timetables/createTimetable',
    { 201: /* @__PURE__ */ timetableAnswer() },
    [401],
    { 409: busBusy },
  ),
  updateTimetable: route(
    'PATCH',
    '/api/timetables/updateTimetable/:id',
    { 200: /* @__PURE__ */ timetableAnswer() },
    [401, 404],
    { 409: busBusy },
  ),
};
