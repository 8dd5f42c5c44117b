// Serves the built front ends from dist/: the public site (Preact) for travellers' pages, the back-office
// (react-admin) for staff routes and the conductors' app (dist/checkin) under /check-in, with its service
// worker allowed to control /check-in itself. Hashed assets are cached for a year; pages and the service
// worker never are. An unknown path gets the public site's 404 page with HTTP status 404. /api paths never
// reach here.
// Files go out as the build compressed them (.br/.gz beside each, see vite.config.ts); pages are compressed
// with the API's answers (compression.ts).
// /t/<ticket id>, the short link of a ticket's text message, redirects to the look-up with the number filled
// in (the phone is still asked: a link found on a shared phone opens nothing by itself).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CHECKIN_BASE,
  CHECKIN_SW_SCOPE,
  isCheckinRoute,
  isPublicRoute,
  isStaffRoute,
} from '../../shared/routes.ts';
import { TICKET_ID_PATTERN } from '../../shared/rules.ts';
import { resources } from '../../shared/registry/resources.ts';

/** Every registry resource's screens are the back-office's (/drivers/create for a resource added tomorrow). */
const RESOURCE_NAMES: readonly string[] = resources.map(({ name }) => name);

const YEAR = 'public, max-age=31536000, immutable';

function readIfExists(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}

export async function registerFrontEnds(
  app: FastifyInstance,
  distDir = path.resolve(import.meta.dirname, '../../dist'),
) {
  const publicDir = path.join(distDir, 'public-site');
  const adminDir = path.join(distDir, 'admin');
  const checkinDir = path.join(distDir, 'checkin');
  const publicPage = readIfExists(path.join(publicDir, 'index.html'));
  const adminPage = readIfExists(path.join(adminDir, 'index.html'));
  const checkinPage = readIfExists(path.join(checkinDir, 'index.html'));
  if (!publicPage || !adminPage || !checkinPage)
    app.log.warn('front ends not built (npm run build): some pages will be missing');

  app.get<{ Params: { ticketId: string } }>(
    '/t/:ticketId',
    { schema: { hide: true }, config: { access: 'public' } },
    (request, reply) => {
      const { ticketId } = request.params;
      const query = TICKET_ID_PATTERN.test(ticketId) ? `?ticketId=${ticketId}` : '';
      return reply
        .header('Cache-Control', 'public, max-age=86400')
        .redirect(`/cancel-reservation${query}`, 302);
    },
  );

  if (publicPage) {
    // Files of the public site (assets/, favicon, robots.txt…), but not its index.html.
    await app.register(fastifyStatic, {
      root: publicDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      // The service worker (sw.js, maybe precompressed) is checked for a new version on every visit.
      setHeaders: (res, file) =>
        res.header(
          'Cache-Control',
          /^sw\.js(?:\.br|\.gz)?$/.test(path.basename(file))
            ? 'no-cache'
            : file.includes(`${path.sep}assets${path.sep}`)
              ? YEAR
              : 'public, max-age=3600',
        ),
    });
  }
  if (adminPage) {
    await app.register(fastifyStatic, {
      root: path.join(adminDir, 'admin-assets'),
      prefix: '/admin-assets/',
      decorateReply: !publicPage,
      preCompressed: true,
      setHeaders: (res) => res.header('Cache-Control', YEAR),
    });
  }

  if (checkinPage) {
    // The app's files (assets/, sw.js, workbox-*.js, manifest, icons), but not its index.html (a page, below).
    await app.register(fastifyStatic, {
      root: checkinDir,
      prefix: `${CHECKIN_BASE}/`,
      wildcard: false,
      index: false,
      decorateReply: !publicPage && !adminPage,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (res, file) => {
        // The file may be the precompressed sw.js.br or sw.js.gz.
        if (/^sw\.js(?:\.br|\.gz)?$/.test(path.basename(file))) {
          res.header('Cache-Control', 'no-cache');
          res.header('Service-Worker-Allowed', CHECKIN_SW_SCOPE);
        } else
          res.header(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`) ? YEAR : 'public, max-age=3600',
          );
      },
    });
  }

  const sendPage = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .status(status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(html);

  return function servePage(request: FastifyRequest, reply: FastifyReply): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api') return false;
    if (isCheckinRoute(pathname) && checkinPage) return (sendPage(reply, checkinPage), true);
    if (isStaffRoute(pathname, RESOURCE_NAMES) && adminPage) return (sendPage(reply, adminPage), true);
    if (!publicPage) return false;
    sendPage(reply, publicPage, isPublicRoute(pathname) ? 200 : 404);
    return true;
  };
}
