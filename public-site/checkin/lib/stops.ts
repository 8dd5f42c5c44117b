// A trip with stops at the door (issue 23): the stop the bus is at (remembered per trip on this phone), and the
// tickets that board and get off there. A ticket without legs rides the trip's two ends.
import type { CheckinPackage, PackageTicket } from './types.ts';

const key = (tripId: string) => `rihla-checkin-stop:${tripId}`;

/** The stop this phone last said the bus was at, else the origin. */
export function rememberedStop(pkg: CheckinPackage): number {
  const last = lastStop(pkg);
  try {
    const value = Number(localStorage.getItem(key(pkg.trip._id)));
    return Number.isInteger(value) && value >= 0 && value <= last ? value : 0;
  } catch {
    return 0;
  }
}

export function rememberStop(tripId: string, stop: number) {
  try {
    localStorage.setItem(key(tripId), String(stop));
  } catch {
    // Private mode: the choice lasts while the page is open.
  }
}

/** The destination's stop index (the package names every place, its ends included). */
const lastStop = (pkg: CheckinPackage) => Math.max(1, (pkg.trip.stops?.length ?? 2) - 1);

export const boardingOf = (ticket: PackageTicket) => ticket.boardingStop ?? 0;
export const alightingOf = (ticket: PackageTicket, pkg: CheckinPackage) =>
  ticket.alightingStop ?? lastStop(pkg);

/** The live tickets that board and that get off at a stop, by seat. */
export function ticketsAtStop(pkg: CheckinPackage, stop: number) {
  const live = pkg.tickets
    .filter((ticket) => !ticket.isCancelled)
    .sort((a, b) => (a.seats[0] ?? 0) - (b.seats[0] ?? 0));
  return {
    boarding: live.filter((ticket) => boardingOf(ticket) === stop),
    alighting: live.filter((ticket) => alightingOf(ticket, pkg) === stop),
  };
}
