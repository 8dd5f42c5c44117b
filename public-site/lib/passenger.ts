// The passenger form's rules (spec section 5): names and a 10-digit phone are needed, e-mail is optional
// but must look like an address when given. Arabic-Indic digits count as digits.
import { EMAIL_PATTERN, isValidPhone, normalizePhone } from '../../shared/rules.ts';
import type { PassengerInfo } from './types.ts';

export interface PassengerDraft {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

export const emptyPassenger: PassengerDraft = { firstName: '', lastName: '', phone: '', email: '' };

export function passengerProblems(draft: PassengerDraft) {
  return {
    firstName: !draft.firstName.trim(),
    lastName: !draft.lastName.trim(),
    phone: !isValidPhone(draft.phone),
    email: draft.email.trim() !== '' && !EMAIL_PATTERN.test(draft.email.trim()),
  };
}

export function isPassengerComplete(draft: PassengerDraft): boolean {
  return !Object.values(passengerProblems(draft)).some(Boolean);
}

/** What the server receives: trimmed, the phone as 10 plain digits, no empty e-mail. */
export function passengerInfo(draft: PassengerDraft): PassengerInfo {
  const email = draft.email.trim();
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phone: normalizePhone(draft.phone),
    ...(email ? { email } : {}),
  };
}
