// Memory soak: mixed traffic (searches, seat maps, bookings with tickets, look-ups, cancellations, admin
// lists) against one server for SOAK_SECONDS (default 600), sampling the server's resident memory every
// 30 s. Prints the samples and whether memory stayed flat after warm-up (last ≤ 1.25 × the 2-minute sample).
//   node --import tsx bench/soak.ts
import fs from 'node:fs';
import { bookingForm, makeTrips, TINY_PNG } from './lib/fixtures.ts';
import { login, startServer } from './lib/server.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_MS ?? 30_000);
const CLIENTS = 16;

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

const server = await startServer({ DEMO_DATA: '1', TICKET_WORKERS: '1' });
const pid = server.process.pid!;
try {
  const token = await login(server.url);
  const auth = { authorization: `Bearer ${token}` };
  const trips = await makeTrips(server.url, token, 40, 100);
  const origins = await fetch(`${server.url}/api/origins/getAllOrigins`).then((r) => r.json());
  const destinations = await fetch(`${server.url}/api/destination/getAllDestinations`).then((r) => r.json());
  const seatsUsed = new Map<string, number>();
  let requests = 0;
  let errors = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const samples: { t: number; mb: number }[] = [{ t: 0, mb: rssMb(pid) }];
  const started = Date.now();
  const sampler = setInterval(
    () => samples.push({ t: Math.round((Date.now() - started) / 1000), mb: rssMb(pid) }),
    SAMPLE_MS,
  );

  const step = async (n: number) => {
    const kind = n % 10;
    const date = new Date(Date.now() + ((n % 5) + 1) * 86_400_000).toISOString().slice(0, 10);
    if (kind < 5) {
      const o = origins[n % origins.length]._id;
      const d = destinations[(n * 7) % destinations.length]._id;
      return fetch(`${server.url}/api/trips/filterTrips?origin=${o}&destination=${d}&date=${date}`);
    }
    if (kind < 7) return fetch(`${server.url}/api/trips/getTrip/${trips[n % trips.length].id}`);
    if (kind === 7) {
      const trip = trips[n % trips.length];
      const used = seatsUsed.get(trip.id) ?? 0;
      if (used >= trip.seats) return fetch(`${server.url}/api/health`);
      seatsUsed.set(trip.id, used + 1);
      const response = await fetch(`${server.url}/api/bookings/createBooking`, {
        method: 'POST',
        body: bookingForm(trip, [used + 1], n % 3 ? undefined : TINY_PNG),
      });
      const { booking } = await response.clone().json();
      // Cancel half of them again, as travellers do; their seats return to the pool.
      if (booking && n % 2) {
        await fetch(
          `${server.url}/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=0912345678`,
        );
        await fetch(`${server.url}/api/bookings/cancelBooking/${booking._id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ticketId: booking.ticketId, phone: '0912345678' }),
        });
        seatsUsed.set(trip.id, used);
      }
      return response;
    }
    if (kind === 8)
      return fetch(`${server.url}/api/bookings/getAllBookings?_start=0&_end=25`, { headers: auth });
    return fetch(`${server.url}/api/dashboard/summary`, { headers: auth });
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < deadline) {
        const response = await step(next++);
        await response.arrayBuffer();
        requests++;
        if (response.status >= 500) errors++;
      }
    }),
  );
  clearInterval(sampler);
  samples.push({ t: Math.round((Date.now() - started) / 1000), mb: rssMb(pid) });
  console.log(
    `soak: ${SECONDS} s, ${requests} requests (${Math.round(requests / SECONDS)}/s), ${errors} 5xx`,
  );
  console.log(samples.map((s) => `  t=${s.t}s rss=${s.mb.toFixed(0)} MB`).join('\n'));
  const warm = samples.find((s) => s.t >= Math.min(120, SECONDS / 3)) ?? samples[1] ?? samples[0];
  const last = samples[samples.length - 1];
  const flat = last.mb <= warm.mb * 1.25;
  console.log(
    `rss after warm-up ${warm.mb.toFixed(0)} MB → end ${last.mb.toFixed(0)} MB: ${flat ? 'flat' : 'GROWING'}`,
  );
  if (!flat || errors) process.exitCode = 1;
} finally {
  await server.stop();
}
