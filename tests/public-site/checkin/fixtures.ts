// A trip package as /api/checkin/trip answers it, signed with a key made for the test (@noble/ed25519, as the
// server's Node crypto signs: Ed25519 over the code's message), and codes for its tickets: genuine, tampered,
// signed by another key, or for another trip.
import 'fake-indexeddb/auto';
import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { ticketCode, ticketMessage, toBase64Url, type TicketClaim } from '../../../shared/ticket-code.ts';
import type { CheckinApi, PassengerToSend, ScanToSend } from '../../../public-site/checkin/lib/api.ts';
import { ApiError } from '../../../public-site/checkin/lib/session.ts';
import type { CheckinPackage, PackageTicket, ServerVerdict } from '../../../public-site/checkin/lib/types.ts';

export const TRIP_ID = 'trip0000000000000000000a';
export const OTHER_TRIP_ID = 'trip0000000000000000000b';

export interface Keys {
  secret: Uint8Array;
  publicKey: string;
}

export async function makeKeys(): Promise<Keys> {
  const secret = utils.randomSecretKey();
  return { secret, publicKey: toBase64Url(await getPublicKeyAsync(secret)) };
}

export async function sign(keys: Keys, claim: TicketClaim): Promise<string> {
  const signature = await signAsync(new TextEncoder().encode(ticketMessage(claim)), keys.secret);
  return ticketCode(claim, toBase64Url(signature));
}

let next = 1000000000000 + Math.floor(Math.random() * 1e9) * 100;
export function ticket(overrides: Partial<PackageTicket> = {}): PackageTicket {
  const seats = overrides.seats ?? [1];
  return {
    ticketId: String(++next),
    bookingId: `booking${next}`,
    seats,
    paymentStatus: 'verified',
    isCancelled: false,
    travellers: seats.map((seat, i) => ({
      seat,
      fullName: i === 0 ? 'Amna Osman' : null,
      idType: i === 0 ? 'passport' : null,
      idLast: i === 0 ? '4567' : null,
    })),
    boardings: [],
    ...overrides,
  };
}

export function tripPackage(keys: Keys, tickets: PackageTicket[], tripId = TRIP_ID): CheckinPackage {
  return {
    trip: {
      _id: tripId,
      trip_date: '2026-11-24',
      trip_boarding_time: '9:00 am',
      departure: '2026-11-24T07:00:00.000Z',
      isCancelled: false,
      origin_city: 'Khartoum',
      origin_city_ar: 'الخرطوم',
      destination_city: 'Kassala',
      destination_city_ar: 'كسلا',
      bus_number: 'KH-1203',
      company_name: 'Nile Express',
      company_name_ar: 'النيل السريع',
    },
    publicKey: keys.publicKey,
    generatedAt: '2026-11-23T05:00:00.000Z',
    tickets,
    otherTickets: [],
  };
}

export const claimOf = (t: PackageTicket, tripId = TRIP_ID): TicketClaim => ({
  ticketId: t.ticketId,
  tripId,
  seats: t.seats,
});

/** The server's side, in memory: each scan kept once, the earliest boarding scan of a ticket boards it. */
export function fakeServer(pkg: CheckinPackage) {
  const kept = new Map<string, ScanToSend & { ticketId?: string }>();
  const state = {
    online: true,
    loseNextAnswer: false,
    ended: false,
    departed: false,
    /** The trip is not one this conductor checks (403 NOT_DOOR_TRIP on its package and its passengers). */
    notDoorTrip: false,
    /** The trip is not assigned to this conductor (403 NOT_YOUR_TRIP, issue 24). */
    notYourTrip: false,
    /** The account's hourly share of scans is spent (429 TOO_MANY_SCANS). */
    tooManyScans: false,
    /** A trip whose scans the server never takes (403 naming it: unassigned since, or moved days ahead). */
    refusesScansOf: undefined as { tripId: string; code: 'NOT_YOUR_TRIP' | 'NOT_DOOR_TRIP' } | undefined,
  };
  const notDoorTrip = () => {
    if (state.notDoorTrip) throw new ApiError(403, { message: 'not the door', code: 'NOT_DOOR_TRIP' });
    if (state.notYourTrip) throw new ApiError(403, { message: 'not yours', code: 'NOT_YOUR_TRIP' });
  };
  const calls: ScanToSend[][] = [];
  const passengers: { bookingId: string; passengers: PassengerToSend[] }[] = [];
  const tickets = new Map(pkg.tickets.map((t) => [t.ticketId, t]));
  const idOf = (scan: ScanToSend) => scan.ticketId ?? scan.qr?.split('.')[1];
  const boardings = (t: PackageTicket) =>
    [...kept.values()]
      .filter((s) => idOf(s) === t.ticketId && t.paymentStatus === 'verified' && !t.isCancelled)
      .map(({ scannedAt, deviceId }) => ({ scannedAt, deviceId }))
      .sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
  const reachable = () => {
    if (!state.online) throw new ApiError(0);
    if (state.ended) throw new ApiError(401);
  };
  const api: CheckinApi = {
    reachable: async () => state.online,
    tripsOn: async () => [],
    download: async () => {
      reachable();
      notDoorTrip();
      return { ...pkg, tickets: pkg.tickets.map((t) => ({ ...t, boardings: boardings(t) })) };
    },
    sendScans: async (scans) => {
      reachable();
      if (state.tooManyScans) throw new ApiError(429, { message: 'too many', code: 'TOO_MANY_SCANS' });
      const refused = state.refusesScansOf;
      if (refused && scans.some((scan) => scan.tripId === refused.tripId))
        throw new ApiError(403, { message: 'not taken', ...refused });
      calls.push(scans);
      for (const scan of scans) kept.set(`${idOf(scan)}|${scan.deviceId}|${scan.scannedAt}`, scan);
      const verdicts = scans.map((scan): ServerVerdict => {
        const t = tickets.get(idOf(scan) ?? '');
        if (!t) return { ticketId: idOf(scan) ?? null, verdict: 'forged' };
        if (t.paymentStatus !== 'verified')
          return { ticketId: t.ticketId, verdict: 'unpaid', seats: t.seats };
        const [first] = boardings(t);
        return first.deviceId === scan.deviceId && first.scannedAt === scan.scannedAt
          ? { ticketId: t.ticketId, verdict: 'valid', seats: t.seats }
          : { ticketId: t.ticketId, verdict: 'already_boarded', seats: t.seats, firstScan: first };
      });
      if (state.loseNextAnswer) {
        state.loseNextAnswer = false;
        throw new ApiError(0);
      }
      return verdicts;
    },
    updatePassengers: async (bookingId, list) => {
      reachable();
      notDoorTrip();
      if (state.departed) throw new ApiError(409, { message: 'departed', code: 'TRIP_DEPARTED' });
      passengers.push({ bookingId, passengers: list });
      return {};
    },
  };
  return { api, state, calls, kept, passengers };
}
