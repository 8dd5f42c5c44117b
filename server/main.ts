// Starts the server: open the database, migrate, create the first account, listen; close on SIGTERM.
import { buildApp } from './app.ts';
import { ensureFirstStaffAccount } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoData } from './demo/demo-data.ts';
import { sweepOrphanUploads } from './resources/bookings/uploads.ts';
import { warmUpTicketRenderer } from './tickets/ticket-pdf.ts';

const config = loadConfig();
const database = openDatabase(config);
await migrateToLatest(database.db);
const app = await buildApp({ config, database });
await ensureFirstStaffAccount(database.db, config, app.log);
if (config.demoData) await seedDemoData(database.db, app.log);
const swept = await sweepOrphanUploads(database.db, config.dataDir, config.uploadSweepGraceMs);
if (swept) app.log.warn(`removed ${swept} payment proof(s) left without a booking`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  });
}

// Loading the ticket font takes ~0.5 s: do it before the first traveller waits for it.
await (config.ticketWorkers ? app.tickets.ready() : warmUpTicketRenderer());
await app.listen({ port: config.port, host: config.host });
