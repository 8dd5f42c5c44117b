// The outbox's cost and speed (issue 20):
//  1. what queueing a message adds to a sale: the same sale transaction (a booking row, its seat rows) without
//     its ticket message, with it as the sale writes it (from the booking, trip and cities it holds, carried by
//     the booking's own INSERT: no statement of its own on PostgreSQL), with it as an INSERT of its own, and
//     with it read back from the database first (the path of every other event), p50 and p99;
//  2. sending: 10,000 messages queued, then sent by one sender through the http gateway to a fake provider
//     in its own process (answers 200 after ~2 ms), throughput and p99 per message (queue to sent).
//   node --import tsx bench/messages.ts                            (SQLite, a temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/messages.ts   (an empty PostgreSQL database)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { newId } from '../server/db/ids.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Db } from '../server/db/schema.ts';
import { httpGateway } from '../server/messages/gateways.ts';
import { insertCarrying, queueBookingMessage, saleTicketRow } from '../server/messages/messages.service.ts';
import { enqueue } from '../server/messages/outbox.repository.ts';
import { sendDue } from '../server/messages/sender.ts';
import { percentile } from './lib/server.ts';

/** The operator's Settings as a sale reads them: the link's address and an account to name in unpaid tickets. */
const SETTINGS = {
  siteAddress: 'rihla.sd',
  payment: { bankakAccount: '7000111', accountName: 'Rihla Ltd', wallets: [] },
};
const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const SALES = Number(process.env.SALES ?? 4_000);

