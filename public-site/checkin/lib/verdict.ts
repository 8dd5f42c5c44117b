// The verdict at the bus door, on the phone and offline: the door's one rule (shared/boarding.ts doorVerdict,
// which the server applies too) to the downloaded trip, with this phone's own scans standing in for the
// boardings the server has not heard of yet. A verdict needs no network and no more than a signature check.
//
// One case the server never meets: a genuinely signed ticket of this trip that the downloaded list does not
// hold (sold or moved after the download). The phone cannot tell which, so it answers amber (staff decide)
// and the server's verdict replaces it at the next sync.
import { normalizeDigits, TICKET_ID_PATTERN } from '../../../shared/rules.ts';
import {
  ANOTHER_COMPANYS_TRIP,
  type DoorFacts,
  doorVerdict,
  ticketFingerprint,
} from '../../../shared/boarding.ts';
import { readTicketCode } from '../../../shared/ticket-code.ts';
import type { VerifySignature } from './signature.ts';
import type { CheckinPackage, FirstScan, LocalVerdict, PackageTicket, ScanRecord } from './types.ts';

export interface CheckInput {
  /** The text read from a QR code. */
  qr?: string;
  /** Or a ticket id typed by hand. */
  ticketId?: string;
  /** The stop the bus is at, on a trip with stops (issue 23): a ticket of another stop is wrong_stop. */
  stop?: number;
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

/** Judges a check against the downloaded trip and this phone's earlier scans of it, by the door's one rule. */
export async function judge(input: CheckInput, context: JudgeContext): Promise<LocalVerdict> {
  const { pkg, scans, verify, tickets = ticketIndex(pkg), tripOf } = context;
  let code: DoorFacts['code'];
  if (input.qr !== undefined) {
    const read = readTicketCode(input.qr);
    if (!read) code = 'badCode';
    else if (!(await verify(read.message, read.signature, pkg.publicKey))) code = 'badSignature';
    else code = { tripId: read.claim.tripId, ticketId: read.claim.ticketId };
  }
  const ticketId = typeof code === 'object' ? code.ticketId : code ? undefined : input.ticketId;
  const ticket = ticketId ? tickets.get(ticketId) : undefined;
  // Not on this trip's list: another downloaded trip's, one of the company's other tickets of the day the
  // package names, or one of another company's (by its fingerprint).
  const elsewhere =
    ticketId && !ticket
      ? (tripOf?.(ticketId) ?? otherTrips(pkg).get(ticketId) ?? (await otherCompanys(pkg, ticketId)))
      : undefined;
  const first = ticket ? firstBoarding(ticket, scans) : undefined;
  const door = doorVerdict({
    doorTripId: pkg.trip._id,
    code,
    typed: input.ticketId,
    booking: ticket
      ? {
          tripId: pkg.trip._id,
          isCancelled: ticket.isCancelled,
          tripCancelled: pkg.trip.isCancelled,
          paymentStatus: ticket.paymentStatus,
          boardingStop: ticket.boardingStop,
          alightingStop: ticket.alightingStop,
        }
      : elsewhere
        ? { tripId: elsewhere, isCancelled: false, tripCancelled: false, paymentStatus: 'verified' }
        : undefined,
    complete: false,
    boarded: !!first,
    stop: input.stop,
  });
  return {
    ...door,
    ...(ticket ? { ticket } : {}),
    ...(door.verdict === 'already_boarded' && first ? { firstScan: first } : {}),
  };
}

const otherTripIndexes = new WeakMap<CheckinPackage, Map<string, string>>();
/** The day's other tickets of a package by id (built once per download). */
function otherTrips(pkg: CheckinPackage): Map<string, string> {
  let index = otherTripIndexes.get(pkg);
  if (!index) {
    index = new Map((pkg.otherTickets ?? []).map((other) => [other.ticketId, other.tripId]));
    otherTripIndexes.set(pkg, index);
  }
  return index;
}

const otherCompanyIndexes = new WeakMap<CheckinPackage, Set<string>>();
/** ANOTHER_COMPANYS_TRIP when the package names `ticketId` among other companies' tickets of the day. */
async function otherCompanys(pkg: CheckinPackage, ticketId: string): Promise<string | undefined> {
  if (!pkg.otherCompanyTickets?.length) return undefined;
  let index = otherCompanyIndexes.get(pkg);
  if (!index) otherCompanyIndexes.set(pkg, (index = new Set(pkg.otherCompanyTickets)));
  return index.has(await ticketFingerprint(ticketId)) ? ANOTHER_COMPANYS_TRIP : undefined;
}

/** Tickets of a package by id (built once per download, so a check is a lookup). */
export function ticketIndex(pkg: CheckinPackage): Map<string, PackageTicket> {
  return new Map(pkg.tickets.map((ticket) => [ticket.ticketId, ticket]));
}
