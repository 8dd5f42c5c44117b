// What runs on a schedule, on every node: expiring lapsed payment holds (every few seconds), closing trips
// that have departed (their travellers not boarded become no-shows, their lists lock), erasing ID numbers of
// trips older than ID_RETENTION_DAYS or deleted (hourly), deleting "find my bookings" codes older than a day
// (hourly), putting timetables' trips on sale SALES_HORIZON_DAYS ahead (hourly, and at once when a timetable
// is created or edited), refunding the bookings of cancelled trips whose travellers did not choose by the
// trip's time, and sending the outbox's text messages (every 2 s). Nothing depends on the timers for
// correctness: the state is in the database, each job is idempotent and skips what another node is doing, a
// restart loses nothing.
import type { FastifyInstance } from 'fastify';
import { khartoumToday } from '../shared/rules.ts';
import { closeDepartedTrips, eraseOldIdNumbers } from './resources/boarding/boarding.repository.ts';
import { deleteOldCodes } from './resources/bookings/access-codes.ts';
import { bookingContext, expireLapsedHolds, refundUnchosen } from './sales/index.ts';
import { newId } from './db/ids.ts';
import { makeGateway } from './messages/gateways.ts';
import { sendDue } from './messages/sender.ts';
import { generateTrips } from './resources/timetables/timetables.service.ts';
import { queueHoldWarnings, queueReminders } from './messages/scheduled.ts';

const HOUR = 3_600_000;

function every(app: FastifyInstance, name: string, ms: number, job: () => Promise<number>, said: string) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await job();
      if (done) app.log.info(`${name}: ${done} ${said}`);
    } catch (error) {
      app.log.error({ err: error }, `${name} failed`);
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** The ID numbers of trips older than `days` before `now` are erased. */
export function eraseExpiredIds(app: FastifyInstance, days = app.config.idRetentionDays) {
  const cutoff = khartoumToday(new Date(app.clock.now().getTime() - days * 24 * HOUR));
  return eraseOldIdNumbers(app.db, cutoff);
}

export function startScheduledJobs(app: FastifyInstance): () => void {
  const ctx = bookingContext(app);
  const { config } = app;
  const gateway = makeGateway(config.sms, app.log);
  const node = newId();
  const stops = [
    every(
      app,
      'expiry sweep',
      config.payments.sweepSeconds * 1000,
      () => expireLapsedHolds(ctx),
      'unpaid booking(s) expired',
    ),
    every(
      app,
      'departed trips',
      config.payments.sweepSeconds * 1000,
      async () =>
        (await refundUnchosen(app.db, app.clock.now())) +
        (await closeDepartedTrips(app.db, app.clock.now(), config.noShowAfterMinutes)),
      'booking(s) of cancelled trips refunded (no choice made) or trip(s) closed (no-shows marked)',
    ),
    every(
      app,
      'timetables',
      HOUR,
      () => generateTrips(app.db, app.clock.now(), config.salesHorizonDays),
      'trip(s) put on sale from timetables',
    ),
    every(app, 'ID retention', HOUR, () => eraseExpiredIds(app), 'ID number(s) erased'),
    every(
      app,
      'access codes',
      HOUR,
      () => deleteOldCodes(app.db, app.clock.now()),
      '"find my bookings" code(s) older than a day deleted',
    ),
    every(
      app,
      'outbox',
      config.sms.senderSeconds * 1000,
      async () => {
        // What is due by the clock first (hold warnings, the evening's reminders), then everything due.
        await queueHoldWarnings(app.db, app.clock.now());
        await queueReminders(app.db, app.clock.now());
        return sendDue({
          db: app.db,
          gateway,
          node,
          now: () => app.clock.now(),
          leaseMs: Math.max(config.sms.leaseSeconds * 1000, config.sms.timeoutMs + 1000),
        });
      },
      'text message(s) handed to the gateway',
    ),
  ];
  return () => stops.forEach((stop) => stop());
}
