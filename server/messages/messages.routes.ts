// The outbox's calls under /api/messages: staff read the messages (newest first, or failed first; filtered by
// status, kind, phone, ticket id or trip), send one again, and message every passenger of a trip (a dry run
// says how many phones and segments first); the http gateway reports deliveries with its own token.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageContract as contract } from '../../shared/contract/messages.ts';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from '../../shared/messages.ts';
import { actor } from '../audit/audit.ts';
import { conflict, notFound, unauthorized } from '../http/errors.ts';
import { idParams, page, parse } from '../resources/payments/route-helpers.ts';
import { travellerProofSchema } from '../resources/bookings/bookings.schemas.ts';
import { broadcast, findMessage, listMessages, messageDocument, setOptOut } from './messages.repository.ts';
import { isOutdated, recordDelivery, requeue } from './outbox.repository.ts';
import { signedByPhone } from './gateways.ts';
import { travellerLimit } from '../http/traveller-limit.ts';
import { typed } from '../http/validation.ts';

const filters = page.extend({
  status: z.enum(MESSAGE_STATUSES).optional(),
  kind: z.enum(MESSAGE_KINDS).optional(),
  phone: z.string().trim().max(20).optional(),
  ticketId: z.string().trim().max(20).optional(),
  tripId: z.string().trim().max(64).optional(),
  bookingId: z.string().trim().max(64).optional(),
  failedFirst: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

const TEXT = 'Please write the message in Arabic and in English (at most 320 characters each).';
const broadcastBody = z.object({
  tripId: z.string({ error: 'Please choose the trip.' }).trim().min(1).max(64),
  text_en: z.string({ error: TEXT }).trim().min(1, { error: TEXT }).max(320, { error: TEXT }),
  text_ar: z.string({ error: TEXT }).trim().min(1, { error: TEXT }).max(320, { error: TEXT }),
  dryRun: z.boolean().optional(),
});

/** A traveller's choice, proved by ticket id and phone like a look-up (and counted with look-ups). */
const preferencesBody = travellerProofSchema.extend({
  optOut: z.boolean({
    error: 'Say whether to stop reminders and messages about the trip (optOut true or false).',
  }),
});

const deliveryBody = z.object({
  id: z.string().trim().min(1).max(160),
  status: z.enum(['delivered', 'failed']),
  error: z.string().max(500).optional(),
});

/**
 * An event of SMS Gateway for Android's webhooks (registered for `sms:delivered` and `sms:failed`); its
 * messageId is our message id (the gateway sends it with each message). Other events are taken and ignored.
 */
const androidEventBody = z.object({
  event: z.string().max(40),
  payload: z.object({
    messageId: z.string().trim().min(1).max(160),
    reason: z.string().max(500).optional(),
  }),
});

/**
 * The gateway's own bearer token (SMS_HTTP_TOKEN), compared in constant time by digest (a header of the right
 * length in characters but not in bytes, such as one with a Latin-1 letter, is simply wrong); none configured:
 * refused.
 */
function gatewayCalling(request: FastifyRequest, token: string) {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return !!token && timingSafeEqual(digest(given), digest(token));
}

export async function messageRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db } = app;
  const tags = ['messages'];

  app.get(
    '/getAllMessages',
    {
      schema: { tags, querystring: filters, response: contract.getAllMessages.responses },
      config: { access: 'messages.read', scope: { list: 'message' } },
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await listMessages(db, { ...query, companyId: request.companyScope });
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  );

  app.get(
    '/getMessage/:id',
    {
      schema: { tags, params: idParams, response: contract.getMessage.responses },
      config: { access: 'messages.read', scope: { id: 'message' } },
    },
    async (request) => {
      const { id } = request.params;
      const found = await findMessage(db, id);
      if (!found) throw notFound('No message has this _id.');
      return found;
    },
  );

  app.patch(
    '/resend/:id',
    {
      schema: { tags, params: idParams, response: contract.resend.responses },
      config: {
        access: 'messages.resend',
        scope: { id: 'message' },
        audit: { action: 'resend_message', resource: 'messages', before: (db, id) => findMessage(db, id) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await findMessage(db, id))) throw notFound('No message has this _id.');
      // A ticket of a booking cancelled or changed since would be dropped unsent: say so rather than queue it.
      if (await isOutdated(db, id))
        throw conflict(
          'This message is out of date: its booking was cancelled since, or a newer ticket replaces it.',
          { code: 'MESSAGE_OUTDATED' },
        );
      if (!(await requeue(db, id, app.clock.now())))
        throw conflict('This message is still on its way: it can be sent again once sent or failed.', {
          code: 'MESSAGE_PENDING',
        });
      return (await findMessage(db, id))!;
    },
  );

  app.post(
    '/broadcast',
    {
      schema: { tags, form: broadcastBody, response: contract.broadcast.responses },
      config: {
        access: 'messages.broadcast',
        scope: { body: { tripId: 'trip' } },
        audit: { action: 'broadcast', resource: 'trips', diffAnswer: false },
      },
    },
    async (request, reply) => {
      const body = parse(broadcastBody, request.body);
      const outcome = await broadcast(db, body, actor(request), app.clock.now());
      if ('refused' in outcome) {
        if (outcome.refused === 'NOT_FOUND') throw notFound('No trip has this _id.');
        throw conflict(
          'This trip was cancelled: its passengers were told, and no more messages go to them.',
          {
            code: 'TRIP_CLOSED',
          },
        );
      }
      request.auditChanges = {
        tripId: [null, body.tripId],
        phones: [null, outcome.phones],
        segments: [null, outcome.segments],
        text_en: [null, body.text_en],
        text_ar: [null, body.text_ar],
      };
      if (body.dryRun) return outcome;
      return reply.code(202).send(outcome);
    },
  );

  app.patch(
    '/preferences',
    {
      schema: { tags, form: preferencesBody, response: contract.preferences.responses },
      config: {
        access: 'public',
        ...travellerLimit(app.config),
      },
    },
    async (request) => {
      const body = parse(preferencesBody, request.body);
      if (!(await setOptOut(db, body.ticketId, body.phone, body.optOut)))
        throw notFound('No booking matches this ticket ID and phone number.');
      return { messagesOptOut: body.optOut };
    },
  );

  app.post(
    '/delivery',
    {
      schema: { tags, form: deliveryBody, response: contract.delivery.responses },
      config: {
        access: 'public',
        rateLimit: { max: 600, timeWindow: 60_000, groupId: 'sms-delivery' },
      },
    },
    async (request) => {
      if (!gatewayCalling(request, app.config.sms.httpToken))
        throw unauthorized('Delivery reports need the gateway token.');
      const report = parse(deliveryBody, request.body);
      if (!(await recordDelivery(db, report, app.clock.now())))
        throw notFound('No message waits for a report with this id.');
      return { message: 'Recorded.' };
    },
  );

  app.post(
    '/androidEvents',
    {
      schema: { tags, form: androidEventBody, response: contract.androidEvents.responses },
      config: {
        access: 'public',
        keepRawBody: true,
        rateLimit: { max: 600, timeWindow: 60_000, groupId: 'sms-delivery' },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const now = app.clock.now();
      const key = app.config.sms.androidSigningKey;
      if (!signedByPhone(key, request.rawBody ?? '', header('x-timestamp'), header('x-signature'), now))
        throw unauthorized('Webhooks of the phone need its signature (SMS_ANDROID_SIGNING_KEY).');
      const { event, payload } = parse(androidEventBody, request.body);
      const status = event === 'sms:delivered' ? 'delivered' : event === 'sms:failed' ? 'failed' : undefined;
      // Always 2xx: the phone retries anything else for two days, and an event we do not track needs no retry.
      if (!status) return { message: 'Nothing to record.' };
      const recorded = await recordDelivery(
        db,
        { id: payload.messageId, status, error: payload.reason },
        now,
      );
      return { message: recorded ? 'Recorded.' : 'Nothing to record.' };
    },
  );
}

export { messageDocument };
