// First start: the first staff account (ADMIN_EMAIL + ADMIN_PASSWORD, or admin@rihla.local with a random
// password printed once) and, with DEMO_DATA=1, demo data in an empty database. The account must pass the
// sign-in's own rules, or its operator would be locked out of the install on the first try: the printed
// address has a dot after the @ (as every e-mail field wants), ADMIN_EMAIL is stored as the sign-in looks it
// up (trimmed, lower case), and an ADMIN_EMAIL or ADMIN_PASSWORD the sign-in would refuse stops the start.
import type { Db } from './db/schema.ts';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { loginBody } from './auth/auth.schemas.ts';
import { countUsers, createUser } from './auth/users.repository.ts';
import type { Config } from './config.ts';
import { isUniqueViolation } from './db/database.ts';
import { HttpError } from './http/errors.ts';

/** The first account's address when ADMIN_EMAIL is not set: any e-mail field accepts it, it reaches nobody. */
export const FIRST_ADMIN_EMAIL = 'admin@rihla.local';

/** What earlier versions created, which the sign-in refuses (no dot after the @). */
const UNUSABLE_FIRST_EMAIL = 'admin@localhost';

/**
 * An install started by an earlier version has a first account nobody could sign in with: it takes the
 * address the first account now gets (same password), unless another account has that address.
 */
async function reachFirstAccount(db: Db, log: FastifyBaseLogger) {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', FIRST_ADMIN_EMAIL)
    .executeTakeFirst();
  if (taken) return;
  const renamed = await db
    .updateTable('users')
    .set({ email: FIRST_ADMIN_EMAIL })
    .where('email', '=', UNUSABLE_FIRST_EMAIL)
    .executeTakeFirst();
  if (Number(renamed.numUpdatedRows))
    log.warn(
      `The staff account ${UNUSABLE_FIRST_EMAIL} could not sign in: it is ${FIRST_ADMIN_EMAIL} now, same password`,
    );
}

/** `at`: the app's clock. */
export async function ensureFirstStaffAccount(db: Db, config: Config, log: FastifyBaseLogger, at: Date) {
  if ((await countUsers(db)) > 0) return reachFirstAccount(db, log);
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const signIn = loginBody.safeParse({ email: config.adminEmail ?? FIRST_ADMIN_EMAIL, password });
  if (!signIn.success) {
    const [issue] = signIn.error.issues;
    throw new Error(`${issue.path[0] === 'password' ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'}: ${issue.message}`);
  }
  // As the sign-in looks it up, and as every e-mail field stores it.
  const email = signIn.data.email.toLowerCase();
  try {
    await createUser(
      db,
      {
        username: 'admin',
        first_name: 'Rihla',
        last_name: 'Admin',
        phone_number: '0000000000',
        email,
        password,
        role: 'admin',
      },
      at,
    );
  } catch (error) {
    // Another node created it first.
    if (isUniqueViolation(error) || (error instanceof HttpError && error.statusCode === 409)) return;
    throw error;
  }
  if (config.adminPassword) log.info(`Created the first staff account ${email}`);
  else
    console.log(
      `\n  First staff account created: ${email}  password: ${password}\n  (shown once; change it after signing in)\n`,
    );
}
