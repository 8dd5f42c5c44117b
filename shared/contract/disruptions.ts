// Contracts of the disruption calls: the operator cancels or delays trips (POST /api/trips/disrupt), and a
// traveller of a cancelled trip chooses another trip of the route (moveBooking) or a full refund
// (requestRefund). shared/disruptions.ts holds the rules and the request bodies.
import { z } from 'zod';
import { DISRUPTION_ACTIONS, MAX_DISRUPTED_TRIPS } from '../disruptions.ts';
import { isValidDate } from '../rules.ts';

const DAY_MS = 86_400_000;
import { travellerBookingDocument } from './documents.ts';
import { errorBody } from './errors.ts';
import { documentId } from './fields.ts';
import { route } from './route.ts';

const dateField = z
  .string()
  .trim()
  .refine(isValidDate, { error: 'Dates must be real dates written YYYY-MM-DD.' });
const boardingTime = z
  .string()
  .trim()
  .regex(/^(1[0-2]|[1-9]):[0-5]\d (am|pm)$/, { error: 'A boarding time is written like 9:00 am.' });
const reason = z
  .string({ error: 'Give the reason in English and in Arabic.' })
  .trim()
  .min(3, { error: 'Give the reason in English and in Arabic.' })
  .max(200, { error: 'A reason is at most 200 characters.' });

/** POST /api/trips/disrupt: which trips (by id, or a route over dates), what happens, and why. */
export const disruptBody = z
  .object({
    tripIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_DISRUPTED_TRIPS).optional(),
    originId: z.string().min(1).max(64).optional(),
    destinationId: z.string().min(1).max(64).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
    road: z
      .boolean()
      .optional()
      .describe(
        'With a route and dates: every trip of those dates, of any route, that travels from the origin town to the destination town or back (a closed road), not only the trips of that route.',
      ),
    action: z.enum(DISRUPTION_ACTIONS, { error: 'The action is cancel or delay.' }),
    newBoardingTime: boardingTime.optional(),
    newDate: dateField.optional(),
    reason_en: reason,
    reason_ar: reason,
    dryRun: z.boolean().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const byRoute = body.originId || body.destinationId || body.from || body.to || body.road;
    if (!body.tripIds && !(body.originId && body.destinationId && body.from && body.to))
      ctx.addIssue({
        code: 'custom',
        path: ['tripIds'],
        message: 'Name the trips (tripIds), or a route and its dates (originId, destinationId, from, to).',
      });
    if (body.tripIds && byRoute)
      ctx.addIssue({ code: 'custom', path: ['tripIds'], message: 'Name the trips or a route, not both.' });
    if (body.from && body.to && body.from > body.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last date is before the first.' });
    // 92 dates, the first and the last included.
    if (body.from && body.to && Date.parse(body.to) - Date.parse(body.from) >= 92 * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A disruption covers at most 92 days.' });
    if (body.action === 'delay' && !body.newBoardingTime && !body.newDate)
      ctx.addIssue({
        code: 'custom',
        path: ['newBoardingTime'],
        message: 'A delay needs the new boarding time or the new date.',
      });
    if (body.action === 'cancel' && (body.newBoardingTime || body.newDate))
      ctx.addIssue({ code: 'custom', path: ['newDate'], message: 'A cancellation has no new time.' });
  });
export type DisruptBody = z.infer<typeof disruptBody>;

/** PATCH /api/trips/cancelTrip/{id}'s optional body: the reason travellers are told. */
export const cancelTripBody = z
  // Clients of the specification send {isCancelled: true}: other keys are read as nothing.
  .object({ reason_en: reason.optional(), reason_ar: reason.optional() })
  .nullish();

const figures = {
  bookings: z.number().int().describe('Live bookings on the trip.'),
  waiting: z.number().int().describe('Of them, paid or with a proof to decide: their travellers choose.'),
  released: z.number().int().describe('Of them, unpaid holds without a proof: released at once.'),
  passengers: z.number().int().describe('Seats of the live bookings.'),
  phones: z.number().int().describe('Phones to tell by text message.'),
  paid: z.number().describe('Money paid for them (SDG).'),
  undecided: z.number().describe('Money whose proof staff have not yet decided (SDG).'),
};

export const tripImpact = z.object({
  tripId: documentId,
  trip_originId: z.string().optional().describe('Its route (absent when the trip was not found).'),
  trip_destinationId: z.string().optional(),
  trip_date: z.string(),
  trip_boarding_time: z.string(),
  new_date: z.string().optional(),
  new_boarding_time: z.string().optional(),
  ...figures,
  refused: z
    .enum(['ALREADY_CANCELLED', 'DEPARTED', 'NOT_FOUND', 'FAILED', 'NOT_LATER', 'BUS_BUSY'])
    .optional()
    .describe(
      'Why this trip was left as it was; absent when done (or, in a dry run, when it would be). NOT_LATER: a delay to a time not after the trip’s own; BUS_BUSY: its bus has another trip at the new time.',
    ),
});

export const disruptAnswer = z.object({
  dryRun: z.boolean(),
  action: z.enum(DISRUPTION_ACTIONS),
  trips: z.array(tripImpact),
  unsure: z
    .array(
      tripImpact.pick({
        tripId: true,
        trip_originId: true,
        trip_destinationId: true,
        trip_date: true,
        trip_boarding_time: true,
      }),
    )
    .optional()
    .describe(
      'A closed road only: trips of its dates, not in `trips` and left as they were, that name no stops but run between two towns another route joins over the road (a direct bus beside the corridor’s): they may travel it. Staff check them, and disrupt them by tripIds if they do.',
    ),
  totals: z.object({
    trips: z.number().int().describe('Trips done (or that would be).'),
    refused: z.number().int(),
    ...figures,
  }),
});

export type DisruptAnswer = z.infer<typeof disruptAnswer>;

/** moveBooking's 409s. */
export const moveConflictBody = z.discriminatedUnion('code', [
  errorBody.extend({ code: z.literal('SEATS_TAKEN'), takenSeats: z.array(z.number().int()).min(1) }),
  errorBody.extend({
    code: z.enum(['NOT_WAITING', 'TRIP_UNAVAILABLE', 'SEAT_COUNT', 'SEAT_OUT_OF_RANGE']),
  }),
]);

export const disruptionContract = {
  disrupt: route('POST', '/api/trips/disrupt', { 200: disruptAnswer }, [401], {
    400: errorBody
      .extend({
        limit: z.number().int().optional(),
        trips: z.number().int().optional(),
      })
      .describe(
        'The body does not name trips as it should; or TOO_MANY_TRIPS: the route or road names more trips than one call may touch (`trips`, at most `limit`), nothing changed; or DELAY_ONE_DAY: a delay to a new date names trips leaving on several days.',
      ),
  }),
  moveBooking: route(
    'POST',
    '/api/bookings/moveBooking',
    { 200: travellerBookingDocument.describe('The booking on its new trip (same ticket id).') },
    [403, 404, 429],
    {
      409: moveConflictBody.describe(
        'SEATS_TAKEN (takenSeats); NOT_WAITING (the booking has nothing to choose); TRIP_UNAVAILABLE (not a trip of the route within the window, or cancelled, departed or out of service); SEAT_COUNT (not as many seats as the booking has); SEAT_OUT_OF_RANGE.',
      ),
    },
  ),
  requestRefund: route(
    'POST',
    '/api/bookings/requestRefund',
    { 200: travellerBookingDocument.describe('The booking, cancelled, its refund due.') },
    [403, 404, 409, 429],
  ),
};
