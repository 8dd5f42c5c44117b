// What every call of the sales module takes: the database, the clock and the payment settings. Routes and
// scheduled jobs build it from the app; tests from a test app.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import type { PaymentsConfig } from '../config.ts';
import type { Db } from '../db/schema.ts';

export interface BookingContext {
  db: Db;
  clock: Clock;
  payments: PaymentsConfig;
}

export function bookingContext(app: FastifyInstance): BookingContext {
  return { db: app.db, clock: app.clock, payments: app.config.payments };
}
