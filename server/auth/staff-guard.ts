// The hook that every staff call runs first (onRequest, before the body is read or validated): a valid,
// unexpired access token of a user who still exists. Anonymous callers learn nothing but 401.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import { verifyAccessToken } from './tokens.ts';
import { userExists } from './users.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    staffId?: string;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : undefined;
}

export async function requireStaff(request: FastifyRequest, _reply: FastifyReply) {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const userId = await verifyAccessToken(request.server.jwtSecret, token);
  if (!userId || !(await userExists(request.server.db, userId))) {
    throw unauthorized('Your session has expired. Please sign in again.');
  }
  request.staffId = userId;
}

/**
 * For calls open to the public that do more for staff: sets staffId when a valid token is present. A request
 * already identified (by an earlier hook, such as a rate limit's allow list) is not checked again.
 */
export async function identifyStaff(request: FastifyRequest, reply: FastifyReply) {
  if (request.staffId === undefined && bearerToken(request)) {
    await requireStaff(request, reply).catch(() => undefined);
  }
}
