// Boarding: the package a conductor's phone downloads to check tickets offline, and the verdicts of the scans
// it syncs. The server's verdicts are the same rules the phone applies offline (conductor app), with what only
// the server knows: scans from other devices, and payments decided since the download.
import {
  type DoorFacts,
  doorVerdict,
  idLastDigits,
  type SeatTraveller,
  ticketFingerprint,
  type Verdict,
} from '../../../shared/boarding.ts';
import { departureInstant, khartoumMidnight } from '../../../shared/rules.ts';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/schema.ts';
import { referencedDocument } from '../crud/populate.ts';
import { trips } from '../../../shared/registry/index.ts';
import type { TicketSigner } from '../../tickets/signing.ts';
import {
  boardedBefore,
  bookingByTicket,
  firstBoarding,
  keepScan,
  scanId,
  tripRow,
  tripTravellers,
} from './boarding.repository.ts';
import { namedStops, routePlaces } from './trip-stops.ts';
import type { TripDetails } from '../../../shared/contract/documents.ts';

export interface BoardingContext {
  db: Db;
  clock: Clock;
  signer: TicketSigner;
}

/** What a conductor's phone keeps of a trip for offline checking: no full ID numbers, no phones. */
export async function checkinPackage(
  ctx: BoardingContext,
  tripId: string,
  /** How many of the day's other tickets it carries at most. */
  otherTicketsMax = OTHER_TICKETS_MAX,
) {
  const row = await tripRow(ctx.db, tripId);
  if (!row) return undefined;
  const trip = (await referencedDocument(ctx.db, trips, tripId)) as TripDetails;
  const bookings = await tripTravellers(ctx.db, tripId);
  // A trip with stops (issue 23): its towns in order, and each ticket's legs.
  const stops = await namedStops(ctx.db, trip.trip_stops);
  // The day's other live tickets: those of the same company by number and trip, so that one of its other
  // buses typed at this door offline reads "wrong trip" as the server says; other companies' by fingerprint
  // only (their tickets are their business, and a package is a file on a phone that can be lost or shared):
  // typed here offline they still read "wrong trip".
  const companyId = trip.busId?.bus_owner_companyId?._id ?? null;
  const others = await ctx.db
    .selectFrom('bookings')
    .innerJoin('trips', 'trips.id', 'bookings.tripId')
    .leftJoin('buses', 'buses.id', 'trips.busId')
    .select(['bookings.ticketId', 'bookings.tripId', 'buses.bus_owner_companyId as companyId'])
    .where('trips.trip_date', '=', row.trip_date)
    .where('bookings.tripId', '<>', tripId)
    .where('bookings.isCancelled', '=', 0)
    // On a day of more tickets than a package carries, the company's own come first.
    .orderBy(sql`case when ${sql.ref('buses.bus_owner_companyId')} = ${companyId ?? ''} then 0 else 1 end`)
    .limit(otherTicketsMax)
    .execute();
  const ours = others.filter((other) => companyId !== null && other.companyId === companyId);
  const theirs = others.filter((other) => companyId === null || other.companyId !== companyId);
  return {
    trip: {
      _id: tripId,
      trip_date: row.trip_date,
      trip_boarding_time: row.trip_boarding_time,
      departure: departureInstant(row.trip_date, row.trip_boarding_time).toISOString(),
      isCancelled: Boolean(Number(row.isCancelled)),
      origin_city: trip.trip_originId?.origin_city ?? '',
      origin_city_ar: trip.trip_originId?.origin_city_ar ?? null,
      destination_city: trip.trip_destinationId?.destination_city ?? '',
      destination_city_ar: trip.trip_destinationId?.destination_city_ar ?? null,
      bus_number: trip.busId?.bus_number ?? '',
      company_name: trip.busId?.bus_owner_companyId?.company_name ?? '',
      company_name_ar: trip.busId?.bus_owner_companyId?.company_name_ar ?? null,
      stops: routePlaces(
        {
          origin: trip.trip_originId?.origin_city ?? '',
          originAr: trip.trip_originId?.origin_city_ar,
          destination: trip.trip_destinationId?.destination_city ?? '',
          destinationAr: trip.trip_destinationId?.destination_city_ar,
        },
        stops,
      ),
    },
    publicKey: ctx.signer.publicKey,
    generatedAt: ctx.clock.now().toISOString(),
    tickets: bookings.map((booking) => ({
      ticketId: booking.ticketId,
      bookingId: booking.bookingId,
      seats: booking.seats,
      paymentStatus: booking.paymentStatus,
      isCancelled: booking.isCancelled,
      boardingStop: booking.boardingStop,
      alightingStop: booking.alightingStop,
      travellers: booking.travellers.map((t: SeatTraveller) => ({
        seat: t.seat,
        fullName: t.fullName ?? (t.seat === booking.seats[0] ? booking.bookerName : null),
        idType: t.idType,
        idLast: idLastDigits(t.idNumber),
      })),
      boardings: booking.boardings,
    })),
    otherTickets: ours.map((other) => ({ ticketId: other.ticketId, tripId: other.tripId })),
    otherCompanyTickets: await Promise.all(theirs.map((other) => ticketFingerprint(other.ticketId))),
  };
}

