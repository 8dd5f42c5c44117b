// Builds the Fastify application as a plugin tree; it never listens (server/main.ts does, tests inject).
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Db } from './db/schema.ts';
import { systemContract } from '../shared/contract/index.ts';
import { resources } from '../shared/registry/index.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { databaseAnswers, loadJwtSecret } from './auth/secrets.ts';
import { enforceAccess } from './auth/staff-guard.ts';
import { recordStaffWrites } from './audit/audit.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { Database, Dialect } from './db/database.ts';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler.ts';
import { HttpError } from './http/errors.ts';
import { compressInMemoryAnswers } from './http/compression.ts';
import { allowConfiguredOrigins } from './http/cors.ts';
import { API_HEADERS, registerSecurityHeaders } from './http/security-headers.ts';
import { registerFrontEnds } from './http/front-ends.ts';
import { databaseStore } from './http/rate-limit-store.ts';
import { JSON_BODY_LIMIT, limitBodies } from './http/body-limits.ts';
import { capConnections, connectionOptions } from './http/connections.ts';
import { proxyTrust } from './http/proxies.ts';
import { readBodiesCheaply } from './http/request-bodies.ts';
import { projectingSerializerCompiler, zodValidatorCompiler } from './http/validation.ts';
import { swaggerOptions } from './http/openapi.ts';
import { crudRoutes } from './resources/crud/crud.routes.ts';
import { ReadCache, useReadCache } from './cache/read-cache.ts';
import { listenForChanges } from './cache/cache-sync.ts';
import { tripRoutes } from './resources/trips/trips.routes.ts';
import { timetableRoutes } from './resources/timetables/timetables.routes.ts';
import { TicketPool } from './tickets/ticket-pool.ts';
import { TripSearch } from './resources/trips/search-pool.ts';
import { accessCodeRoutes } from './resources/bookings/access-codes.routes.ts';
import { bookingRoutes } from './resources/bookings/bookings.routes.ts';
import { bookingPaymentRoutes, paymentRoutes } from './resources/payments/payments.routes.ts';
import { checkinRoutes, manifestRoutes, travellerRoutes } from './resources/boarding/boarding.routes.ts';
import { analyticsRoutes } from './resources/analytics/analytics.routes.ts';
import { shiftRoutes } from './resources/shifts/shifts.routes.ts';
import { conductorRoutes } from './resources/conductors/conductors.routes.ts';
import { loadTicketSigner, type TicketSigner } from './tickets/signing.ts';
import { uploadRoutes } from './resources/payments/uploads.routes.ts';
import { dashboardRoutes } from './resources/dashboard/dashboard.routes.ts';
import { seedSettings } from './resources/settings/settings.repository.ts';
import { settingsRoutes } from './resources/settings/settings.routes.ts';
import { messageRoutes } from './messages/messages.routes.ts';
import { MAX_UPLOAD_BYTES } from '../shared/rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    config: Config;
    jwtSecret: Uint8Array;
    readCache: ReadCache;
    tickets: TicketPool;
    /** Answers the public search, on worker threads when SEARCH_WORKERS > 0 (trips/search-pool.ts). */
    tripSearch: TripSearch;
    /** The time decisions are made by (tests move it). */
    clock: Clock;
    /** Signs the codes in tickets' QR codes (server/tickets/signing.ts). */
    ticketSigner: TicketSigner;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  clock?: Clock;
}

export async function buildApp({
  config,
  database,
  logger = true,
  clock = systemClock,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: proxyTrust(config.trustProxy) ?? false,
    // Each route's own limit comes from its schema (limitBodies); this one is for anything else.
    bodyLimit: JSON_BODY_LIMIT,
    ...connectionOptions(config),
    // Travellers' and staff's ids are opaque strings; keep route matching strict and simple.
    // Long ids reach the route's own validation (400/404) instead of the router's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Addresses the router cannot read (bad percent-encoding) skip hooks and the error handler: answer
    // them here, in the API's JSON shape, without echoing the address.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      reply
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .headers(API_HEADERS)
        .send({ message: 'This address is not valid.' });
    },
  });
  capConnections(app, config);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(projectingSerializerCompiler);
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('jwtSecret', await loadJwtSecret(config, database));
  app.decorate('ticketSigner', await loadTicketSigner(database.db));
  // The operator's details start as the environment says; admins change them in Settings from then on.
  await seedSettings(database.db, config, clock.now());
  registerErrorHandler(app);
  // What reads remember is forgotten by the write layer itself (server/db/changes.ts), whoever writes.
  const readCache = new ReadCache(config.searchCacheMs);
  app.decorate('readCache', readCache);
  useReadCache(database.db, readCache);
  readCache.beforeRead = database.changes.checkOutside;
  const unsubscribe = database.changes.subscribe((changes) => readCache.apply(changes));
  app.addHook('onClose', async () => unsubscribe());
  const tickets = new TicketPool(config.ticketWorkers);
  app.decorate('tickets', tickets);
  app.addHook('onClose', () => tickets.close());
  const tripSearch = new TripSearch({ db: database.db, arrays: database.arrays }, config.searchWorkers, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  app.decorate('tripSearch', tripSearch);
  app.addHook('onClose', () => tripSearch.close());
  if (database.dialect === 'postgres' && config.databaseUrl) {
    const stopListening = await listenForChanges(readCache, database.changes, config.databaseUrl, app.log);
    app.addHook('onClose', stopListening);
  }

  // Security headers first: every answer carries them, the access check's 401 and 403 too.
  registerSecurityHeaders(app);
  // Every route registered from here on declares who may call it, and what a staff write records.
  enforceAccess(app, config.publicApiDocs ? 'public' : 'self');
  recordStaffWrites(app);
  limitBodies(app);
  readBodiesCheaply(app);
  compressInMemoryAnswers(app);
  await app.register(cookie);
  allowConfiguredOrigins(app, config.corsOrigins);
  await app.register(multipart, {
    // A booking form: trip, seats, passengers, language, device, payment facts and, on a route with stops, boardingStop and alightingStop.
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 12, fieldSize: 16 * 1024, parts: 14 },
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(database.db, clock),
    // A code beside the words, so that each screen says it in its own language (and Retry-After says when).
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests from this connection: please try again in ${context.after}.`,
        { code: 'RATE_LIMITED' },
      ),
  });
  await app.register(swagger, swaggerOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { health } = systemContract;
  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: health.responses }, config: { access: 'public' } },
    async () => {
      await databaseAnswers(database.db);
      return { status: 'ok' };
    },
  );
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(tripRoutes, { prefix: '/api/trips' });
  await app.register(timetableRoutes, { prefix: '/api/timetables' });
  await app.register(bookingRoutes, { prefix: '/api/bookings' });
  await app.register(accessCodeRoutes, { prefix: '/api/bookings' });
  await app.register(bookingPaymentRoutes, { prefix: '/api/bookings' });
  await app.register(paymentRoutes, { prefix: '/api/payments' });
  await app.register(travellerRoutes, { prefix: '/api/bookings' });
  await app.register(manifestRoutes, { prefix: '/api/trips' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(shiftRoutes, { prefix: '/api/shifts' });
  await app.register(conductorRoutes, { prefix: '/api/conductors' });
  await app.register(checkinRoutes, { prefix: '/api/checkin' });
  await app.register(uploadRoutes, { prefix: '/api/uploads' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(messageRoutes, { prefix: '/api/messages' });
  for (const def of resources) await app.register(crudRoutes(def), { prefix: def.api.base });
  registerNotFoundHandler(app, await registerFrontEnds(app));
  return app;
}
