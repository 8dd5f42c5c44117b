// First start: the first staff account (ADMIN_EMAIL + ADMIN_PASSWORD, or admin@localhost with a random
// password printed once) and, with DEMO_DATA=1, demo data in an empty database.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { countUsers, createUser } from './auth/users.repository.ts';
import type { Config } from './config.ts';
import { isUniqueViolation } from './db/database.ts';
import { HttpError } from './http/errors.ts';

export async function ensureFirstStaffAccount(db: Kysely<any>, config: Config, log: FastifyBaseLogger) {
  if ((await countUsers(db)) > 0) return;
  const email = config.adminEmail ?? 'admin@localhost';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  try {
    await createUser(db, {
      username: 'admin',
      first_name: 'Rihla',
      last_name: 'Admin',
      phone_number: '0000000000',
      email,
      password,
      role: 'admin',
    });
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
