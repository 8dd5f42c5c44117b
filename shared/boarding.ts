// At the bus door: every seat's traveller with an official ID, as checkpoints ask for them, and what a
// conductor's scan answers. Pure data and functions, read by the server, the back-office and the conductor app.
import { cleanName, NAME_MAX_LENGTH } from './passenger.ts';
import { normalizeDigits } from './rules.ts';

/** Official documents a traveller may board with in Sudan. */
export const ID_TYPES = [
  'national_number',
  'national_card',
  'passport',
  'work_card',
  'other_official',
] as const;
export type IdType = (typeof ID_TYPES)[number];

export interface SeatTraveller {
  seat: number;
  fullName: string | null;
  idType: IdType | null;
  idNumber: string | null;
}

/** An ID number as stored: Latin digits, letters in upper case, without spaces or dashes. */
export function cleanIdNumber(value: string): string {
  return normalizeDigits(value)
    .replace(/[\s\-./]+/g, '')
    .toUpperCase();
}

/** 4 to 30 letters and digits once cleaned (national numbers, passports, work cards). */
export const ID_NUMBER_PATTERN = /^[A-Z0-9]{4,30}$/;

/** What is wrong with a traveller as given, if anything (keys a front end words in its language). */
export function travellerProblem(traveller: {
  fullName?: string | null;
  idType?: string | null;
  idNumber?: string | null;
}): 'name' | 'nameTooLong' | 'idType' | 'idNumber' | 'idIncomplete' | undefined {
  const name = cleanName(traveller.fullName ?? '');
  if (!name) return 'name';
  if (name.length > NAME_MAX_LENGTH) return 'nameTooLong';
  const number = traveller.idNumber ? cleanIdNumber(traveller.idNumber) : '';
  if (traveller.idType && !(ID_TYPES as readonly string[]).includes(traveller.idType)) return 'idType';
  if (number && !ID_NUMBER_PATTERN.test(number)) return 'idNumber';
  if (!!traveller.idType !== !!number) return 'idIncomplete';
  return undefined;
}

/** The last digits of an ID, what a conductor's phone keeps of it. */
export const idLastDigits = (idNumber: string | null) => (idNumber ? idNumber.slice(-4) : null);

/** An ID number as a conductor reads it: its last digits only, after dots ("•••4567"). */
export const maskedIdNumber = (idNumber: string | null) => (idNumber ? `•••${idLastDigits(idNumber)}` : null);

/** A scan's verdict, from the conductor's phone or the server. */
/**
 * How a conductor's package names the day's tickets of other companies: the first 8 hex digits (32 bits) of
 * the SHA-256 of the ticket id (WebCrypto, the same on the server and on the phone). A number typed at the
 * door offline is matched against them ("wrong trip"), while each value stands for ~2,000 of the 9 × 10¹²
 * possible ticket ids, so the package tells nobody another company's tickets.
 */
