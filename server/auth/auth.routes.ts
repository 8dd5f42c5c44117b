// /api/auth: login, refresh, logout, the current user, and staff accounts (register, list, update, delete).
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { authContract } from '../../shared/contract/index.ts';
import { conflict, HttpError, notFound, unauthorized } from '../http/errors.ts';
import { hit } from '../http/rate-limit-store.ts';
import { idParams, loginBody, registerBody, updateUserBody } from './auth.schemas.ts';
import { verifyPassword } from './passwords.ts';
import { requireStaff } from './staff-guard.ts';
import {
  REFRESH_TOKEN_MS,
  issueRefreshToken,
  revokeRefreshToken,
  rotateRefreshToken,
  signAccessToken,
} from './tokens.ts';
import { createUser, deleteUser, findCredentials, findUser, updateUser } from './users.repository.ts';

export const REFRESH_COOKIE = 'rihla_refresh';
/** Not secret: tells the public site a staff session may exist, so travellers never pay for a refresh call. */
export const SESSION_HINT_COOKIE = 'rihla_staff';

function setSessionCookies(request: FastifyRequest, reply: FastifyReply, refreshToken: string) {
  const secure = request.server.config.secureCookies || request.protocol === 'https';
  const maxAge = REFRESH_TOKEN_MS / 1000;
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/auth',
    maxAge,
  });
  reply.setCookie(SESSION_HINT_COOKIE, '1', {
    httpOnly: false,
    sameSite: 'strict',
    secure,
    path: '/',
    maxAge,
  });
}

function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

export async function authRoutes(app: FastifyInstance) {
  const { db, config } = app;
  const schema = (call: keyof typeof authContract, input: FastifySchema = {}) => ({
    tags: ['auth'],
    ...input,
    response: authContract[call].responses,
  });
  // Answers here carry access tokens and account details: no browser or proxy may keep a copy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/login',
    {
      schema: schema('login', { body: loginBody }),
      config: { rateLimit: { max: config.loginRateLimit.perIp, timeWindow: config.loginRateLimit.windowMs } },
    },
    async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
      const perEmail = await hit(db, `login-email|${email.toLowerCase()}`, config.loginRateLimit.windowMs);
      if (perEmail.current > config.loginRateLimit.perEmail) {
        throw new HttpError(429, 'Too many sign-in attempts for this account. Please wait and try again.');
      }
      const credentials = await findCredentials(db, email);
      if (!(await verifyPassword(credentials?.password_hash, password)) || !credentials) {
        throw unauthorized('Invalid email or password.');
      }
      setSessionCookies(request, reply, await issueRefreshToken(db, credentials.id));
      return {
        access_token: await signAccessToken(app.jwtSecret, credentials.id),
        user: await findUser(db, credentials.id),
      };
    },
  );

  app.post('/refresh', { schema: schema('refresh') }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw unauthorized('No session to refresh.');
    const result = await rotateRefreshToken(db, token);
    if (!result || 'reused' in result) {
      clearSessionCookies(reply);
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    setSessionCookies(request, reply, result.token);
    return {
      access_token: await signAccessToken(app.jwtSecret, result.userId),
      user: await findUser(db, result.userId),
    };
  });

  app.post('/logout', { schema: schema('logout') }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (token) await revokeRefreshToken(db, token);
    clearSessionCookies(reply);
    return { message: 'Signed out.' };
  });

  app.get('/user', { schema: schema('user'), onRequest: requireStaff }, async (request) => {
    const user = await findUser(db, request.staffId!);
    if (!user) throw unauthorized();
    return user;
  });

  app.post(
    '/register',
    { schema: schema('register', { body: registerBody }), onRequest: requireStaff },
    async (request, reply) => {
      reply.status(201);
      return createUser(db, request.body as never);
    },
  );

  app.patch(
    '/updateUser/:id',
    { schema: schema('updateUser', { params: idParams, body: updateUserBody }), onRequest: requireStaff },
    async (request) => {
      const { id } = request.params as { id: string };
      const user = await updateUser(db, id, request.body as Record<string, unknown>);
      if (!user) throw notFound('No user has this _id.');
      return user;
    },
  );

  app.delete(
    '/deleteUser/:id',
    { schema: schema('deleteUser', { params: idParams }), onRequest: requireStaff },
    async (request) => {
      const { id } = request.params as { id: string };
      if (id === request.staffId) throw conflict('You cannot delete your own account.');
      const user = await findUser(db, id);
      if (!user) throw notFound('No user has this _id.');
      await deleteUser(db, id);
      return user;
    },
  );
}
