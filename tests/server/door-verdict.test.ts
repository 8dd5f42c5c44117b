// The verdict at the bus door is one rule (shared/boarding.ts doorVerdict), applied by the server when scans
// sync and by the conductor's phone offline (public-site/checkin/lib/verdict.ts) to the trip it downloaded.
// Every case is fed to both — the real server's POST /api/checkin/scans, and the phone's judge() over the
// package the real server answered for the trip — and they must say the same. Before the rule was shared, a
// ticket of another trip typed by number read "forged" on the phone ("wrong trip" on the server), and a paid
// ticket of a cancelled trip read "valid" on the phone ("cancelled" on the server).
import { beforeAll, describe, expect, it } from 'vitest';
import { judge, ticketIndex } from '../../public-site/checkin/lib/verdict.ts';
import { verifySignature } from '../../public-site/checkin/lib/signature.ts';
import type { CheckinPackage, ScanRecord } from '../../public-site/checkin/lib/types.ts';
import { book } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { assignConductor } from './helpers/conductors.ts';
import { useTestApp } from './helpers/use-test-app.ts';

type Doc = Record<string, any>;

describe.each(dialects)('the door verdict, on the server and on the phone (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let conductor: ReturnType<typeof client>;
  // Tomorrow in Khartoum: a conductor checks the trips of yesterday, today and tomorrow.
  const date = khartoumToday(new Date(Date.now() + 86_400_000));
  type Trip = Awaited<ReturnType<typeof makeTrip>>['trip'];
  let door: Trip;
  let other: Trip;
  let cancelledTrip: Trip;
  const tickets: Record<string, Doc> = {};
  let scanned = 0;

  const codeOf = (booking: Doc) =>
    t.app.ticketSigner.code({ ticketId: booking.ticketId, tripId: booking.tripId, seats: booking.seats });
  const sell = async (trip: Trip, seat: number) => {
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [seat],
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone: '0912345678' },
      totalTicketPrice: trip.trip_ticket_priceId.price,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json().booking as Doc;
  };

  beforeAll(async () => {
    const token = await staffToken(
      t,
      { email: 'door@rihla.test', password: 'dune-camel-lantern-48' },
      'conductor',
    );
    conductor = client(t, token);
    door = (await makeTrip(t, t.token, { seats: 20, date })).trip;
    cancelledTrip = (await makeTrip(t, t.token, { seats: 20, date })).trip;
    for (const trip of [door, cancelledTrip]) await assignConductor(t, t.token, token, { tripId: trip._id });
    other = (await makeTrip(t, t.token, { seats: 20, date, time: '7:00 pm' })).trip;
    tickets.paid = await sell(door, 1);
    tickets.twice = await sell(door, 2);
    tickets.unpaid = await book(t, door, [3]);
    tickets.cancelled = await sell(door, 4);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${tickets.cancelled._id}`)).statusCode).toBe(
      200,
    );
    tickets.elsewhere = await sell(other, 1);
    tickets.ofCancelledTrip = await sell(cancelledTrip, 1);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${cancelledTrip._id}`)).statusCode).toBe(200);
    // A traveller of a cancelled trip of the door trip's route moves to the door trip (issue 21): a trip of the
    // same company (a move stays with the company paid), the door bus's evening run (never two trips at once).
    const moveFrom = await t.staff.post('/api/trips/createTrip', {
      busId: door.busId._id,
      trip_originId: door.trip_originId._id,
      trip_destinationId: door.trip_destinationId._id,
      trip_date: date,
      trip_boarding_time: '7:00 pm',
      trip_ticket_priceId: door.trip_ticket_priceId._id,
    });
    expect(moveFrom.statusCode, moveFrom.body).toBe(201);
    const movers = [
      await sell({ ...moveFrom.json(), trip_ticket_priceId: door.trip_ticket_priceId }, 7),
      await sell({ ...moveFrom.json(), trip_ticket_priceId: door.trip_ticket_priceId }, 8),
    ];
    expect((await t.staff.patch(`/api/trips/cancelTrip/${moveFrom.json()._id}`)).statusCode).toBe(200);
    for (const [name, mover] of [
      ['moved', movers[0]!],
      ['movedCode', movers[1]!],
    ] as const) {
      const moved = await client(t).post('/api/bookings/moveBooking', {
        ticketId: mover.ticketId,
        phone: mover.passengerInfo.phone,
        tripId: door._id,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      tickets[name] = { ...moved.json(), tripId: door._id };
    }
  });

  const packageOf = async (tripId: string) => {
    const answer = await conductor.get(`/api/checkin/trip/${tripId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CheckinPackage;
  };
  const at = () => new Date(Date.now() - 60_000 + ++scanned * 1000).toISOString();

  /** The server's verdict on one scan, and the phone's on the same check with its earlier scans. */
  async function both(tripId: string, check: { qr?: string; ticketId?: string }, earlier: ScanRecord[] = []) {
    const pkg = await packageOf(tripId);
    const phone = await judge(check, {
      pkg,
      scans: earlier,
      verify: verifySignature,
      tickets: ticketIndex(pkg),
    });
    const scan = { ...check, tripId, scannedAt: at(), deviceId: 'phone-door' };
    const answer = await conductor.post('/api/checkin/scans', { scans: [scan] });
    expect(answer.statusCode, answer.body).toBe(200);
    const server = answer.json().verdicts[0].verdict as string;
    return { phone: phone.verdict, server, local: phone, scan };
  }

  const cases: [string, () => { tripId: string; check: { qr?: string; ticketId?: string } }, string][] = [
    [
      'a paid ticket, typed',
      () => ({ tripId: door._id, check: { ticketId: tickets.paid.ticketId } }),
      'valid',
    ],
    [
      'an unpaid ticket, typed',
      () => ({ tripId: door._id, check: { ticketId: tickets.unpaid.ticketId } }),
      'unpaid',
    ],
    [
      'a cancelled ticket, by its code',
      () => ({ tripId: door._id, check: { qr: codeOf(tickets.cancelled) } }),
      'cancelled',
    ],
    ['not a code at all', () => ({ tripId: door._id, check: { qr: 'hello' } }), 'forged'],
    [
      'a code whose signature was changed',
      () => ({
        tripId: door._id,
        check: { qr: codeOf(tickets.unpaid).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
      }),
      'forged',
    ],
    ['a number nobody sold', () => ({ tripId: door._id, check: { ticketId: '1999999999999' } }), 'forged'],
    [
      "another trip's ticket, by its code",
      () => ({ tripId: door._id, check: { qr: codeOf(tickets.elsewhere) } }),
      'wrong_trip',
    ],
    [
      "another trip's ticket, typed (was forged on the phone)",
      () => ({ tripId: door._id, check: { ticketId: tickets.elsewhere.ticketId } }),
      'wrong_trip',
    ],
    [
      'a ticket moved here from a cancelled trip, typed',
      () => ({ tripId: door._id, check: { ticketId: tickets.moved.ticketId } }),
      'valid',
    ],
    [
      'a ticket moved here from a cancelled trip, by its new code',
      () => ({ tripId: door._id, check: { qr: codeOf(tickets.movedCode) } }),
      'valid',
    ],
    [
      'a paid ticket of a cancelled trip (was valid on the phone)',
      () => ({ tripId: cancelledTrip._id, check: { qr: codeOf(tickets.ofCancelledTrip) } }),
      'cancelled',
    ],
  ];

  for (const [name, make, expected] of cases)
    it(`${name}: ${expected} on both`, async () => {
      const { tripId, check } = make();
      const { phone, server } = await both(tripId, check);
      expect({ phone, server }).toEqual({ phone: expected, server: expected });
    });

  it('a ticket scanned twice: valid, then already boarded, on both', async () => {
    const first = await both(door._id, { qr: codeOf(tickets.twice) });
    expect({ phone: first.phone, server: first.server }).toEqual({ phone: 'valid', server: 'valid' });
    const earlier: ScanRecord = {
      id: 'first',
      tripId: door._id,
      qr: first.scan.qr,
      scannedAt: first.scan.scannedAt,
      deviceId: first.scan.deviceId,
      local: first.local,
    };
    const second = await both(door._id, { ticketId: tickets.twice.ticketId }, [earlier]);
    expect({ phone: second.phone, server: second.server }).toEqual({
      phone: 'already_boarded',
      server: 'already_boarded',
    });
  });
});
