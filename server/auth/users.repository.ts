// Staff accounts. Password material never leaves this module: documents come from the registry's fields,
// which have no column for the hash.
import type { Db } from '../db/schema.ts';
import { users } from '../../shared/registry/index.ts';
import { createDocument, findDocument, updateDocument } from '../resources/crud/crud.repository.ts';
import type { Role } from '../../shared/roles.ts';
import { lockName } from '../db/locks.ts';
import { hashPassword } from './passwords.ts';

export interface NewUser {
  username: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password: string;
  /** Least power when not said (the first account is made an admin by bootstrap.ts). */
  role?: Role;
}

/** `at`: the app's clock. */
export async function createUser(db: Db, body: NewUser, at: Date) {
  return createDocument(
    db,
    users,
    { ...body, role: body.role ?? 'conductor' } as unknown as Record<string, unknown>,
    {
      password_hash: await hashPassword(body.password),
    },
    at,
  );
}

export async function updateUser(db: Db, id: string, body: Record<string, unknown>, at: Date) {
  const extra = typeof body.password === 'string' ? { password_hash: await hashPassword(body.password) } : {};
  return updateDocument(db, users, id, body, at, extra);
}

export const findUser = (db: Db, id: string) => findDocument(db, users, id);

export class LastAdmin extends Error {}

/**
 * Runs `change` on an account unless it would leave no admin, with every such change serialised (two admins
 * demoting each other at the same moment cannot both succeed).
 */
async function keepingAnAdmin(db: Db, id: string, change: (trx: Db) => Promise<void>) {
  await db.transaction().execute(async (trx) => {
    await lockName(trx, 'admins');
    const user = await trx.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
    if (user?.role === 'admin' && (await adminCount(trx)) <= 1) throw new LastAdmin();
    await change(trx);
  });
}

/** Deletes an account (its sessions go with it: they cascade); never the last admin (LastAdmin). */
export async function deleteUser(db: Db, id: string) {
  await keepingAnAdmin(db, id, async (trx) => {
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
}

/** Gives an account another role; never takes the last admin's (LastAdmin). */
export async function changeRole(db: Db, id: string, role: Role) {
  await keepingAnAdmin(db, id, async (trx) => {
    if (role === 'admin')
      return void (await trx.updateTable('users').set({ role }).where('id', '=', id).execute());
    await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
  });
}

export async function findCredentials(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst() as Promise<{ id: string; password_hash: string } | undefined>;
}

export async function userExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many admin accounts there are (the last one cannot be removed or demoted). */
export async function adminCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The operator's city names (their words count as the product's own in a new password). */
export async function cityNames(db: Db): Promise<string[]> {
  const [origins, destinations] = await Promise.all([
    db.selectFrom('origins').select('origin_city as name').execute(),
    db.selectFrom('destinations').select('destination_city as name').execute(),
  ]);
  return [...origins, ...destinations].map((row) => row.name as string);
}
