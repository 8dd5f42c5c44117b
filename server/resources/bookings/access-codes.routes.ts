// "Find my bookings" by phone: POST requestCode texts a one-time code and answers that request's token
// (requestId), POST myBookings answers every booking made with the phone for the right code of that request.
// Both count against the address (ACCESS_CODE_RATE_LIMIT_PER_IP, one group) besides each phone's own limits
// (access-codes.ts: per asking address, and per phone). The rules live there; this only translates.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ACCESS_CODE_LENGTH, ACCESS_CODES_PER_HOUR, isAccessCode } from '../../../shared/access-codes.ts';
import { accessCodeContract } from '../../../shared/contract/index.ts';
import { messageLanguage } from '../../../shared/messages.ts';
import { normalizeDigits, normalizePhone, PHONE_PATTERN } from '../../../shared/rules.ts';
import { clientOf } from '../../http/connections.ts';
import { HttpError } from '../../http/errors.ts';
import { type RefusalTable, refusalError } from '../../http/refusals.ts';
import { typed } from '../../http/validation.ts';
import { checkCode, type CodeRefusal, requestCode } from './access-codes.ts';
import { PHONE_FORMAT } from './bookings.schemas.ts';
import { bookingContext, phoneBookings } from '../../sales/index.ts';
import { withTicketCodes } from './ticket.ts';

const CODE_FORMAT = `The code is the ${ACCESS_CODE_LENGTH} digits of the text message.`;
const REQUEST_FORMAT = 'requestId is the token requestCode answered with the code.';
const phone = z
  .string({ error: PHONE_FORMAT })
  .max(40, { error: PHONE_FORMAT })
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, { error: PHONE_FORMAT }));
const requestCodeBody = z.object({ phone, language: z.enum(['ar', 'en']).optional() }).strict();
const myBookingsBody = z
  .object({
    phone,
    code: z
      .string({ error: CODE_FORMAT })
      .max(20, { error: CODE_FORMAT })
      .transform((value) => normalizeDigits(value.replace(/\s/g, '')))
      .refine(isAccessCode, { error: CODE_FORMAT }),
    // Optional here so that a missing one is answered as an unknown one is (CODE_EXPIRED: ask for a new code).
    requestId: z
      .string({ error: REQUEST_FORMAT })
      .max(100, { error: REQUEST_FORMAT })
      .optional()
      .describe('The requestId requestCode answered with the code.'),
  })
  .strict();

const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/** How each refused code is answered (the waits counted from `now`). */
const codeRefusals = (now: Date): RefusalTable<CodeRefusal> => ({
  TOO_MANY_CODES: (refusal) =>
    new HttpError(
      429,
      refusal.scope === 'address'
        ? `This phone was sent ${ACCESS_CODES_PER_HOUR} codes in the last hour: try again in ${minutesUntil(refusal.until, now)} minutes.`
        : `So many codes were asked for this phone in the last hour that no more are sent now: try again in ${minutesUntil(refusal.until, now)} minutes.`,
      { code: 'CODE_LIMIT', until: refusal.until.toISOString(), scope: refusal.scope },
    ),
  EXPIRED: () =>
    new HttpError(400, 'This code can no longer be used: ask for a new code.', { code: 'CODE_EXPIRED' }),
  WRONG_CODE: (refusal) =>
    new HttpError(
      400,
      refusal.triesLeft
        ? `This code is not right: check the text message (${refusal.triesLeft} tries left for this code).`
        : 'This code is not right, and that was its last try: ask for a new code.',
      { code: 'WRONG_CODE', triesLeft: refusal.triesLeft },
    ),
});

export async function accessCodeRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const tags = ['bookings'];
  const { perIp, windowMs } = app.config.accessCodeRateLimit;
  const limit = { rateLimit: { max: perIp, timeWindow: windowMs, groupId: 'access-code' } };

  app.post(
    '/requestCode',
    {
      schema: { tags, body: requestCodeBody, response: accessCodeContract.requestCode.responses },
      config: { ...limit, access: 'public' },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const { phone, language } = request.body;
      const outcome = await requestCode(app.db, phone, messageLanguage(language), now, clientOf(request));
      if ('refused' in outcome) throw refusalError(codeRefusals(now), outcome);
      reply.status(202).header('Cache-Control', 'no-store');
      return { expiresAt: outcome.expiresAt.toISOString(), requestId: outcome.requestId };
    },
  );

  app.post(
    '/myBookings',
    {
      schema: { tags, body: myBookingsBody, response: accessCodeContract.myBookings.responses },
      config: { ...limit, access: 'public' },
    },
    async (request) => {
      const now = app.clock.now();
      const outcome = await checkCode(app.db, request.body, now);
      if ('refused' in outcome) throw refusalError(codeRefusals(now), outcome);
      return withTicketCodes(await phoneBookings(bookingContext(app), request.body.phone), app.ticketSigner);
    },
  );
}
