// The built front ends go out compressed as the build made them (.br/.gz beside each file), pages compressed
// with the API's answers, and the plain file to a client that takes no compression. Behind the access guard
// (which refuses an API route that declares nobody), their pages and files still need no token.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressInMemoryAnswers } from '../../server/http/compression.ts';
import { registerFrontEnds } from '../../server/http/front-ends.ts';
import { enforceAccess } from '../../server/auth/staff-guard.ts';

describe('front ends', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-dist-'));
  const script = `console.log(${JSON.stringify('رحلة '.repeat(400))});\n`;
  const page = `<!doctype html><title>Rihla</title>${'<p>'.repeat(500)}`;
  let app: FastifyInstance;
  /** The same, behind the access guard as the app installs it, with an API route that declares nobody. */
  let guarded: FastifyInstance;

  beforeAll(async () => {
    for (const site of ['public-site', 'admin']) fs.mkdirSync(path.join(dist, site), { recursive: true });
    fs.mkdirSync(path.join(dist, 'public-site/assets'));
    fs.mkdirSync(path.join(dist, 'admin/admin-assets'));
    const file = path.join(dist, 'public-site/assets/app-123.js');
    fs.writeFileSync(file, script);
    // Marked so that the test can tell the build's file from anything compressed on the fly.
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(`${script}// prebuilt brotli\n`));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(`${script}// prebuilt gzip\n`));
    fs.writeFileSync(path.join(dist, 'public-site/index.html'), page);
    // Too small to be worth compressing: the build writes no .br/.gz beside it.
    fs.writeFileSync(path.join(dist, 'public-site/robots.txt'), 'User-agent: *\n');
    fs.writeFileSync(path.join(dist, 'admin/index.html'), page);
    app = Fastify();
    compressInMemoryAnswers(app);
    // As the app does: pages are answered where no route matched.
    const servePage = await registerFrontEnds(app, dist);
    app.setNotFoundHandler((request, reply) => {
      if (!servePage(request, reply)) reply.status(404).send({ message: 'not found' });
    });
    await app.ready();

    guarded = Fastify();
    enforceAccess(guarded, 'self');
    guarded.get('/api/undeclared', async () => ({ secret: true }));
    const serveGuardedPage = await registerFrontEnds(guarded, dist);
    guarded.setNotFoundHandler((request, reply) => {
      if (!serveGuardedPage(request, reply)) reply.status(404).send({ message: 'not found' });
    });
    await guarded.ready();
  });
  afterAll(async () => {
    await guarded.close();
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends the build’s brotli file, cached for a year', async () => {
    const response = await get('/assets/app-123.js', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(`${script}// prebuilt brotli\n`);
  });

  it('sends the build’s gzip file to a client without brotli, and the plain file to one without either', async () => {
    const gzip = await get('/assets/app-123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(`${script}// prebuilt gzip\n`);
    const plain = await get('/assets/app-123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file the build left uncompressed as it is, whatever the client accepts', async () => {
    const response = await get('/robots.txt', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('User-agent: *\n');
  });

  it('compresses pages, which are held in memory', async () => {
    const response = await get('/', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(page);
  });

  it('behind the access guard: pages and files need no token, an API route that declares nobody is refused', async () => {
    for (const url of ['/', '/assets/app-123.js', '/robots.txt', '/login', '/trips']) {
      const response = await guarded.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.rawPayload.length, url).toBeGreaterThan(0);
    }
    const undeclared = await guarded.inject({ method: 'GET', url: '/api/undeclared' });
    expect(undeclared.statusCode).toBe(403);
    expect(undeclared.body).not.toContain('secret');
  });
});
