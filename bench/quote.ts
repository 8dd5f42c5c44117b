// What a traveller waits for before confirming a cancellation (issue 22): GET /api/bookings/cancellationQuote
// (the booking proved by ticket id and phone, its refund by the tiers it was sold under) at 10 connections,
// whole and for one seat, beside the look-up (filterBookings: the same proof, the same reads) and a bare
// Fastify in its own process answering a quote's JSON from memory (the ceiling, measured in the same run).
//   node --import tsx bench/quote.ts                          (SQLite, a temporary DATA_DIR)
//   DATABASE_URL=postgres://… node --import tsx bench/quote.ts  (an empty PostgreSQL database)
import { startBare } from './lib/bare.ts';
import { makeTrips, postJson } from './lib/fixtures.ts';
import { fmt, load as loadWith, ratio } from './lib/load.ts';
import { login, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const BOOKINGS = 300;

const load = (url: string, paths: string[]) =>
  loadWith(
    url,
    paths.map((path) => ({ path })),
    { connections: CONNECTIONS, seconds: SECONDS },
  );

const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL });
try {
  const token = await login(server.url);
  const proofs = await sellPaidBookings(server.url, token);
  const paths = (make: (p: (typeof proofs)[number]) => string) => proofs.map(make);
  const quotes = paths((p) => `/api/bookings/cancellationQuote?ticketId=${p.ticketId}&phone=${p.phone}`);
  const seatQuotes = paths(
    (p) => `/api/bookings/cancellationQuote?ticketId=${p.ticketId}&phone=${p.phone}&seats=${p.seat}`,
  );
  const lookups = paths((p) => `/api/bookings/filterBookings?ticketId=${p.ticketId}&phone=${p.phone}`);
  const sample = await fetch(server.url + quotes[0]).then((r) => r.text());
  const ceiling = await startBare('/quote', sample);
  try {
    const bare = await load(ceiling.url, ['/quote']);
    const whole = await load(server.url, quotes);
    const one = await load(server.url, seatQuotes);
    const lookUp = await load(server.url, lookups);
    const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
    console.log(`${BOOKINGS} paid bookings, ${CONNECTIONS} connections, ${SECONDS} s each (${dialect}):`);
    console.log(`  bare Fastify, own process     ${fmt(bare)}`);
    console.log(`  cancellationQuote (whole)     ${fmt(whole)}  (${ratio(whole, bare)} of bare)`);
    console.log(`  cancellationQuote (one seat)  ${fmt(one)}  (${ratio(one, bare)} of bare)`);
    console.log(`  filterBookings (the look-up)  ${fmt(lookUp)}  (${ratio(lookUp, bare)} of bare)`);
  } finally {
    ceiling.stop();
  }
} finally {
  await server.stop();
}

/** 300 bookings of two seats paid at the counter on 10 trips, a few days ahead. */
async function sellPaidBookings(url: string, token: string) {
  const made = await makeTrips(url, token, 10, 62);
  const sold: { ticketId: string; phone: string; seat: number }[] = [];
  for (let i = 0; i < BOOKINGS; i++) {
    const trip = made[i % made.length];
    const seat = 1 + 2 * Math.floor(i / made.length);
    const phone = `0912${String(i).padStart(6, '0')}`;
    const answer = await postJson(url, token, '/api/bookings/counterSale', {
      tripId: trip.id,
      seats: [seat, seat + 1],
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone },
      paymentMethod: 'cash',
    });
    sold.push({ ticketId: answer.booking.ticketId, phone, seat });
  }
  return sold;
}
