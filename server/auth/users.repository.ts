// Staff accounts. Password material never leaves this module: documents come from the registry's fields,
// which have no column for the hash.
import type { Kysely } from 'kysely';
import { users } from '../../shared/registry/index.ts';
import { createDocument, findDocument, updateDocument } from '../resources/crud/crud.repository.ts';
import { hashPassword } from './passwords.ts';

export interface NewUser {
  username: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password: string;
}

export async function createUser(db: Kysely<any>, body: NewUser) {
  return createDocument(db, users, body as unknown as Record<string, unknown>, {
    password_hash: await hashPassword(body.password),
  });
}

export async function updateUser(db: Kysely<any>, id: string, body: Record<string, unknown>) {
  const extra = typeof body.password === 'string' ? { password_hash: await hashPassword(body.password) } : {};
  return updateDocument(db, users, id, body, extra);
}

export const findUser = (db: Kysely<any>, id: string) => findDocument(db, users, id);

/** Deletes an account (its sessions go with it: refresh_tokens cascade). */
export async function deleteUser(db: Kysely<any>, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

export async function findCredentials(db: Kysely<any>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst() as Promise<{ id: string; password_hash: string } | undefined>;
}

export async function userExists(db: Kysely<any>, id: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

export async function countUsers(db: Kysely<any>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
