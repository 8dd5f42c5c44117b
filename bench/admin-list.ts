// The admin's bookings list on a small fresh database: one page of 25 populated bookings
// (GET /api/bookings/getAllBookings?_start=0&_end=25), 10 connections for BENCH_SECONDS (10) with autocannon.
// Quick enough to compare two builds of the answer path (serialisation, response schemas) side by side.
//   node --import tsx bench/admin-list.ts
import autocannon from 'autocannon';
import { makeTrips } from './lib/fixtures.ts';
import { login, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BOOKINGS = 100;

const server = await startServer({ DATABASE_URL: process.env.DATABASE_URL });
try {
  const token = await login(server.url);
  const trips = await makeTrips(server.url, token, 5, 60);
  for (let i = 0; i < BOOKINGS; i++) {
    const trip = trips[i % trips.length];
    const seat = Math.floor(i / trips.length) + 1;
    const response = await fetch(`${server.url}/api/bookings/createBooking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tripId: trip.id,
        seats: [seat],
        passengerInfo: { firstName: 'Amna', lastName: `Osman ${i}`, phone: '0912345678' },
        totalTicketPrice: trip.price,
      }),
    });
    if (response.status !== 201) throw new Error(`booking ${i}: ${response.status} ${await response.text()}`);
  }
  const path = '/api/bookings/getAllBookings?_start=0&_end=25';
  const headers = { authorization: `Bearer ${token}` };
  const size = (await (await fetch(server.url + path, { headers })).text()).length;
  const result = await autocannon({ url: server.url + path, headers, connections: 10, duration: SECONDS });
  console.log(
    `getAllBookings, 25 a page (${(size / 1024).toFixed(1)} KB), 10 connections, ${SECONDS} s: ` +
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${result.non2xx + result.errors} errors`,
  );
} finally {
  await server.stop();
}
