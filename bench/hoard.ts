// Hoarding seats with unpaid holds, measured (issue 18): what an attacker with N client addresses still holds.
// Loopback only: the server listens on 127.0.0.1 and each attacker connects from an address of its own in
// 127.0.0.0/8 (127.0.N.x), which the server sees as the client address. Bounded: each address makes at most
// ATTEMPTS bookings and one re-send per booking. The server runs with the default limits (README).
//
// For each N: (1) the attackers book 3 seats at a time with a junk proof (a 2×2 PNG), a new phone every 2
// bookings and no device id, round the TRIPS trips of 49 seats, until the server refuses them; then on every
// trip a traveller who pays (a proof) and one who will pay later try to book one seat. (2) Staff reject every
// junk proof; the attackers re-send one for each booking at once: how many hold a review time again. (3) The
// same attackers all on one trip of 49 seats: what they hold there, and whether a payer still gets a seat.
// Time does not move here: how long a hold lasts is the configuration's (PROOF_REVIEW_MINUTES and
// PAYMENT_PROOF_MINUTES); tests/server/payments-hoarding.test.ts moves the clock.
//   node --import tsx bench/hoard.ts [N …]   (default: 1 5)
import { makePng } from '../tests/server/helpers/images.ts';
import { multipart } from '../tests/server/helpers/multipart.ts';
import { bookingFields, makeTrips, type BenchTrip } from './lib/fixtures.ts';
import { LightClient } from './lib/light-client.ts';
import { login, startServer } from './lib/server.ts';

const TRIPS = 35;
const SEATS = 49;
const ATTEMPTS = 40;
/** The defaults of server/config.ts, which the benchmarks' server otherwise lifts. */
const DEFAULTS = {
  MAX_UNPAID_BOOKINGS_PER_PHONE: '2',
  MAX_UNPAID_BOOKINGS_PER_ADDRESS: '10',
  MAX_UNPAID_SEATS_PER_ADDRESS_PER_TRIP: '6',
  MAX_UNPAID_BOOKINGS_PER_DEVICE: '3',
  MAX_UNPAID_SHARE: '0.5',
  BOOKING_RATE_LIMIT_PER_IP: '60',
  LOOKUP_RATE_LIMIT_PER_IP: '30',
  TICKET_WORKERS: '0',
};

let drawn = 0;
const junk = () => makePng(2, 2, [++drawn % 256, Math.floor(drawn / 256) % 256, 99]);
const newPhone = () => `09${String(10_000_000 + ((Date.now() + ++drawn * 7919) % 89_999_999))}`;

interface Held {
  trip: BenchTrip;
  booking: { _id: string; ticketId: string; seats: number[]; passengerInfo: { phone: string } };
  address: string;
}

/** The free seats of each trip as this script knows them: nobody here collides by chance. */
function seatCursor() {
  const taken = new Map<string, Set<number>>();
  const of = (trip: BenchTrip) => taken.get(trip.id) ?? taken.set(trip.id, new Set()).get(trip.id)!;
  const claim = (trip: BenchTrip, count: number): number[] | undefined => {
    const mine = of(trip);
    const seats: number[] = [];
    for (let seat = 1; seat <= trip.seats && seats.length < count; seat++)
      if (!mine.has(seat)) seats.push(seat);
    if (seats.length < count) return undefined;
    for (const seat of seats) mine.add(seat);
    return seats;
  };
  /** Seats a refused booking did not take. */
  claim.release = (trip: BenchTrip, seats: number[]) => seats.forEach((seat) => of(trip).delete(seat));
  return claim;
}

function book(client: LightClient, trip: BenchTrip, seats: number[], phone: string, proof?: Buffer) {
  const fields = bookingFields(trip, seats);
  const passenger = { ...JSON.parse(fields.passengerInfo), phone };
  const form = multipart(
    {
      ...fields,
      passengerInfo: JSON.stringify(passenger),
      ...(proof ? { paymentReference: `JUNK${drawn}`, paymentMethod: 'bankak' } : {}),
    },
    proof && { filename: 'proof.png', contentType: 'image/png', data: proof },
  );
  return client.request('POST', '/api/bookings/createBooking', form.payload, form.headers);
}

/** One attacker address books round `trips` until refused (or ATTEMPTS). */
async function hoard(
  url: string,
  address: string,
  trips: BenchTrip[],
  seatsOf: ReturnType<typeof seatCursor>,
  offset: number,
) {
  const client = new LightClient(url, 1, address);
  const held: Held[] = [];
  let requests = 0;
  let refusal = '';
  let phone = newPhone();
  for (let i = 0; i < ATTEMPTS; i++) {
    if (i % 2 === 0) phone = newPhone();
    const trip = trips[(offset + i) % trips.length];
    const seats = seatsOf(trip, 3);
    if (!seats) break;
    const { status, body } = await book(client, trip, seats, phone, junk());
    requests++;
    if (status !== 201) {
      seatsOf.release(trip, seats);
      refusal = `${status} ${body.code ?? ''} ${body.scope ?? ''}`.trim();
      break;
    }
    held.push({ trip, booking: body.booking, address });
  }
  client.close();
  return { held, requests, refusal };
}

