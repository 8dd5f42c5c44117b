// The outbox's calls (server/messages): staff read the text messages sent to travellers, send one again, and
// message a trip's passengers; the gateway reports deliveries.
import { z } from 'zod';
import { MESSAGE_KINDS, MESSAGE_LANGUAGES, MESSAGE_STATUSES } from '../messages.ts';
import { messageAnswer } from './answers.ts';
import { documentId } from './fields.ts';
import { counted, route } from './route.ts';

export const messageDocument = z.object({
  _id: documentId,
  kind: z.enum(MESSAGE_KINDS),
  phone: z.string().describe('International form, +249…'),
  language: z.enum(MESSAGE_LANGUAGES),
  text: z.string(),
  segments: z.number().int().positive().describe('SMS segments the text costs.'),
  bookingId: documentId.nullable(),
  ticketId: z.string().nullable(),
  tripId: documentId.nullable(),
  status: z.enum(MESSAGE_STATUSES),
  tries: z.number().int().min(0),
  nextTryAt: z.string(),
  providerId: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdBy: documentId.nullable(),
});

export const broadcastAnswer = z.object({
  phones: z.number().int().min(0).describe('Passengers (distinct phones) the message goes to.'),
  segments: z.number().int().min(0).describe('SMS segments it costs in all.'),
  queued: z.number().int().min(0).describe('Messages queued (0 for a dry run).'),
});

export const messageContract = {
  getAllMessages: route(
    'GET',
    '/api/messages/getAllMessages',
    {
      200: counted(z.array(messageDocument), 'Messages, newest first (failed ones first with failedFirst).'),
    },
    [400, 401],
  ),
  getMessage: route('GET', '/api/messages/getMessage/:id', { 200: messageDocument }, [400, 401, 404]),
  resend: route('PATCH', '/api/messages/resend/:id', { 200: messageDocument }, [401, 404, 409]),
  broadcast: route(
    'POST',
    '/api/messages/broadcast',
    { 200: broadcastAnswer, 202: broadcastAnswer },
    [401, 404, 409],
  ),
  delivery: route('POST', '/api/messages/delivery', { 200: messageAnswer }, [401, 404]),
  /** SMS Gateway for Android's webhooks (sms:delivered, sms:failed), signed with its key. */
  androidEvents: route('POST', '/api/messages/androidEvents', { 200: messageAnswer }, [400, 401]),
  preferences: route(
    'PATCH',
    '/api/messages/preferences',
    { 200: z.object({ messagesOptOut: z.boolean() }) },
    [404, 429],
  ),
};
