// /api/auth: sign-in, refresh, sign-out, the current user, changing one's own password, and staff accounts
// (register with a role, list, update, delete; admins only). Sessions live in the database: access tokens
// name their session, which signing out, a password, role or e-mail change, or a reused refresh token ends.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { authContract } from '../../shared/contract/index.ts';
import { recordAudit } from '../audit/audit.ts';
import { clientOf } from '../http/connections.ts';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../http/errors.ts';
import { failures, forget, hit } from '../http/rate-limit-store.ts';
import { changePasswordBody, idParams, loginBody, registerBody, updateUserBody } from './auth.schemas.ts';
import { newPasswordProblem } from './password-rules.ts';
import { verifyPassword } from './passwords.ts';
import {
  endSession,
  endUserSessions,
  REFRESH_TOKEN_MS,
  rotateRefreshToken,
  sessionOfRefreshToken,
  signAccessToken,
  startSession,
} from './tokens.ts';
import type { Role } from '../../shared/roles.ts';
import {
  changeRole,
  cityNames,
  createUser,
  LastAdmin,
  deleteUser,
  findCredentials,
  findUser,
  updateUser,
} from './users.repository.ts';
import { typed } from '../http/validation.ts';

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

/** A device that signed in before: its cookie, signed with the server's key, names the account. */
export const DEVICE_COOKIE = 'rihla_device';
const DEVICE_DAYS = 365;

function deviceSignature(secret: Uint8Array, userId: string, device: string) {
  return createHmac('sha256', secret).update(`${userId}.${device}`).digest('base64url');
}

function rememberDevice(request: FastifyRequest, reply: FastifyReply, userId: string) {
  const device = randomBytes(12).toString('base64url');
  reply.setCookie(
    DEVICE_COOKIE,
    `${userId}.${device}.${deviceSignature(request.server.jwtSecret, userId, device)}`,
    {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.server.config.secureCookies || request.protocol === 'https',
      path: '/api/auth',
      maxAge: DEVICE_DAYS * 86_400,
    },
  );
}

