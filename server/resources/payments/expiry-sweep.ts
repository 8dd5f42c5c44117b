// Every node expires lapsed holds every few seconds. Nothing depends on the timer for correctness: the state is
// in the database, a sale treats a lapsed hold as free at once, and a traveller's look-up shows it expired; the
// sweep only keeps lists and seat maps current. Several nodes sweeping at once skip each other's rows
// (FOR UPDATE SKIP LOCKED), and a restart loses nothing.
import type { FastifyInstance } from 'fastify';
import { bookingContext } from './payments.routes.ts';
import { expireLapsedHolds } from './payments.service.ts';

export function startExpirySweep(app: FastifyInstance): () => void {
  const ctx = bookingContext(app);
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireLapsedHolds(ctx);
      if (expired) app.log.info(`expired ${expired} unpaid booking(s) past their payment deadline`);
    } catch (error) {
      app.log.error({ err: error }, 'expiry sweep failed');
    } finally {
      running = false;
    }
  };
  void sweep();
  const timer = setInterval(sweep, app.config.payments.sweepSeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