/** N attackers, from 127.<net>.0.1 on, at once. */
async function attack(
  url: string,
  n: number,
  trips: BenchTrip[],
  seatsOf: ReturnType<typeof seatCursor>,
  net: number,
) {
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) => hoard(url, `127.${net}.0.${i + 1}`, trips, seatsOf, i * 7)),
  );
  const held = results.flatMap((result) => result.held);
  return {
    held,
    seats: held.reduce((sum, h) => sum + h.booking.seats.length, 0),
    trips: new Set(held.map((h) => h.trip.id)).size,
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    refusals: [...new Set(results.map((result) => result.refusal).filter(Boolean))],
    seconds: (performance.now() - started) / 1000,
  };
}

/** On each trip, one traveller from an address of their own books a seat: with a proof, or to pay later. */
async function travellers(
  url: string,
  trips: BenchTrip[],
  seatsOf: ReturnType<typeof seatCursor>,
  paying: boolean,
  net: number,
) {
  let booked = 0;
  const refused = new Map<string, number>();
  for (const [i, trip] of trips.entries()) {
    const seats = seatsOf(trip, 1);
    if (!seats) {
      refused.set('no seat left', (refused.get('no seat left') ?? 0) + 1);
      continue;
    }
    const client = new LightClient(url, 1, `127.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`);
    const { status, body } = await book(client, trip, seats, newPhone(), paying ? junk() : undefined);
    client.close();
    if (status === 201) booked++;
    else {
      const why = `${status} ${body.code ?? ''} ${body.scope ?? ''}`.trim();
      refused.set(why, (refused.get(why) ?? 0) + 1);
    }
  }
  const why = [...refused].map(([reason, count]) => `${count}× ${reason}`).join(', ');
  return `${booked}/${trips.length}${why ? ` (refused: ${why})` : ''}`;
}

/** Staff reject every junk proof; each attacker re-sends one per booking at once: how many hold a review time. */
async function rejectAndResend(url: string, token: string, held: Held[]) {
  for (const { booking } of held) {
    const response = await fetch(`${url}/api/bookings/rejectPayment/${booking._id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'proof_unreadable' }),
    });
    if (!response.ok) throw new Error(`reject: ${response.status} ${await response.text()}`);
  }
  const answers = await Promise.all(
    held.map(async ({ booking, address }) => {
      const client = new LightClient(url, 1, address);
      const form = multipart(
        {
          ticketId: booking.ticketId,
          phone: booking.passengerInfo.phone,
          paymentReference: `RESENT${++drawn}`,
          paymentMethod: 'bankak',
        },
        { filename: 'shot.png', contentType: 'image/png', data: junk() },
      );
      const answer = await client.request('POST', '/api/bookings/submitProof', form.payload, form.headers);
      client.close();
      return answer;
    }),
  );
  const accepted = answers.filter((answer) => answer.status === 200);
  const holding = accepted.filter((answer) => answer.body.reviewDeadline !== null).length;
  return `${accepted.length} re-sent proofs stored, ${holding} hold a review time again`;
}

async function run(n: number) {
  const server = await startServer(DEFAULTS);
  if (new URL(server.url).hostname !== '127.0.0.1') throw new Error('loopback only');
  try {
    const token = await login(server.url);
    const trips = await makeTrips(server.url, token, TRIPS, SEATS);
    const seatsOf = seatCursor();
    const spread = await attack(server.url, n, trips, seatsOf, 10);
    const payers = await travellers(server.url, trips, seatsOf, true, 20);
    const later = await travellers(server.url, trips, seatsOf, false, 21);
    console.log(
      `N=${n}, ${TRIPS} trips of ${SEATS}: held ${spread.seats} seats (${spread.held.length} bookings) on ` +
        `${spread.trips} trips with ${spread.requests} requests in ${spread.seconds.toFixed(2)} s, then refused ` +
        `(${spread.refusals.join('; ') || 'none'}); a traveller who pays booked on ${payers} trips, ` +
        `one who pays later on ${later}`,
    );
    console.log(
      `N=${n}, staff reject all ${spread.held.length} junk proofs: ${await rejectAndResend(server.url, token, spread.held)}`,
    );

    const [one] = await makeTrips(server.url, token, 1, SEATS);
    const oneSeats = seatCursor();
    const focused = await attack(server.url, n, [one], oneSeats, 11);
    const payer = await travellers(server.url, [one], oneSeats, true, 22);
    const payLater = await travellers(server.url, [one], oneSeats, false, 23);
    console.log(
      `N=${n}, all on one trip of ${SEATS}: held ${focused.seats} seats (${focused.held.length} bookings), then ` +
        `refused (${focused.refusals.join('; ') || 'none'}); a payer booked ${payer}, one who pays later ${payLater}`,
    );
  } finally {
    await server.stop();
  }
}

const counts = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0 && n <= 20);
for (const n of counts.length ? counts : [1, 5]) await run(n);
