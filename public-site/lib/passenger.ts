// The passenger step's draft. Its checks are shared/passenger.ts's, the ones the server applies to the
// booking: names (invisible characters dropped, at most 100 characters), a 10-digit phone (Arabic-Indic
// digits count) and an optional e-mail that must look like an address when given.
import { cleanPassenger, passengerProblems } from '../../shared/passenger.ts';
import type { PassengerInfo } from './types.ts';

export { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, passengerProblems } from '../../shared/passenger.ts';

export interface PassengerDraft {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export const emptyPassenger: PassengerDraft = { firstName: '', lastName: '', phone: '', email: '' };

export function isPassengerComplete(draft: PassengerDraft): boolean {
  return !Object.values(passengerProblems(draft)).some(Boolean);
}

/** What the server receives: the details as it stores them (cleaned names, 10 plain digits, no empty e-mail). */
export const passengerInfo = (draft: PassengerDraft): PassengerInfo => cleanPassenger(draft);
