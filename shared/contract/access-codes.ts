// Contracts of "find my bookings" by phone: a code texted to the phone, then every booking made with it.
import { z } from 'zod';
import { ACCESS_CODE_WRONG_TRIES } from '../access-codes.ts';
import { bookingMatch } from './answers.ts';
import { errorBody } from './errors.ts';
import { route } from './route.ts';

export const codeSent = z.object({
  expiresAt: z
    .string()
    .describe(
      'Until when the code is good (ISO 8601). The same answer whether or not the phone has bookings: a phone without any is sent nothing.',
    ),
  requestId: z
    .string()
    .describe(
      'This request’s token (128 random bits), to send back with the code to myBookings: the code is checked against this request alone, and wrong codes count against it, never against the phone.',
    ),
});

const refusedFor = z.object({
  until: z.string().optional().describe('CODE_LIMIT: when the phone may be sent a code again (ISO 8601).'),
  scope: z
    .enum(['address', 'phone'])
    .optional()
    .describe(
      'CODE_LIMIT: whose hourly codes are spent: this address’s for the phone (5), or the phone’s own, whoever asked (15).',
    ),
  triesLeft: z
    .number()
    .int()
    .optional()
    .describe(
      `WRONG_CODE: wrong codes this request may still take (it takes ${ACCESS_CODE_WRONG_TRIES}); 0: its code is spent, ask for a new one.`,
    ),
});

export const accessCodeContract = {
  requestCode: route('POST', '/api/bookings/requestCode', { 202: codeSent }, [429], {
    429: errorBody
      .extend(refusedFor.shape)
      .describe(
        'CODE_LIMIT (5 codes for this phone from this address this hour, or 15 from any; until, scope), or too many calls from this address.',
      ),
  }),
  myBookings: route('POST', '/api/bookings/myBookings', { 200: z.array(bookingMatch) }, [429], {
    400: errorBody
      .extend(refusedFor.shape)
      .describe(
        'WRONG_CODE (triesLeft for this request), CODE_EXPIRED (requestId missing, unknown, of another phone, used, expired or spent by wrong codes: ask for a new code; nothing is counted), or the phone or code unreadable.',
      ),
    429: errorBody.describe('Too many calls from this address.'),
  }),
};