// The fake provider, in its own process (so the sender's process measures only the sender).
if (process.argv[2] === 'provider') {
  const http = await import('node:http');
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: string };
      seen.add(id);
      setTimeout(
        () => response.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":"p-${id}"}`),
        2,
      );
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('message', (message) => {
    if (message === 'count') process.send!({ count: seen.size });
  });
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-messages-'));
  const database = openDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir }));
  const db = database.db as unknown as Db;
  await migrateToLatest(database.db);
  const now = () => new Date();

  // A trip to sell on (the rows a sale reads).
  const ids = {
    company: newId(),
    bus: newId(),
    origin: newId(),
    destination: newId(),
    price: newId(),
    trip: newId(),
  };
  const any = database.db;
  await any
    .insertInto('companies')
    .values({
      id: ids.company,
      company_name: 'Bench Co',
      company_phone: '0912345678',
      company_email: 'b@b.sd',
      company_tin: 'TIN-B',
    })
    .execute();
  await any
    .insertInto('buses')
    .values({
      id: ids.bus,
      bus_number: 'B-1',
      bus_owner_companyId: ids.company,
      bus_number_of_seats: 100,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    })
    .execute();
  await any
    .insertInto('origins')
    .values({ id: ids.origin, origin_city: 'Khartoum', origin_city_ar: 'الخرطوم' })
    .execute();
  await any
    .insertInto('destinations')
    .values({ id: ids.destination, destination_city: 'Kassala', destination_city_ar: 'كسلا' })
    .execute();
  await any.insertInto('prices').values({ id: ids.price, price: 30000 }).execute();
  await any
    .insertInto('trips')
    .values({
      id: ids.trip,
      busId: ids.bus,
      trip_originId: ids.origin,
      trip_destinationId: ids.destination,
      trip_date: '2027-01-10',
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: ids.price,
      isCancelled: 0,
    })
    .execute();

  let sold = 0;
  const sale = async (mode: 'plain' | 'carried' | 'inHand' | 'read') => {
    const id = newId();
    const seat = ++sold;
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      const row = {
        id,
        tripId: ids.trip,
        ticketId: String(1_000_000_000_000 + seat),
        seats: JSON.stringify([seat]),
        first_name: 'Amna',
        last_name: 'Idris',
        phone: `0912${String(seat).padStart(6, '0')}`,
        email: null,
        totalTicketPrice: 30000,
        bookingDate: now().toISOString(),
        isCancelled: 0,
        bankakScreenshot: null,
        idempotencyKey: null,
        created_at: now().toISOString(),
        paymentStatus: 'awaiting_proof',
        paymentReference: null,
        paymentMethod: null,
        paymentDeadline: new Date(Date.now() + 3_600_000).toISOString(),
        verifiedBy: null,
        verifiedAt: null,
        verifiedVia: null,
        overrideNote: null,
        rejectionReason: null,
        rejectionNote: null,
        soldBy: null,
        refundDue: null,
        refundPaidAt: null,
        refundPaidBy: null,
        refundReference: null,
        noShow: 0,
        language: 'ar',
      };
      const facts = {
        ...row,
        trip_date: '2027-01-10',
        trip_boarding_time: '9:00 am',
        origin_city: 'Khartoum',
        origin_city_ar: 'الخرطوم',
        destination_city: 'Kassala',
        destination_city_ar: 'كسلا',
        reason_en: null,
        reason_ar: null,
      };
      await insertCarrying(trx, mode === 'carried' ? saleTicketRow(facts, SETTINGS, now()) : undefined, (q) =>
        q.insertInto('bookings').values(row),
      );
      await trx
        .insertInto('booking_seats')
        .values({ tripId: `${ids.trip}`, seat: seat % 100 === 0 ? 100 : seat, bookingId: id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      if (mode === 'read') await queueBookingMessage(trx, 'ticket', id, now());
      if (mode === 'inHand')
        await trx
          .insertInto('messages')
          .values(saleTicketRow(facts, SETTINGS, now())!)
          .execute();
    });
    return performance.now() - started;
  };
  // In turn, so that all three see the same database as it grows.
  const modes = ['plain', 'carried', 'inHand', 'read'] as const;
  const times: Record<(typeof modes)[number], number[]> = { plain: [], carried: [], inHand: [], read: [] };
  for (let i = 0; i < 200; i++) await sale(modes[i % modes.length]);
  for (let i = 0; i < SALES; i++) times[modes[i % modes.length]].push(await sale(modes[i % modes.length]));
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const p = (list: number[], q: number) => percentile(list, q).toFixed(2);
  const adds = (list: number[]) => (percentile(list, 50) - percentile(times.plain, 50)).toFixed(2);
  console.log(`sale transaction (${database.dialect}), ${Math.floor(SALES / modes.length)} each:`);
  console.log(
    `  without its message              p50 ${p(times.plain, 50)} ms  p99 ${p(times.plain, 99)} ms`,
  );
  console.log(
    `  with it, as the sale writes it   p50 ${p(times.carried, 50)} ms  p99 ${p(times.carried, 99)} ms  (adds ${adds(times.carried)} ms p50; in the booking's INSERT)`,
  );
  console.log(
    `  with it, an INSERT of its own    p50 ${p(times.inHand, 50)} ms  p99 ${p(times.inHand, 99)} ms  (adds ${adds(times.inHand)} ms p50)`,
  );
  console.log(
    `  with it, read back first         p50 ${p(times.read, 50)} ms  p99 ${p(times.read, 99)} ms  (adds ${adds(times.read)} ms p50)`,
  );

  // Sending 10,000.
  await db.updateTable('messages').set({ status: 'sent' }).execute();
  const provider = fork(import.meta.filename, ['provider'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) =>
    provider.once('message', (m: { port: number }) => resolve(m.port)),
  );
  const queuedAt = new Map<string, number>();
  for (let i = 0; i < MESSAGES; i++) {
    await enqueue(
      db,
      {
        kind: 'broadcast',
        phone: `0912${String(i).padStart(6, '0')}`,
        language: 'en',
        text: 'The bus leaves 30 minutes late.',
      },
      now(),
    );
  }
  const queued = await db
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('status', '=', 'queued')
    .execute();
  for (const row of queued) queuedAt.set(row.id, Date.parse(row.created_at));
  const gateway = httpGateway({
    gateway: 'http',
    httpUrl: `http://127.0.0.1:${port}/send`,
    httpToken: 't',
    androidUrl: '',
    androidUser: '',
    androidPassword: '',
    androidSigningKey: '',
    timeoutMs: 10_000,
  });
  const started = Date.now();
  const sentAt = new Map<string, number>();
  const timed = {
    ...gateway,
    send: async (m: { id: string; to: string; text: string }) => {
      const outcome = await gateway.send(m);
      sentAt.set(m.id, Date.now());
      return outcome;
    },
  };
  let handed = 0;
  while (handed < MESSAGES) {
    const done = await sendDue({ db, gateway: timed, node: 'bench', now, batch: 100, parallel: 16 }, 1000);
    if (!done) break;
    handed += done;
  }
  const seconds = (Date.now() - started) / 1000;
  provider.send('count');
  const { count } = await new Promise<{ count: number }>((resolve) => provider.once('message', resolve));
  const perMessage = [...sentAt].map(([id, at]) => at - (queuedAt.get(id) ?? at)).sort((a, b) => a - b);
  const sending = [...sentAt.values()].sort((a, b) => a - b);
  const gaps = sending
    .slice(1)
    .map((at, i) => at - sending[i])
    .sort((a, b) => a - b);
  console.log(
    `sending ${MESSAGES} through the http gateway (${database.dialect}): ${count} received by the provider`,
  );
  console.log(
    `  ${(handed / seconds).toFixed(0)} messages/s (${seconds.toFixed(1)} s); queue to sent p50 ${percentile(perMessage, 50)} ms, p99 ${percentile(perMessage, 99)} ms; gap between sends p99 ${percentile(gaps, 99)} ms`,
  );
  provider.kill();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
