// Booking benchmark: 20 concurrent clients book seats (multipart, as the public site does) and get their PDF
// ticket back; prints bookings per second and p50/p99 latency on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, on PostgreSQL. Then checks that no seat was sold twice.
//   node --import tsx bench/bookings.ts
import { login, percentile, startServer } from './lib/server.ts';

const CLIENTS = 20;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const TRIPS = 150;
const SEATS = 100;

async function post(url: string, token: string, path: string, body: unknown) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function makeTrips(url: string, token: string) {
  const tag = Date.now().toString(36);
  const company = await post(url, token, '/api/companies/createCompany', {
    company_name: `Bench ${tag}`,
    company_phone: '0912345678',
    company_email: `bench${tag}@example.com`,
    company_tin: `B${tag}`,
  });
  const origin = await post(url, token, '/api/origins/createOrigin', { origin_city: `From ${tag}` });
  const destination = await post(url, token, '/api/destination/createDestination', {
    destination_city: `To ${tag}`,
  });
  const price = await post(url, token, '/api/prices/createPrice', { price: 12500 });
  const trips: { id: string; price: number }[] = [];
  for (let i = 0; i < TRIPS; i++) {
    const bus = await post(url, token, '/api/buses/createBus', {
      bus_number: `B-${tag}-${i}`,
      bus_owner_companyId: company._id,
      bus_number_of_seats: SEATS,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    const date = new Date(Date.now() + (2 + (i % 10)) * 86_400_000).toISOString().slice(0, 10);
    const trip = await post(url, token, '/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: date,
      trip_boarding_time: i % 2 ? '7:00 pm' : '9:00 am',
      trip_ticket_priceId: price._id,
    });
    trips.push({ id: trip._id, price: 12500 });
  }
  return trips;
}

async function run(label: string, env: Record<string, string | undefined>) {
  const server = await startServer(env);
  try {
    const token = await login(server.url);
    const trips = await makeTrips(server.url, token);
    // Each booking takes the next 1–3 free seats in order, so clients never collide by design;
    // the database constraint is what is being exercised, not luck.
    let tripIndex = 0;
    let cursor = 1;
    let next = 0;
    const claim = () => {
      const count = (next++ % 3) + 1;
      if (cursor + count - 1 > SEATS) {
        tripIndex = (tripIndex + 1) % TRIPS;
        cursor = 1;
      }
      const seats = Array.from({ length: count }, (_, k) => cursor + k);
      cursor += count;
      return { trip: trips[tripIndex], seats };
    };
    const latencies: number[] = [];
    let created = 0;
    let conflicts = 0;
    let failures = 0;
    let pdfBytes = 0;
    const deadline = Date.now() + DURATION_MS;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < deadline) {
          const { trip, seats } = claim();
          const form = new FormData();
          form.set('tripId', trip.id);
          form.set('seats', JSON.stringify(seats));
          form.set(
            'passengerInfo',
            JSON.stringify({ firstName: 'Fatima', lastName: 'Hassan', phone: '0912345678' }),
          );
          form.set('totalTicketPrice', String(seats.length * trip.price));
          form.set('bookingDate', new Date().toISOString());
          const t0 = performance.now();
          const response = await fetch(`${server.url}/api/bookings/createBooking`, {
            method: 'POST',
            body: form,
          });
          const body = await response.json();
          latencies.push(performance.now() - t0);
          if (response.status === 201 && body.pdfBlob) {
            created++;
            pdfBytes += body.pdfBlob.length * 0.75;
          } else if (response.status === 409) conflicts++;
          else failures++;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    // Integrity: every seat of every trip held by at most one live booking.
    let doubleSold = 0;
    for (const trip of trips) {
      const bookings = await fetch(
        `${server.url}/api/bookings/getAllBookings?tripId=${trip.id}&isCancelled=false`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      ).then((r) => r.json());
      const seen = new Set<number>();
      for (const booking of bookings)
        for (const seat of booking.seats) {
          if (seen.has(seat)) doubleSold++;
          else seen.add(seat);
        }
    }
    console.log(
      `${label}: ${(created / seconds).toFixed(1)} bookings/s with tickets, p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, ${CLIENTS} clients, ${created} booked, ${conflicts} conflicts, ` +
        `${failures} failures, avg ticket ${(pdfBytes / Math.max(created, 1) / 1024).toFixed(1)} KB, seats sold twice: ${doubleSold}`,
    );
    return { created, doubleSold, failures };
  } finally {
    await server.stop();
  }
}

const results = [await run('SQLite', { DATABASE_URL: undefined })];
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) results.push(await run('PostgreSQL', { DATABASE_URL: pgUrl }));
if (results.some((r) => r.doubleSold > 0 || r.failures > 0)) process.exit(1);
