// The conductors' assignment calls of the back-office (/api/conductors), typed, over the data provider's
// `request` so that they share its session and its error mapping (HttpError with the server's body).
import type { AssignmentDocument } from '../../shared/contract/conductors.ts';
import { conductorPaths } from '../../shared/api-paths.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';

export type Assignment = AssignmentDocument;
export interface Conductor {
  _id: string;
  full_name: string;
  email: string;
}
/** One trip, or every trip of the trip's company on its day. */
export type AssignTo = { tripId: string } | { companyId: string; date: string };

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function conductorsApi(provider: RihlaDataProvider) {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> =>
    (await provider.request(path, init)).json();
  return {
    /** The assignments that open a trip: its own and its company's day. */
    ofTrip: (tripId: string) =>
      json<Assignment[]>(`${conductorPaths.assignments()}?${new URLSearchParams({ tripId })}`),
    conductors: () => json<Conductor[]>(`${conductorPaths.conductors()}?_start=0&_end=500`),
    assign: (userId: string, to: AssignTo) =>
      json<Assignment>(conductorPaths.assign(), {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ userId, ...to }),
      }),
    unassign: (id: string) => json<Assignment>(conductorPaths.unassign(id), { method: 'DELETE' }),
  };
}