/** Whether this browser signed in to this account before (a lock-out on the account does not stop it). */
function knownDevice(request: FastifyRequest, userId: string): boolean {
  const [owner, device, signature] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
  if (owner !== userId || !device || !signature) return false;
  const expected = Buffer.from(deviceSignature(request.server.jwtSecret, userId, device));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Calls that act on the session cookie alone are refused from other sites: a browser says where a request
 * comes from (Sec-Fetch-Site, Origin), and our own pages call from our own origin.
 */
function refuseCrossSite(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none')
    throw forbidden('This call is only accepted from Rihla itself.');
  const origin = request.headers.origin;
  const own = `${request.protocol}://${request.host}`;
  if (origin && origin !== own && !request.server.config.corsOrigins.includes(origin))
    throw forbidden('This call is only accepted from Rihla itself.');
  const type = request.headers['content-type'];
  if (type && !type.startsWith('application/json'))
    throw new HttpError(415, 'This call takes no body, or JSON.');
}

function clearSessionCookies(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
  reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
}

/** The last admin cannot be removed or demoted: say so. */
async function lastAdminGuard(change: () => Promise<void>) {
  try {
    await change();
  } catch (error) {
    if (error instanceof LastAdmin)
      throw conflict('This is the last admin account: make another admin first.', { code: 'LAST_ADMIN' });
    throw error;
  }
}

const USER_CALLS = new Set(['register', 'updateUser', 'deleteUser']);

export async function authRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const { db, config } = app;
  const schema = <S extends FastifySchema = FastifySchema>(
    call: keyof typeof authContract,
    input: S = {} as S,
  ) => ({
    // Staff accounts are documented with the users' generated calls (getAllusers, getUser).
    tags: [USER_CALLS.has(call) ? 'users' : 'auth'],
    ...input,
    response: authContract[call].responses,
  });
  const now = () => app.clock.now();
  const userBefore = { before: findUser };
  // Answers here carry access tokens and account details: no browser or proxy may keep a copy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.post(
    '/login',
    { schema: schema('login', { body: loginBody }), config: { access: 'public' } },
    async (request, reply) => {
      const { email, password } = request.body;
      // Only failures count, per account and address, per address, and per account from everywhere (guesses
      // spread over many addresses): an office whose staff all sign in from one address is never stopped by
      // its own correct sign-ins, and a browser that signed in to this account before gets through with the
      // right password, so guessers elsewhere cannot lock a staff member out of their own browser.
      const limits = config.loginRateLimit;
      const client = clientOf(request);
      const accountKey = `login-failed|${email.toLowerCase()}|${client}`;
      const addressKey = `login-failed-ip|${client}`;
      const everywhereKey = `login-failed-all|${email.toLowerCase()}`;
      const credentials = await findCredentials(db, email);
      const at = now().getTime();
      const [accountFailures, addressFailures, everywhereFailures] = await Promise.all([
        failures(db, accountKey, at),
        failures(db, addressKey, at),
        failures(db, everywhereKey, at),
      ]);
      const accountLocked = accountFailures >= limits.perEmail;
      if (
        (accountLocked || addressFailures >= limits.perIp || everywhereFailures >= limits.perAccount) &&
        !(credentials && knownDevice(request, credentials.id))
      ) {
        throw new HttpError(429, 'Too many failed sign-ins. Please wait and try again.', {
          code: 'RATE_LIMITED',
        });
      }
      if (!(await verifyPassword(credentials?.password_hash, password)) || !credentials) {
        await Promise.all([
          hit(db, accountKey, limits.windowMs, at),
          hit(db, addressKey, limits.windowMs, at),
          hit(db, everywhereKey, limits.windowMs, at),
        ]);
        // What was typed is kept only when it names an account: an unknown one may be a password typed in
        // the wrong box.
        await recordAudit(
          db,
          {
            action: 'sign_in_failed',
            resource: 'users',
            recordId: credentials?.id,
            userLabel: credentials ? email.trim().toLowerCase() : null,
            ip: request.ip,
          },
          now(),
        );
        throw unauthorized('Invalid email or password.');
      }
      // A lock passed with a known device stays for everyone else (they may be guessing from the same
      // address); the address's failures are never forgotten by a success (one account's right password
      // would let its holder guess at the others).
      if (!accountLocked) await forget(db, accountKey);
      const session = await startSession(db, credentials.id, request.ip, now().getTime());
      setSessionCookies(request, reply, session.refreshToken);
      rememberDevice(request, reply, credentials.id);
      await recordAudit(
        db,
        {
          action: 'sign_in',
          resource: 'users',
          recordId: credentials.id,
          userId: credentials.id,
          userLabel: email.toLowerCase(),
          ip: request.ip,
        },
        now(),
      );
      return {
        access_token: await signAccessToken(app.jwtSecret, credentials.id, session.sessionId),
        user: await findUser(db, credentials.id),
      };
    },
  );

  app.post(
    '/refresh',
    { schema: schema('refresh'), config: { access: 'public' } },
    async (request, reply) => {
      refuseCrossSite(request);
      const token = request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized('No session to refresh.');
      const result = await rotateRefreshToken(db, token, now().getTime());
      if (!result || 'reused' in result) {
        clearSessionCookies(reply);
        throw unauthorized('Your session has ended. Please sign in again.');
      }
      setSessionCookies(request, reply, result.token);
      return {
        access_token: await signAccessToken(app.jwtSecret, result.userId, result.sessionId),
        user: await findUser(db, result.userId),
      };
    },
  );

  app.post('/logout', { schema: schema('logout'), config: { access: 'public' } }, async (request, reply) => {
    refuseCrossSite(request);
    const token = request.cookies[REFRESH_COOKIE];
    const session = token ? await sessionOfRefreshToken(db, token) : undefined;
    if (session) {
      await endSession(db, session.sessionId, now().getTime());
      const user = await findUser(db, session.userId);
      await recordAudit(
        db,
        {
          action: 'sign_out',
          resource: 'users',
          recordId: session.userId,
          userId: session.userId,
          userLabel: (user?.email as string) ?? null,
          ip: request.ip,
        },
        now(),
      );
    }
    clearSessionCookies(reply);
    return { message: 'Signed out.' };
  });

  app.get('/user', { schema: schema('user'), config: { access: 'self', scope: 'none' } }, async (request) => {
    const user = await findUser(db, request.staff!.id);
    if (!user) throw unauthorized();
    return user;
  });

  /** A new password must be strong; the account's own details and the operator's cities are no strength. */
  const checkNewPassword = async (password: unknown, related: unknown[]) => {
    if (typeof password !== 'string') return;
    const problem = newPasswordProblem(password, [
      ...related.filter((v): v is string => typeof v === 'string'),
      ...(await cityNames(db)),
    ]);
    if (problem) throw badRequest(problem, { password: problem });
  };

  app.patch(
    '/changePassword',
    {
      schema: schema('changePassword', { body: changePasswordBody }),
      config: { access: 'self', scope: 'none', audit: { action: 'password_change', resource: 'users' } },
    },
    async (request) => {
      const body = request.body;
      const staff = request.staff!;
      const user = (await findUser(db, staff.id))!;
      const credentials = await findCredentials(db, staff.email);
      if (!(await verifyPassword(credentials?.password_hash, body.current_password))) {
        throw badRequest('Your current password is not right.', {
          current_password: 'Your current password is not right.',
        });
      }
      await checkNewPassword(body.password, [user.email, user.username, user.first_name, user.last_name]);
      await updateUser(db, staff.id, { password: body.password }, now());
      // Every other session of this account ends (a thief's too); this one, which proved the password, stays.
      await endUserSessions(db, staff.id, now().getTime(), staff.sessionId);
      request.auditChanges = { password: ['•••', '•••'] };
      return findUser(db, staff.id);
    },
  );

  app.post(
    '/register',
    {
      schema: schema('register', { body: registerBody }),
      config: { access: 'users.manage', scope: 'platform', audit: { action: 'create', resource: 'users' } },
    },
    async (request, reply) => {
      const body = request.body;
      await checkNewPassword(body.password, [body.email, body.username, body.first_name, body.last_name]);
      reply.status(201);
      return createUser(db, body as never, now());
    },
  );

  app.patch(
    '/updateUser/:id',
    {
      schema: schema('updateUser', { params: idParams, body: updateUserBody }),
      config: {
        access: 'users.manage',
        scope: 'platform',
        audit: { action: 'update', resource: 'users', ...userBefore },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const before = await findUser(db, id);
      if (!before) throw notFound('No user has this _id.');
      const roleChanged = body.role !== undefined && body.role !== before.role;
      if (roleChanged && id === request.staff!.id)
        throw conflict('You cannot change your own role.', { code: 'OWN_ACCOUNT' });
      if (body.password !== undefined && id === request.staff!.id)
        throw conflict('Change your own password with your current one (changePassword).', {
          code: 'OWN_ACCOUNT',
        });
      await checkNewPassword(body.password, [
        body.email ?? before.email,
        body.username ?? before.username,
        body.first_name ?? before.first_name,
        body.last_name ?? before.last_name,
      ]);
      if (roleChanged) await lastAdminGuard(() => changeRole(db, id, body.role as Role));
      const user = await updateUser(db, id, { ...body, role: undefined }, now());
      if (!user) throw notFound('No user has this _id.');
      // A new role, password or e-mail ends every session of that account: it signs in again under the new terms.
      // So does a move to another company or to the platform: what it may see changes.
      const wasIn = before.companyId as { _id?: string } | string | null | undefined;
      const wasInId = (typeof wasIn === 'object' ? wasIn?._id : wasIn) ?? null;
      const companyChanged = body.companyId !== undefined && body.companyId !== wasInId;
      if (roleChanged || companyChanged || user.email !== before.email || body.password !== undefined)
        await endUserSessions(db, id, now().getTime());
      if (roleChanged) request.auditAction = 'role_change';
      if (body.password !== undefined) request.auditChanges = { password: ['•••', '•••'] };
      return user;
    },
  );

  app.delete(
    '/deleteUser/:id',
    {
      schema: schema('deleteUser', { params: idParams }),
      config: {
        access: 'users.manage',
        scope: 'platform',
        audit: { action: 'delete', resource: 'users', ...userBefore },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === request.staff!.id)
        throw conflict('You cannot delete your own account.', { code: 'OWN_ACCOUNT' });
      const user = await findUser(db, id);
      if (!user) throw notFound('No user has this _id.');
      await lastAdminGuard(() => deleteUser(db, id));
      return user;
    },
  );
}
