// Two API processes on one PostgreSQL, hundreds of concurrent bookings for the same seats through both:
// no seat sold twice, every 201 has its booking, and each node's search cache hears the other's sales.
import { afterAll, describe, expect, it } from 'vitest';
import { bookingForm, doubleSold, liveBookings, makeTrips } from '../../bench/lib/fixtures.ts';
import { login, startServer } from '../../bench/lib/server.ts';
import { createPostgresDatabase, dialects } from './helpers/test-app.ts';

describe.runIf(dialects.includes('postgres'))('two nodes, one PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('never sells a seat twice across nodes', { timeout: 180_000 }, async () => {
    const postgres = await createPostgresDatabase();
    cleanups.push(postgres.drop);
    const env = { DATABASE_URL: postgres.url, TICKET_WORKERS: '0' };
    const a = await startServer(env);
    cleanups.push(a.stop);
    const b = await startServer(env);
    cleanups.push(b.stop);
    const token = await login(a.url);
    const [trip] = await makeTrips(a.url, token, 1, 12);

    // Both nodes cache the seat map before the rush.
    for (const node of [a, b])
      expect((await (await fetch(`${node.url}/api/trips/getTrip/${trip.id}`)).json()).bookedSeats).toEqual(
        [],
      );

    const answers = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const node = n % 2 ? a : b;
        const first = ((n * 5) % trip.seats) + 1;
        const seats = [...new Set([first, ((first + n) % trip.seats) + 1])];
        const response = await fetch(`${node.url}/api/bookings/createBooking`, {
          method: 'POST',
          body: bookingForm(trip, seats),
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const sold = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.booking);
    expect(sold.length).toBeGreaterThan(0);

    const live = await liveBookings(a.url, token, trip.id);
    expect(doubleSold(live)).toBe(0);
    expect(live.map((booking) => booking._id).sort()).toEqual(
      sold.map((booking: { _id: string }) => booking._id).sort(),
    );
    const union = sold
      .flatMap((booking: { seats: number[] }) => booking.seats)
      .sort((x: number, y: number) => x - y);
    // Each node answers the fresh seat map: the other node's sales reached its cache through NOTIFY.
    for (const node of [a, b]) {
      await expect
        .poll(
          async () => (await (await fetch(`${node.url}/api/trips/getTrip/${trip.id}`)).json()).bookedSeats,
          { timeout: 5000 },
        )
        .toEqual(union);
    }

    // A bus renamed through one node shows beside the bookings the other node lists (it remembered the trip).
    const auth = { authorization: `Bearer ${token}` };
    const bookingsTrip = async (node: typeof a) =>
      (
        await (
          await fetch(`${node.url}/api/bookings/getAllBookings?tripId=${trip.id}`, { headers: auth })
        ).json()
      )[0].tripId;
    const bus = (await bookingsTrip(b)).busId;
    const renamed = await fetch(`${a.url}/api/buses/updateBus/${bus._id}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ bus_number: `R-${bus.bus_number}` }),
    });
    expect(renamed.status).toBe(200);
    await expect
      .poll(async () => (await bookingsTrip(b)).busId.bus_number, { timeout: 5000 })
      .toBe(`R-${bus.bus_number}`);
  });
});
