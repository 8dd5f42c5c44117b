// The traveller of a booking: first and last name (at most 100 characters once invisible characters are
// dropped), a 10-digit phone (Arabic-Indic digits, spaces and dashes accepted) and an optional e-mail. The
// server's createBooking schema and the public site's passenger form both check these rules.
import { cleanLine } from './plain-text.ts';
import { MAX_LENGTHS, phoneProblem, type Problem } from './field-rules.ts';
import { isValidEmail, normalizePhone } from './rules.ts';

export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = MAX_LENGTHS.email;

export interface Passenger {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string;
}

/** What can be wrong with one of the passenger's details (the keys of shared/field-rules.ts). */
export type PassengerProblem = Extract<Problem['key'], 'missing' | 'tooLong' | 'phone' | 'email'>;

/** A name as stored and printed: control and invisible characters dropped, then trimmed (shared/plain-text.ts). */
export const cleanName = cleanLine;

/** An e-mail as stored: trimmed and in lower case; empty means none was given. */
export const cleanEmail = (value: string) => value.trim().toLowerCase();

/** The last three digits of a phone: enough to tell travellers apart in a log, not to reach anyone. */
export const maskedPhone = (phone: string) => `…${phone.slice(-3)}`;

export function nameProblem(value: string): PassengerProblem | undefined {
  const name = cleanName(value);
  if (name === '') return 'missing';
  return name.length > NAME_MAX_LENGTH ? 'tooLong' : undefined;
}

/** The e-mail is optional; when given it must look like an address and fit its limit. */
export function emailProblem(value: string): PassengerProblem | undefined {
  const email = cleanEmail(value);
  return email === '' || (email.length <= EMAIL_MAX_LENGTH && isValidEmail(email)) ? undefined : 'email';
}

/** Each detail's problem, if any: the passenger may travel when none has one. */
export function passengerProblems(
  details: Required<Passenger>,
): Record<keyof Passenger, PassengerProblem | undefined> {
  return {
    firstName: nameProblem(details.firstName),
    lastName: nameProblem(details.lastName),
    phone: phoneProblem(details.phone)?.key,
    email: emailProblem(details.email),
  };
}

/** The details as the server stores them: names cleaned, the phone as 10 plain digits, no empty e-mail. */
export function cleanPassenger(details: Required<Passenger>): Passenger {
  const email = cleanEmail(details.email);
  return {
    firstName: cleanName(details.firstName),
    lastName: cleanName(details.lastName),
    phone: normalizePhone(details.phone),
    ...(email ? { email } : {}),
  };
}
