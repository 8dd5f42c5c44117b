// Starts the server: open the database, migrate, create the first account, listen; close on SIGTERM.
import { buildApp } from './app.ts';
import { ensureFirstStaffAccount } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { startScheduledJobs } from './jobs.ts';
import { importProofFiles } from './sales/index.ts';
import { warmUpTicketRenderer } from './tickets/ticket-pdf.ts';
import { readSettings } from './resources/settings/settings.repository.ts';
import { missingDetails } from '../shared/settings.ts';

// Whatever the server writes (database, secret, uploads) is its own user's alone.
process.umask(0o077);
const config = loadConfig();
const database = openDatabase(config);
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
await ensureFirstStaffAccount(database.db, config, app.log, app.clock.now());
if (config.demoData) await seedDemoData(database.db, app.log);
// Travellers need a way to pay and someone to ask: say what is missing (an admin sets them in Settings).
const missing = missingDetails(await readSettings(database.db, config));
if (missing.length)
  app.log.warn(
    `not set: ${missing.join('; ')}. Travellers who send their payment proof later have nowhere to pay or ask: set them in the back-office's Settings (or OPERATOR_* / PAYMENT_* before the first start)`,
  );
// Payment proofs that an older version kept as files move into the database.
const proofs = await importProofFiles(database.db, config.dataDir);
if (proofs.moved || proofs.removed)
  app.log.warn(
    `payment proofs: ${proofs.moved} moved into the database, ${proofs.removed} without a booking removed`,
  );
const stopJobs = startScheduledJobs(app);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// Loading the ticket font takes ~0.5 s: do it before the first traveller waits for it.
// A ticket worker that cannot start is tried again every second, as a search worker is; meanwhile this thread
// renders (and a SIGTERM during the start no longer ends it with an unhandled WorkerStopped).
await (config.ticketWorkers
  ? app.tickets
      .ready()
      .catch((error) =>
        app.log.warn(`a ticket worker did not start (${String(error)}): tickets rendered here meanwhile`),
      )
  : warmUpTicketRenderer());
// The search workers open their connections and load their code (~0.5 s) before the first search. One that
// cannot start is tried again every second; meanwhile this thread answers its searches.
await app.tripSearch
  .ready()
  .catch((error) =>
    app.log.warn(`a search worker did not start (${String(error)}): searches answered here meanwhile`),
  );
await app.listen({ port: config.port, host: config.host });
