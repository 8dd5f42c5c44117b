// At the bus door: every seat's traveller with an official ID, as checkpoints ask for them, and what a
// conductor's scan answers. Pure data and functions, read by the server, the back-office and the conductor app.
import { cleanName, NAME_MAX_LENGTH } from './passenger.ts';
import { normalizeDigits } from './rules.ts';

/** Official documents a traveller may board with in Sudan. */
export const ID_TYPES = [
  'national_number',
  'national_card',
  'passport',
  'work_card',
  'other_official',
] as const;
export type IdType = (typeof ID_TYPES)[number];

export interface SeatTraveller {
  seat: number;
  fullName: string | null;
  idType: IdType | null;
  idNumber: string | null;
}

/** An ID number as stored: Latin digits, letters in upper case, without spaces or dashes. */
export function cleanIdNumber(value: string): string {
  return normalizeDigits(value)
    .replace(/[\s\-./]+/g, '')
    .toUpperCase();
}

/** 4 to 30 letters and digits once cleaned (national numbers, passports, work cards). */
export const ID_NUMBER_PATTERN = /^[A-Z0-9]{4,30}$/;

/** What is wrong with a traveller as given, if anything (keys a front end words in its language). */
export function travellerProblem(traveller: {
  fullName?: string | null;
  idType?: string | null;
  idNumber?: string | null;
}): 'name' | 'nameTooLong' | 'idType' | 'idNumber' | 'idIncomplete' | undefined {
  const name = cleanName(traveller.fullName ?? '');
  if (!name) return 'name';
  if (name.length > NAME_MAX_LENGTH) return 'nameTooLong';
  const number = traveller.idNumber ? cleanIdNumber(traveller.idNumber) : '';
  if (traveller.idType && !(ID_TYPES as readonly string[]).includes(traveller.idType)) return 'idType';
  if (number && !ID_NUMBER_PATTERN.test(number)) return 'idNumber';
  if (!!traveller.idType !== !!number) return 'idIncomplete';
  return undefined;
}

/** The last digits of an ID, what a conductor's phone keeps of it. */
export const idLastDigits = (idNumber: string | null) => (idNumber ? idNumber.slice(-4) : null);

/** A scan's verdict, from the conductor's phone or the server. */
export const VERDICTS = ['valid', 'unpaid', 'cancelled', 'wrong_trip', 'forged', 'already_boarded'] as const;
export type Verdict = (typeof VERDICTS)[number];
