// Every seat's traveller (name, official ID): given with the booking (createBooking's optional `passengers`),
// completed by staff or the conductor (updatePassengers). Staff only: never in a traveller's answer, and the
// activity log shows only that an ID changed. A trip's list is locked once it has departed.
import { z } from 'zod';
import { cleanIdNumber, ID_TYPES, type SeatTraveller, travellerProblem } from '../../../shared/boarding.ts';
import { cleanName } from '../../../shared/passenger.ts';
import type { Db } from '../../db/schema.ts';

const PROBLEMS = {
  name: 'Please give the full name of every traveller.',
  nameTooLong: 'Names must be at most 100 characters.',
  idType: `The ID type must be one of: ${ID_TYPES.join(', ')}.`,
  idNumber: 'An ID number is 4 to 30 letters and digits.',
  idIncomplete: 'Give both the type and the number of an ID, or neither.',
} as const;

const traveller = z
  .object({
    seat: z
      .number({ error: 'Each traveller needs a seat number.' })
      .int({ error: 'Each traveller needs a seat number.' }),
    fullName: z.string({ error: PROBLEMS.name }).max(300),
    idType: z.string().max(40).nullish(),
    idNumber: z.string().max(60).nullish(),
  })
  .superRefine((value, ctx) => {
    const problem = travellerProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: PROBLEMS[problem] });
  })
  .transform((value): SeatTraveller => ({
    seat: value.seat,
    fullName: cleanName(value.fullName),
    idType: (value.idType || null) as SeatTraveller['idType'],
    idNumber: value.idNumber ? cleanIdNumber(value.idNumber) : null,
  }));

export const travellersSchema = z
  .array(traveller, { error: 'The travellers must be a list.' })
  .max(3)
  .refine((list) => new Set(list.map((t) => t.seat)).size === list.length, {
    error: 'One traveller per seat.',
  });

/** JSON sent as text by a multipart form. */
export const travellersField = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, travellersSchema);

/**
 * The traveller of every seat of a booking: those given (which must be on the booking's seats), the booker
 * on the first seat when nobody was named there, and nobody yet on the others.
 */
export function seatTravellers(
  seats: number[],
  given: SeatTraveller[] | undefined,
  booker: string,
): SeatTraveller[] | { wrongSeat: number } {
  const stray = given?.find((t) => !seats.includes(t.seat));
  if (stray) return { wrongSeat: stray.seat };
  return seats.map(
    (seat, i) =>
      given?.find((t) => t.seat === seat) ?? {
        seat,
        fullName: i === 0 ? booker : null,
        idType: null,
        idNumber: null,
      },
  );
}

export async function insertTravellers(db: Db, bookingId: string, travellers: SeatTraveller[]) {
  if (!travellers.length) return;
  await db
    .insertInto('booking_passengers')
    .values(travellers.map((t) => ({ bookingId, ...t })))
    .execute();
}

export async function travellersOf(db: Db, bookingIds: string[]): Promise<Map<string, SeatTraveller[]>> {
  const found = new Map<string, SeatTraveller[]>(bookingIds.map((id) => [id, []]));
  if (!bookingIds.length) return found;
  const rows = await db
    .selectFrom('booking_passengers')
    .selectAll()
    .where('bookingId', 'in', bookingIds)
    .orderBy('seat')
    .execute();
  for (const row of rows)
    found.get(row.bookingId)?.push({
      seat: Number(row.seat),
      fullName: row.fullName,
      idType: row.idType as SeatTraveller['idType'],
      idNumber: row.idNumber,
    });
  return found;
}

/** Replaces the travellers of the given seats (others stay as they are). */
export async function replaceTravellers(db: Db, bookingId: string, travellers: SeatTraveller[]) {
  if (!travellers.length) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('booking_passengers')
      .where('bookingId', '=', bookingId)
      .where(
        'seat',
        'in',
        travellers.map((t) => t.seat),
      )
      .execute();
    await insertTravellers(trx, bookingId, travellers);
  });
}