export async function ticketFingerprint(ticketId: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(ticketId));
  return [...new Uint8Array(digest, 0, 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The trip a typed ticket of another company is "on", for the door's rule: not one the phone can name. */
export const ANOTHER_COMPANYS_TRIP = 'another-company';

export const VERDICTS = [
  'valid',
  'unpaid',
  'cancelled',
  'wrong_trip',
  'wrong_stop',
  'forged',
  'already_boarded',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Why a verdict was reached (the conductor app words each one). */
export type DoorReason =
  | 'badCode'
  | 'badSignature'
  | 'unknownTicket'
  | 'notOnList'
  | 'otherTrip'
  | 'cancelled'
  | 'expired'
  | 'awaiting_proof'
  | 'proof_submitted'
  | 'rejected'
  | 'boarded'
  | 'firstBoarding'
  // At a stop of the trip that is not the ticket's (issue 23): it boards further on, it was to board earlier
  // (not boarded yet), or its journey has ended.
  | 'boardsLater'
  | 'boardedEarlier'
  | 'pastAlighting';

/** What is known at the door about one check, by the server or by the phone offline. */
export interface DoorFacts {
  /** The trip being boarded. */
  doorTripId: string;
  /** A scanned code: unreadable, not signed by us, or what it was signed for. Absent when typed by hand. */
  code?: 'badCode' | 'badSignature' | { tripId: string; ticketId: string };
  /** The ticket id typed by hand. */
  typed?: string | null;
  /** The booking under that ticket id, where known: its trip, whether it or its trip is cancelled, its payment. */
  booking?: {
    tripId: string;
    isCancelled: boolean;
    tripCancelled: boolean;
    paymentStatus: string;
    /** Stop indexes of its legs (0 = the trip's origin … n + 1 = its destination); absent: the ends. */
    boardingStop?: number;
    alightingStop?: number;
  } | null;
  /** The stop the bus is at (a stop index), when the conductor said; absent: the door does not judge stops. */
  stop?: number;
  /**
   * Whether every booking is known (the server), or only a download's (the phone: a genuine code of this trip
   * missing from the list was sold or moved after it, which staff decide on).
   */
  complete: boolean;
  /** The ticket boarded before (an earlier scan known here). */
  boarded?: boolean;
}

export interface DoorVerdict {
  verdict: Verdict;
  reason: DoorReason;
  ticketId: string | null;
  /** The trip a ticket of another trip is for. */
  otherTripId?: string;
  /** For wrong_stop: where the ticket boards and alights (stop indexes). */
  boardingStop?: number;
  alightingStop?: number;
}

/**
 * Whether a ticket may board at the door's stop: at its boarding stop; mid-journey only once boarded (a
 * rescan); never at or after its alighting stop. Undefined when the door's stop or the ticket's legs are not
 * known (a trip without stops, an older phone), which judges nothing.
 */
export function stopProblem(
  stop: number | undefined,
  legs: { boardingStop?: number; alightingStop?: number },
  boarded: boolean,
): 'boardsLater' | 'boardedEarlier' | 'pastAlighting' | undefined {
  if (stop === undefined || legs.boardingStop === undefined || legs.alightingStop === undefined) return;
  if (stop >= legs.alightingStop) return 'pastAlighting';
  if (stop < legs.boardingStop) return 'boardsLater';
  if (stop > legs.boardingStop && !boarded) return 'boardedEarlier';
}

/**
 * The verdict at the bus door, the one rule the server (server/resources/boarding/checkin.service.ts) and the
 * conductor's phone offline (public-site/checkin/lib/verdict.ts) both apply:
 *
 *   unreadable code / bad signature / unknown ticket → forged
 *   signed for, or sold on, another trip             → wrong_trip
 *   cancelled, or its trip cancelled (or expired)    → cancelled
 *   at a stop that is not its own (trips with stops) → wrong_stop
 *   not verified (awaiting, proof sent, rejected)    → unpaid: staff decide
 *   boarded before                                   → already_boarded
 *   otherwise                                        → valid
 */
export function doorVerdict(facts: DoorFacts): DoorVerdict {
  const { code, booking } = facts;
  if (code === 'badCode' || code === 'badSignature')
    return { verdict: 'forged', reason: code, ticketId: null };
  const ticketId = (typeof code === 'object' ? code.ticketId : facts.typed) || null;
  if (!ticketId) return { verdict: 'forged', reason: 'unknownTicket', ticketId: null };
  const signedTrip = typeof code === 'object' ? code.tripId : undefined;
  if (signedTrip !== undefined && signedTrip !== facts.doorTripId)
    return { verdict: 'wrong_trip', reason: 'otherTrip', ticketId, otherTripId: signedTrip };
  if (booking && booking.tripId !== facts.doorTripId)
    return { verdict: 'wrong_trip', reason: 'otherTrip', ticketId, otherTripId: booking.tripId };
  if (!booking)
    return signedTrip !== undefined && !facts.complete
      ? { verdict: 'unpaid', reason: 'notOnList', ticketId }
      : { verdict: 'forged', reason: 'unknownTicket', ticketId };
  const expired = booking.paymentStatus === 'expired';
  if (booking.isCancelled || booking.tripCancelled)
    return { verdict: 'cancelled', reason: expired ? 'expired' : 'cancelled', ticketId };
  const wrongStop = stopProblem(facts.stop, booking, !!facts.boarded);
  if (wrongStop)
    return {
      verdict: 'wrong_stop',
      reason: wrongStop,
      ticketId,
      boardingStop: booking.boardingStop,
      alightingStop: booking.alightingStop,
    };
  if (booking.paymentStatus !== 'verified')
    return {
      verdict: 'unpaid',
      reason: expired ? 'expired' : (booking.paymentStatus as DoorReason),
      ticketId,
    };
  if (facts.boarded) return { verdict: 'already_boarded', reason: 'boarded', ticketId };
  return { verdict: 'valid', reason: 'firstBoarding', ticketId };
}
