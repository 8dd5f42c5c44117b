// The one place where errors become answers: every error is JSON with a message; a client's mistake is a
// 4xx; a real 5xx is logged and hides its internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { isForeignKeyViolation, isUniqueViolation } from '../db/database.ts';
import { HttpError } from './errors.ts';

const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
};

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

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `No such call: ${request.method} ${request.url.split('?')[0]}` });
  });
}
