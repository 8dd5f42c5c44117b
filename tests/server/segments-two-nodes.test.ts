// Seats by segment across two API processes on one PostgreSQL (issue 23): 60 counter sales of overlapping
// stretches of a 5-stop corridor, on the same three seats, half through each node at once. The database's
// (trip, seat, leg) key is the only guard: no seat-leg is sold twice, every 201 is a live booking, and the
// passenger list holds exactly the legs the winners bought.
import { afterAll, describe, expect, it } from 'vitest';
import { postJson } from '../../bench/lib/fixtures.ts';
import { login, startServer } from '../../bench/lib/server.ts';
import { createPostgresDatabase, dialects } from './helpers/test-app.ts';
import { futureDate } from './helpers/fixtures.ts';

/** Khartoum (0) – Madani (1) – Gedaref (2) – Kassala (3) – Port Sudan (4), every pair on sale. */
async function corridor(url: string, token: string) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const company = await postJson(url, token, '/api/companies/createCompany', {
    company_name: `Two nodes ${tag}`,
    company_phone: '0912345678',
    company_email: `two${tag}@example.com`,
    company_tin: `T2-${tag}`,
  });
  const bus = await postJson(url, token, '/api/buses/createBus', {
    bus_number: `TN-${tag}`,
    bus_owner_companyId: company._id,
    bus_number_of_seats: 12,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
  const towns: { origin: { _id: string }; destination: { _id: string } }[] = [];
  for (const town of ['Khartoum', 'Madani', 'Gedaref', 'Kassala', 'Port Sudan'])
    towns.push({
      origin: await postJson(url, token, '/api/origins/createOrigin', { origin_city: `${town} ${tag}` }),
      destination: await postJson(url, token, '/api/destination/createDestination', {
        destination_city: `${town} ${tag}`,
      }),
    });
  const price = await postJson(url, token, '/api/prices/createPrice', { price: 5000 });
  const fares = [];
  for (let from = 0; from < 5; from++)
    for (let to = from + 1; to < 5; to++)
      if (!(from === 0 && to === 4)) fares.push({ from, to, price: (to - from) * 1000 });
  return postJson(url, token, '/api/trips/createTrip', {
    busId: bus._id,
    trip_originId: towns[0].origin._id,
    trip_destinationId: towns[4].destination._id,
    trip_date: futureDate(),
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: price._id,
    trip_stops: [1, 2, 3].map((i) => ({
      originId: towns[i].origin._id,
      destinationId: towns[i].destination._id,
      minutes: i * 120,
    })),
    trip_fares: fares,
  });
}

describe.runIf(dialects.includes('postgres'))('seats by segment on two nodes, one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'a 60-way race of overlapping stretches through both nodes sells each seat-leg once',
    { timeout: 180_000 },
    async () => {
      const postgres = await createPostgresDatabase();
      cleanups.push(postgres.drop);
      const env = { DATABASE_URL: postgres.url, TICKET_WORKERS: '0' };
      const a = await startServer(env);
      cleanups.push(a.stop);
      const b = await startServer(env);
      cleanups.push(b.stop);
      const token = await login(a.url);
      const trip = await corridor(a.url, token);

      const attempts = Array.from({ length: 60 }, (_, i) => {
        const from = i % 4;
        const to = from + 1 + (i % (4 - from));
        return { from, to, seat: 1 + (i % 3), phone: `09${String(20_000_000 + i).slice(-8)}` };
      });
      const answers = await Promise.all(
        attempts.map(async (attempt, i) => {
          const node = i % 2 ? a : b;
          const response = await fetch(`${node.url}/api/bookings/counterSale`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              tripId: trip._id,
              seats: [attempt.seat],
              passengerInfo: { firstName: 'Amna', lastName: 'Osman', phone: attempt.phone },
              paymentMethod: 'cash',
              boardingStop: attempt.from,
              alightingStop: attempt.to,
            }),
          });
          return { status: response.status, body: await response.json() };
        }),
      );
      for (const answer of answers) expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
      const won = attempts.filter((_, i) => answers[i].status === 201);
      // Each seat is bought at least once (the first stretch to reach it wins somewhere).
      expect(new Set(won.map((attempt) => attempt.seat)).size).toBe(3);
      const legs = new Set<string>();
      for (const attempt of won)
        for (let leg = attempt.from; leg < attempt.to; leg++) {
          const key = `${attempt.seat}:${leg}`;
          expect(legs.has(key), key).toBe(false);
          legs.add(key);
        }

      // The passenger list (read through the other node) holds exactly the winners, each on its stretch.
      const lines: {
        seat: number;
        isCancelled: boolean;
        boardingStop: number;
        alightingStop: number;
        bookingId: string;
      }[] = await (
        await fetch(`${b.url}/api/trips/passengers/${trip._id}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      const live = lines.filter((line) => !line.isCancelled);
      expect(live.map((line) => line.bookingId).sort()).toEqual(
        answers
          .filter((answer) => answer.status === 201)
          .map((answer) => answer.body.booking._id)
          .sort(),
      );
      const held = live.flatMap((line) =>
        Array.from(
          { length: line.alightingStop - line.boardingStop },
          (_, k) => `${line.seat}:${line.boardingStop + k}`,
        ),
      );
      expect(new Set(held).size).toBe(held.length);
      expect(new Set(held)).toEqual(legs);
    },
  );
});
