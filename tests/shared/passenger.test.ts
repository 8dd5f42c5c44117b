// The passenger rules of shared/passenger.ts, and the two places that apply them: the public site's
// passenger step lets a traveller continue exactly when the server's createBooking schema accepts the
// details, and for each detail it flags the server's message names the same problem.
import { describe, expect, it } from 'vitest';
import { isPassengerComplete, passengerInfo, type PassengerDraft } from '../../public-site/lib/passenger.ts';
import {
  EMAIL_FORMAT,
  PERSONAL_DETAILS,
  passengerSchema,
  PHONE_FORMAT,
} from '../../server/resources/bookings/bookings.schemas.ts';
import {
  cleanName,
  NAME_MAX_LENGTH,
  passengerProblems,
  type PassengerProblem,
} from '../../shared/passenger.ts';
import { describeIssues } from '../../shared/registry/index.ts';
import { long } from './helpers/samples.ts';

const SERVER_WORDS: Record<PassengerProblem, string> = {
  missing: PERSONAL_DETAILS,
  tooLong: 'Names must be at most 100 characters.',
  phone: PHONE_FORMAT,
  email: EMAIL_FORMAT,
};

const NAMES = [
  'Amna',
  '  Amna ',
  '',
  '   ',
  '\u200b\u200b',
  '\u202eAmna\u202c',
  'Am\u0007na',
  long(100),
  long(101),
];
const PHONES = [
  '0912345678',
  '٠٩١٢٣٤٥٦٧٨',
  '۰۹۱۲۳۴۵۶۷۸',
  '0912 345-678',
  '(091) 234.5678',
  '09123',
  '',
  '--',
  'abcdefghij',
];
const EMAILS = [
  '',
  '  ',
  'amna@example.com',
  ' AMNA@Example.com ',
  'amna@',
  'amna @x.sd',
  `${long(190)}@example.com`,
];

const ok: PassengerDraft = { firstName: 'Amna', lastName: 'Osman', phone: '0912345678', email: '' };
const drafts: PassengerDraft[] = [
  ...NAMES.flatMap((name) => [
    { ...ok, firstName: name },
    { ...ok, lastName: name },
  ]),
  ...PHONES.map((phone) => ({ ...ok, phone })),
  ...EMAILS.map((email) => ({ ...ok, email })),
  { firstName: '', lastName: long(101), phone: '1', email: 'x' },
];

describe('passenger rules', () => {
  it('clean a name of invisible characters and spaces', () => {
    expect(cleanName(' \u200bAmna\u202e ')).toBe('Amna');
    expect(NAME_MAX_LENGTH).toBe(100);
  });

  it('name each detail’s problem', () => {
    expect(passengerProblems({ firstName: ' ', lastName: long(101), phone: '٠٩١٢', email: 'a@' })).toEqual({
      firstName: 'missing',
      lastName: 'tooLong',
      phone: 'phone',
      email: 'email',
    });
    expect(passengerProblems({ ...ok, phone: '٠٩١٢٣٤٥٦٧٨' })).toEqual({
      firstName: undefined,
      lastName: undefined,
      phone: undefined,
      email: undefined,
    });
  });

  it.each(drafts)('public form and server agree on %j', (draft) => {
    const problems = passengerProblems(draft);
    const result = passengerSchema.safeParse(draft);
    const errors = result.success ? {} : describeIssues(result.error.issues, draft).errors;
    for (const field of ['firstName', 'lastName', 'phone', 'email'] as const) {
      const problem = problems[field];
      expect(errors[field], field).toBe(problem && SERVER_WORDS[problem]);
    }
    expect(result.success).toBe(isPassengerComplete(draft));
  });

  it.each(drafts.filter(isPassengerComplete))('send what the server stores for %j', (draft) => {
    expect(passengerSchema.parse(draft)).toEqual(passengerInfo(draft));
    expect(passengerSchema.parse(passengerInfo(draft))).toEqual(passengerInfo(draft));
  });
});
