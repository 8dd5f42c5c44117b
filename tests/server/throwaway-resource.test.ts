// Adding a plain resource takes what shared/README.md says: a registry entry, a migration creating its table and
// its words in both languages. This test adds `drivers` that way (the entry and the migration; the words only
// matter to the back-office, whose parity test holds every registry resource to them) and proves the rest
// follows: the server starts, the generated calls create, list, read, update and delete it with the access the
// entry declares, and its staff URL is the back-office's page, not the public 404.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ResourceDef } from '../../shared/registry/types.ts';

/** Step 1: the registry entry. */
const drivers = {
  name: 'drivers',
  singular: 'driver',
  table: 'drivers',
  api: {
    base: '/api/drivers',
    list: 'getAllDrivers',
    one: 'getDriver',
    create: 'createDriver',
    update: 'updateDriver',
    remove: 'deleteDriver',
  },
  access: { read: 'operations.read', write: 'operations.write' },
  fields: {
    driver_name: { kind: 'text', required: true, searchable: true },
    driver_phone: { kind: 'phone', required: true, unique: true },
  },
  // The platform's own records: company staff are refused them (issue 24).
  scope: { reach: 'platform' },
  messages: { create: 'Please provide driver details.', update: 'Please provide driver details.' },
  representation: 'driver_name',
  defaultSort: { field: 'driver_name', order: 'ASC' },
} as const satisfies ResourceDef;

/** Step 2: its migration (listed in server/db/migrate.ts, here run after the others). */
async function createDriversTable(db: Kysely<any>) {
  await db.schema
    .createTable('drivers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_name', 'text', (c) => c.notNull())
    .addColumn('driver_phone', 'text', (c) => c.notNull().unique())
    .execute();
}

vi.mock('../../shared/registry/resources.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../shared/registry/resources.ts')>();
  const registry = { ...original.registry, drivers };
  return {
    ...original,
    registry,
    resources: Object.values(registry),
    getResource: (name: string) => {
      const def = (registry as Record<string, ResourceDef>)[name];
      if (!def) throw new Error(`Unknown resource ${name}`);
      return def;
    },
  };
});
vi.mock('../../server/db/migrate.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/db/migrate.ts')>();
  return {
    ...original,
    migrateToLatest: async (db: Kysely<any>) => {
      await original.migrateToLatest(db);
      await createDriversTable(db);
    },
  };
});

const { createTestApp, staffToken, client, dialects } = await import('./helpers/test-app.ts');
const { registerFrontEnds } = await import('../../server/http/front-ends.ts');

describe.each(dialects)('a resource added by the README’s steps (%s)', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
  afterAll(() => t?.close());

  it('starts, and its generated calls work for the roles its entry names', async () => {
    t = await createTestApp(dialect);
    const staff = client(t, await staffToken(t));
    const created = await staff.post('/api/drivers/createDriver', {
      driver_name: 'Osman Ali',
      driver_phone: '0912345678',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()._id as string;
    expect(created.json()).toMatchObject({ driver_name: 'Osman Ali', driver_phone: '0912345678' });

    const missing = await staff.post('/api/drivers/createDriver', { driver_name: 'No Phone' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please provide driver details.');
    const taken = await staff.post('/api/drivers/createDriver', {
      driver_name: 'Other',
      driver_phone: '0912345678',
    });
    expect(taken.statusCode).toBe(409);

    const list = await staff.get('/api/drivers/getAllDrivers?q=osman');
    expect(list.json()).toEqual([expect.objectContaining({ _id: id, driver_name: 'Osman Ali' })]);
    const updated = await staff.patch(`/api/drivers/updateDriver/${id}`, { driver_name: 'Osman A. Ali' });
    expect(updated.json()).toMatchObject({ _id: id, driver_name: 'Osman A. Ali' });
    expect((await staff.get(`/api/drivers/getDriver/${id}`)).json().driver_name).toBe('Osman A. Ali');

    // Staff only, as its entry's access says: the public is refused.
    expect((await client(t).get('/api/drivers/getAllDrivers')).statusCode).toBe(401);

    expect((await staff.delete(`/api/drivers/deleteDriver/${id}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/drivers/getDriver/${id}`)).statusCode).toBe(404);
  });
});

describe('a resource added by the README’s steps: its staff URL', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-dist-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('is the back-office’s page, not the public 404', async () => {
    for (const site of ['public-site', 'admin']) fs.mkdirSync(path.join(dist, site), { recursive: true });
    fs.writeFileSync(path.join(dist, 'public-site/index.html'), '<title>public</title>');
    fs.writeFileSync(path.join(dist, 'admin/index.html'), '<title>admin</title>');
    const app = Fastify();
    const servePage = await registerFrontEnds(app, dist);
    app.setNotFoundHandler((request, reply) => {
      if (!servePage(request, reply)) reply.status(404).send({ message: 'not found' });
    });
    try {
      for (const url of ['/drivers', '/drivers/create', '/drivers/abc/show']) {
        const page = await app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toContain('admin');
      }
      expect((await app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
