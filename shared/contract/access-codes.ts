// Contracts of "find my bookings" by phone: a code texted to the phone, then every booking made with it.
import { z } from 'zod';
import { bookingMatch } from './answers.ts';
import { errorBody } from './errors.ts';
import { route } from './route.ts';

export const codeSent = z.object({
  expiresAt: z
    .string()
    .describe(
      'Until when the code is good (ISO 8601). The same answer whether or not the phone has bookings: a phone without any is sent nothing.',
    ),
});

const refusedFor = z.object({
  until: z.string().optional().describe('PHONE_LOCKED, CODE_LIMIT: when the phone may try again (ISO 8601).'),
  triesLeft: z.number().int().optional().describe('WRONG_CODE: wrong codes left before the phone is locked.'),
});

export const accessCodeContract = {
  requestCode: route('POST', '/api/bookings/requestCode', { 202: codeSent }, [429], {
    429: errorBody
      .extend(refusedFor.shape)
      .describe(
        'CODE_LIMIT (5 codes this hour), PHONE_LOCKED (too many wrong codes), or too many calls from this address.',
      ),
  }),
  myBookings: route('POST', '/api/bookings/myBookings', { 200: z.array(bookingMatch) }, [429], {
    400: errorBody
      .extend(refusedFor.shape)
      .describe('WRONG_CODE (triesLeft), or the phone or code unreadable.'),
    429: errorBody
      .extend(refusedFor.shape)
      .describe('PHONE_LOCKED (until), or too many calls from this address.'),
  }),
};