/** At most this many of the day's other tickets ride in a package (about 40 bytes each). */
const OTHER_TICKETS_MAX = 5_000;

export interface ScanInput {
  qr?: string;
  ticketId?: string;
  tripId: string;
  scannedAt: string;
  deviceId: string;
  /** The stop the bus was at (trips with stops). */
  stop?: number;
}

export interface ScanVerdict {
  ticketId: string | null;
  verdict: Verdict;
  seats?: number[];
  /** For already_boarded: the scan that boarded the ticket first. */
  firstScan?: { scannedAt: string; deviceId: string };
}

/**
 * What a scan says before boarding is counted, by the door's one rule (shared/boarding.ts doorVerdict, which the
 * phone applies offline too): the server knows every booking, and whether its trip was cancelled.
 */
async function judge(ctx: BoardingContext, scan: ScanInput) {
  let code: DoorFacts['code'];
  if (scan.qr) {
    const claim = ctx.signer.verify(scan.qr);
    code = claim ? { tripId: claim.tripId, ticketId: claim.ticketId } : 'badSignature';
  }
  // The ticket the door reads (doorVerdict's own): the signed one, none for a bad signature, else the typed.
  const ticketId = typeof code === 'object' ? code.ticketId : code ? null : scan.ticketId || null;
  const booking = ticketId ? await bookingByTicket(ctx.db, ticketId) : undefined;
  // A ticket of another trip is wrong_trip, and no more: the door learns nothing of it (not its seats, nor,
  // typed at a company's door, whether another company's booking holds them), and its scan names no booking.
  const own = booking?.tripId === scan.tripId ? booking : undefined;
  const trip = own && (await tripRow(ctx.db, own.tripId));
  // This scan's row: the same scan synced twice is one (syncScans keeps it under this id).
  const id = scanId({ tripId: scan.tripId, ticketId, deviceId: scan.deviceId, scannedAt: scan.scannedAt });
  // Boarded already by another scan, as the phone knows from its list and its own scans: at a later stop
  // it is the traveller on board, not one who should have boarded earlier (this scan, sent again, is not
  // "another").
  const boarded = !!own && (await boardedBefore(ctx.db, own.id, id));
  const door = doorVerdict({
    doorTripId: scan.tripId,
    code,
    typed: scan.ticketId,
    booking: booking && {
      tripId: booking.tripId,
      isCancelled: Number(booking.isCancelled) === 1,
      tripCancelled: Number(trip?.isCancelled) === 1,
      paymentStatus: booking.paymentStatus,
      boardingStop: booking.boardingStop ?? undefined,
      alightingStop: booking.alightingStop ?? undefined,
    },
    complete: true,
    boarded,
    stop: scan.stop,
  });
  const seats = own ? (JSON.parse(own.seats) as number[]) : undefined;
  return { id, verdict: door.verdict, ticketId: door.ticketId, booking: own, seats };
}

