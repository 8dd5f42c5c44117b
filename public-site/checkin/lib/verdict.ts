// The verdict at the bus door, on the phone and offline: the server's rules (server/resources/boarding/
// checkin.service.ts) applied to the downloaded trip, with this phone's own scans standing in for the boardings
// the server has not heard of yet. A verdict needs no network and no more than a signature check.
//
//   not a code / bad signature / unknown ticket  → forged
//   signed for another trip                       → wrong_trip
//   cancelled (or expired unpaid)                 → cancelled
//   not verified (awaiting, proof sent, rejected) → unpaid: staff decide
//   boarded before (the package or this phone)   → already_boarded, with the earliest scan
//   otherwise                                     → valid: boards now
//
// One case the server never meets: a genuinely signed ticket of this trip that the downloaded list does not
// hold (sold or moved after the download). The phone cannot tell which, so it answers amber (staff decide)
// and the server's verdict replaces it at the next sync.
import { normalizeDigits, TICKET_ID_PATTERN } from '../../../shared/rules.ts';
import { readTicketCode } from '../../../shared/ticket-code.ts';
import type { VerifySignature } from './signature.ts';
import type { CheckinPackage, FirstScan, LocalVerdict, PackageTicket, ScanRecord } from './types.ts';

export interface CheckInput {
  /** The text read from a QR code. */
  qr?: string;
  /** Or a ticket id typed by hand. */
  ticketId?: string;
}

/** A typed ticket number as a 13-digit id (Arabic digits and spaces accepted), or undefined. */
export function cleanTicketId(text: string): string | undefined {
  const id = normalizeDigits(text).replace(/[\s-]/g, '');
  return TICKET_ID_PATTERN.test(id) ? id : undefined;
}

/** Scans of this phone that board a ticket (as the server counts them): valid or already boarded. */
export const isBoardingScan = (scan: Pick<ScanRecord, 'local'>) =>
  scan.local.verdict === 'valid' || scan.local.verdict === 'already_boarded';

/** The earliest of a ticket's boardings, from the package and from this phone's scans. */
export function firstBoarding(
  ticket: PackageTicket,
  scans: readonly Pick<ScanRecord, 'local' | 'scannedAt' | 'deviceId'>[],
): FirstScan | undefined {
  const mine = scans
    .filter((scan) => scan.local.ticketId === ticket.ticketId && isBoardingScan(scan))
    .map(({ scannedAt, deviceId }) => ({ scannedAt, deviceId }));
  return [...ticket.boardings, ...mine].sort(
    (a, b) => Date.parse(a.scannedAt) - Date.parse(b.scannedAt) || a.deviceId.localeCompare(b.deviceId),
  )[0];
}

export interface JudgeContext {
  pkg: CheckinPackage;
  /** This phone's scans of the trip. */
  scans: readonly ScanRecord[];
  verify: VerifySignature;
  /** The package's tickets by id (ticketIndex), kept between checks. */
  tickets?: ReadonlyMap<string, PackageTicket>;
  /** The other downloaded trip holding a ticket id, if any (a typed number of another trip). */
  tripOf?: (ticketId: string) => string | undefined;
}

/** Judges a check against the downloaded trip and this phone's earlier scans of it. */
export async function judge(input: CheckInput, context: JudgeContext): Promise<LocalVerdict> {
  const { pkg, scans, verify, tickets = ticketIndex(pkg), tripOf } = context;
  let signedTrip: string | undefined;
  let ticketId: string | undefined;
  if (input.qr !== undefined) {
    const read = readTicketCode(input.qr);
    if (!read) return { verdict: 'forged', reason: 'badCode', ticketId: null };
    if (!(await verify(read.message, read.signature, pkg.publicKey)))
      return { verdict: 'forged', reason: 'badSignature', ticketId: null };
    signedTrip = read.claim.tripId;
    ticketId = read.claim.ticketId;
  } else {
    ticketId = input.ticketId;
  }
  if (!ticketId) return { verdict: 'forged', reason: 'unknownTicket', ticketId: null };
  const ticket = tickets.get(ticketId);
  if (signedTrip !== undefined && signedTrip !== pkg.trip._id)
    return { verdict: 'wrong_trip', reason: 'otherTrip', ticketId, otherTripId: signedTrip, ticket };
  const elsewhere = !ticket && !signedTrip ? tripOf?.(ticketId) : undefined;
  if (elsewhere && elsewhere !== pkg.trip._id)
    return { verdict: 'wrong_trip', reason: 'otherTrip', ticketId, otherTripId: elsewhere };
  if (!ticket)
    return signedTrip
      ? { verdict: 'unpaid', reason: 'notOnList', ticketId }
      : { verdict: 'forged', reason: 'unknownTicket', ticketId };
  if (ticket.isCancelled)
    return {
      verdict: 'cancelled',
      reason: ticket.paymentStatus === 'expired' ? 'expired' : 'cancelled',
      ticketId,
      ticket,
    };
  if (ticket.paymentStatus !== 'verified')
    return {
      verdict: 'unpaid',
      reason: ticket.paymentStatus === 'expired' ? 'expired' : ticket.paymentStatus,
      ticketId,
      ticket,
    };
  const first = firstBoarding(ticket, scans);
  if (first) return { verdict: 'already_boarded', reason: 'boarded', ticketId, ticket, firstScan: first };
  return { verdict: 'valid', reason: 'firstBoarding', ticketId, ticket };
}

/** Tickets of a package by id (built once per download, so a check is a lookup). */
export function ticketIndex(pkg: CheckinPackage): Map<string, PackageTicket> {
  return new Map(pkg.tickets.map((ticket) => [ticket.ticketId, ticket]));
}
