// The one place where errors become answers: every error is JSON with a message; a client's mistake is a
// 4xx; a real 5xx is logged and hides its internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database.ts';
import { HttpError } from './errors.ts';

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
  // @fastify/multipart's codes (FST_FILES_LIMIT, not …_REACHED: its own text is "reach files limit").
  FST_REQ_FILE_TOO_LARGE: 'The payment screenshot is larger than 5 MB.',
  FST_FILES_LIMIT: 'Please send one payment screenshot only.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PROTO_VIOLATION: 'The form is malformed.',
  FST_MP_PREMATURE_CLOSE: 'The form is malformed.',
  FST_INVALID_JSON_FIELD_ERROR: 'The form is malformed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This call expects multipart/form-data.',
};

export type PageServer = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** PostgreSQL refused a character (a NUL, or bytes that are not UTF-8) that reached it from a request. */
const isUnstorableText = (error: unknown) => (error as { code?: string })?.code === '22021';

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.details });
    }
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ message: 'This conflicts with an existing record.' });
    }
    if (isForeignKeyViolation(error)) {
      return reply
        .status(409)
        .send({ message: 'This record is still referred to by others, or refers to one that is gone.' });
    }
    if (isUnstorableText(error)) {
      return reply.status(400).send({ message: 'The request holds characters that cannot be stored.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        CLIENT_MESSAGES[error.code] ??
        (error.code === 'FST_ERR_VALIDATION' ? error.message : error.message || 'Bad request.');
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}

/** Unknown paths: a page of a front end when one claims it, otherwise a JSON 404. */
export function registerNotFoundHandler(app: FastifyInstance, servePage: PageServer = () => false) {
  app.setNotFoundHandler((request, reply) => {
    if (servePage(request, reply)) return;
    reply.status(404).send({ message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
  });
}
