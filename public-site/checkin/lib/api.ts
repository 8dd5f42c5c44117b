// The calls the conductor app makes: a day's trips, a trip's offline package, the scans it syncs and the IDs
// completed at the door. Paths come from the shared tables; answers are the contract's types.
import { API_BASES, apiPath } from '../../../shared/api-paths.ts';
import type { Session } from './session.ts';
import type { CheckinPackage, ServerVerdict, TripDocument } from './types.ts';

export const CHECKIN_API = '/api/checkin';

/** How long the app waits for the server's health answer before it says the server is out of reach. */
export const PROBE_TIMEOUT_MS = 10_000;

export interface ScanToSend {
  qr?: string;
  ticketId?: string;
  tripId: string;
  scannedAt: string;
  deviceId: string;
}

export interface PassengerToSend {
  seat: number;
  fullName: string;
  idType?: string;
  idNumber?: string;
}

export function checkinApi(session: Session) {
  const json = (method: 'POST' | 'PATCH', body: unknown): RequestInit => ({
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    /**
     * Whether the server answers (navigator.onLine says nothing about a Wi-Fi with no way out) within
     * PROBE_TIMEOUT_MS: on a network that swallows requests a call can wait for minutes, and silence is an
     * answer too.
     */
    reachable: () => {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), PROBE_TIMEOUT_MS);
      return fetch('/api/health', { cache: 'no-store', signal: abort.signal })
        .then(
          () => true,
          () => false,
        )
        .finally(() => clearTimeout(timer));
    },
    tripsOn: (date: string) =>
      session.json<TripDocument[]>(
        `${apiPath(API_BASES.trips, 'getAllTrips')}?${new URLSearchParams({ trip_date: date })}`,
      ),
    download: (tripId: string) =>
      session.json<CheckinPackage>(apiPath(CHECKIN_API, 'trip', tripId), { cache: 'no-store' }),
    sendScans: async (scans: ScanToSend[]) =>
      (await session.json<{ verdicts: ServerVerdict[] }>(`${CHECKIN_API}/scans`, json('POST', { scans })))
        .verdicts,
    updatePassengers: (bookingId: string, passengers: PassengerToSend[]) =>
      session.json<unknown>(
        apiPath(API_BASES.bookings, 'updatePassengers', bookingId),
        json('PATCH', { passengers }),
      ),
  };
}

export type CheckinApi = ReturnType<typeof checkinApi>;
