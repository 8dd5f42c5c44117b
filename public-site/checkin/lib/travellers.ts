// A ticket's travellers as the door sees them: the downloaded list with the IDs given on this phone laid over
// it until a fresh download carries them, and what a passenger list row needs.
import { idLastDigits } from '../../../shared/boarding.ts';
import type { IdEdit, PackageTicket, PackageTraveller, StoredTrip } from './types.ts';

export interface DoorTraveller extends PackageTraveller {
  /** Given on this phone and not yet sent. */
  pending?: boolean;
}

export function doorTravellers(
  ticket: PackageTicket,
  edits: readonly IdEdit[],
  trip: StoredTrip,
): DoorTraveller[] {
  return ticket.seats.map((seat) => {
    const known = ticket.travellers.find((t) => t.seat === seat) ?? {
      seat,
      fullName: null,
      idType: null,
      idLast: null,
    };
    const edit = edits
      .filter(
        (e) =>
          e.bookingId === ticket.bookingId &&
          e.seat === seat &&
          (e.state === 'pending' || (e.state === 'sent' && e.createdAt > trip.package.generatedAt)),
      )
      .at(-1);
    if (!edit) return known;
    return {
      seat,
      fullName: edit.fullName,
      idType: edit.idType as DoorTraveller['idType'],
      idLast: idLastDigits(edit.idNumber),
      pending: edit.state === 'pending',
    };
  });
}