/** A scan may be dated this long before its trip's day begins (Khartoum time): boarding a trip just after midnight. */
export const SCAN_EARLY_MARGIN_MS = 6 * 3_600_000;

/**
 * The time a scan counts at: the phone's, when it lies between the start of the door trip's day (less
 * SCAN_EARLY_MARGIN_MS) and the moment the server received it; otherwise the receipt itself. A phone cannot
 * date a scan in 2000 (or tomorrow) to board a ticket first; a phone with a wrong clock boards in the order
 * the server heard it.
 */
export function scanTime(claimed: string, tripDate: string | undefined, received: Date): string {
  const at = Date.parse(claimed);
  const earliest = tripDate ? khartoumMidnight(tripDate) - SCAN_EARLY_MARGIN_MS : received.getTime();
  return at >= earliest && at <= received.getTime() ? new Date(at).toISOString() : received.toISOString();
}

/**
 * Keeps each scan once and answers its verdict. A valid ticket is boarded by its earliest scan (by scanTime;
 * the server's receipt breaks ties), whichever device made it: a later one (or one synced later with an
 * earlier time) answers already_boarded with the first. Sending the same batch again boards nobody twice; a
 * scan that did not board is judged again (its proof verified meanwhile: it boards now).
 */
export async function syncScans(
  ctx: BoardingContext,
  scans: ScanInput[],
  staffId: string,
): Promise<ScanVerdict[]> {
  const received = ctx.clock.now();
  const tripDates = new Map<string, string | undefined>();
  const verdicts: ScanVerdict[] = [];
  for (const scan of scans) {
    if (!tripDates.has(scan.tripId))
      tripDates.set(scan.tripId, (await tripRow(ctx.db, scan.tripId))?.trip_date);
    const judged = await judge(ctx, scan);
    const record = {
      tripId: scan.tripId,
      ticketId: judged.ticketId,
      bookingId: 'booking' in judged && judged.booking ? judged.booking.id : null,
      deviceId: scan.deviceId,
      scannedAt: scanTime(scan.scannedAt, tripDates.get(scan.tripId), received),
      staffId,
    };
    const { id } = judged;
    // A scan at the door of a trip there is no longer (deleted once its bookings were cancelled) is answered
    // and not kept: it boards nobody, and nobody can fill the table with made-up trips.
    const doorTripExists = tripDates.get(scan.tripId) !== undefined;
    if (doorTripExists) await keepScan(ctx.db, id, { ...record, verdict: judged.verdict }, received);
    const first =
      doorTripExists && judged.booking && (judged.verdict === 'valid' || judged.verdict === 'already_boarded')
        ? await firstBoarding(ctx.db, judged.booking.id)
        : undefined;
    // Valid, or boarded by another scan: whichever of them is the earliest boarded the ticket.
    if (!first) verdicts.push({ ticketId: judged.ticketId, verdict: judged.verdict, seats: judged.seats });
    else if (first.id === id) {
      // Counted missing when its trip closed (a phone that synced days later, after a blackout): on board.
      await ctx.db
        .updateTable('bookings')
        .set({ noShow: 0 })
        .where('id', '=', judged.booking!.id)
        .where('noShow', '=', 1)
        .execute();
      verdicts.push({ ticketId: judged.ticketId, verdict: 'valid', seats: judged.seats });
    } else
      verdicts.push({
        ticketId: judged.ticketId,
        verdict: 'already_boarded',
        seats: judged.seats,
        firstScan: { scannedAt: first.scannedAt, deviceId: first.deviceId },
      });
  }
  return verdicts;
}
