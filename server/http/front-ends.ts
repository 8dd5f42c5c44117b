// Serves the two built front ends from dist/: the public site and the staff back-office. API paths never
// reach here. Unknown paths get the public site's 404 page with HTTP status 404.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerFrontEnds(app: FastifyInstance) {
  const dist = path.resolve(import.meta.dirname, '../../dist');
  const publicIndex = path.join(dist, 'public-site/index.html');
  if (!fs.existsSync(publicIndex)) {
    app.log.warn('front ends not built (run npm run build); serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: path.join(dist, 'public-site'),
    prefix: '/',
    wildcard: false,
    index: false,
  });
}
