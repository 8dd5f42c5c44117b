// A security review of the bus door (server/resources/boarding, conductors): each test is an attack or an
// ordinary day the door gets wrong today. A phone sending a batch again after its answer was lost; a scan sent
// again with another stop; a conductor syncing scans of a trip far from the door's days; a company's door told
// another company's bookings by their ticket numbers; scans of trips that do not exist; an ID number that a
// spreadsheet reads as a number.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { departureInstant, khartoumToday } from '../../shared/rules.ts';
import { closeDepartedTrips } from '../../server/resources/boarding/boarding.repository.ts';
import { futureDate, makeTrip, sameRouteTrip, unique } from './helpers/fixtures.ts';
import { assignConductor } from './helpers/conductors.ts';
import { bookWithProof, type Doc } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;

describe.each(dialects)('the bus door under attack, review (%s)', (dialect) => {
  // Eight in the morning in Khartoum today: tomorrow's trips are door trips and have not left.
  const clock = new ManualClock(Date.parse(`${khartoumToday()}T06:00:00Z`));
  const t = useTestApp(dialect, { clock });
  const tomorrow = () => khartoumToday(new Date(clock.now().getTime() + DAY));
  type Trip = Awaited<ReturnType<typeof makeTrip>>['trip'];

  /** A conductor's token (of `companyId`'s desk when given), assigned to `trips`. */
  async function conductorOf(trips: Trip[], companyId?: string) {
    const token = await staffToken(
      t,
      { email: `conductor-${unique()}@door-review.rihla.test`, password: 'kassala-acacia-ferry' },
      'conductor',
      companyId,
    );
    for (const trip of trips) await assignConductor(t, t.token, token, { tripId: trip._id });
    return client(t, token);
  }

  /** A paid booking of `trip` (cash, at the counter). */
  async function sold(trip: Trip, seats: number[]) {
    const answer = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { firstName: 'Hiba', lastName: 'Nour', phone: '0912345670' },
      paymentMethod: 'cash',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().booking as Doc;
  }

  const boardingScans = (bookingId: string) =>
    t.database.db
      .selectFrom('scans')
      .select(['verdict', 'deviceId'])
      .where('bookingId', '=', bookingId)
      .where('verdict', 'in', ['valid', 'already_boarded'])
      .execute();

  it('a batch sent again after its answer was lost, once the payment was verified meanwhile: a verdict, not a 500, and the ticket boarded', async () => {
    const trip = (await makeTrip(t, t.token, { date: tomorrow() })).trip;
    const conductor = await conductorOf([trip]);
    // A traveller who sent a proof: the door says "staff decide" (unpaid).
    const booking = await bookWithProof(t, trip, [5], `TRX-${unique()}`);
    const batch = {
      scans: [
        {
          ticketId: booking.ticketId,
          tripId: trip._id,
          scannedAt: new Date(clock.now().getTime() - 60_000).toISOString(),
          deviceId: 'phone-lost-answer',
        },
      ],
    };
    const first = await conductor.post('/api/checkin/scans', batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().verdicts[0].verdict).toBe('unpaid');
    // The cashier checks the proof at the office while the phone's answer was lost on a bad line.
    const verified = await t.staff.patch(`/api/bookings/verifyPayment/${booking._id}`, {});
    expect(verified.statusCode, verified.body).toBe(200);
    // The phone sends the same batch again (public-site/checkin/lib/sync.ts: "a batch sent again after a lost
    // answer changes nothing").
    const again = await conductor.post('/api/checkin/scans', batch);
    expect(again.statusCode, again.body).toBe(200);
    // What the server answers is what it keeps: a "valid" ticket is boarded (else the no-show job marks it).
    expect(again.json().verdicts[0].verdict).toBe('valid');
    expect(await boardingScans(booking._id)).toHaveLength(1);
  });

  it('the same scan sent again with another stop (not part of its id) answers a verdict, not a 500', async () => {
    const trip = (await makeTrip(t, t.token, { date: tomorrow() })).trip;
    const conductor = await conductorOf([trip]);
    const booking = await sold(trip, [6]);
    const scan = {
      ticketId: booking.ticketId,
      tripId: trip._id,
      scannedAt: new Date(clock.now().getTime() - 30_000).toISOString(),
      deviceId: 'phone-stop',
    };
    // At the destination (stop 1 of a trip without stops): its journey has ended, wrong_stop, kept so.
    const atEnd = await conductor.post('/api/checkin/scans', { scans: [{ ...scan, stop: 1 }] });
    expect(atEnd.json().verdicts[0].verdict).toBe('wrong_stop');
    // The same ticket, device and time, without a stop: the row is "the same scan", its verdict is not.
    const again = await conductor.post('/api/checkin/scans', { scans: [scan] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().verdicts[0].verdict).toBe('valid');
    expect(await boardingScans(booking._id)).toHaveLength(1);
  });

  it('a phone that syncs days after a blackout boards its travellers on their trip’s day, and they are no longer counted missing', async () => {
    const trip = (await makeTrip(t, t.token, { date: tomorrow() })).trip;
    const conductor = await conductorOf([trip]);
    const booking = await sold(trip, [9]);
    const boardedAt = new Date(departureInstant(trip.trip_date, trip.trip_boarding_time).getTime() - 600_000);
    // Three days on, the trip has closed and counted the traveller missing: the phone had no network.
    clock.advance(3 * DAY);
    await closeDepartedTrips(t.database.db, clock.now(), 60);
    const before = await t.database.db
      .selectFrom('bookings')
      .select('noShow')
      .where('id', '=', booking._id)
      .executeTakeFirstOrThrow();
    expect(Number(before.noShow)).toBe(1);
    const synced = await conductor.post('/api/checkin/scans', {
      scans: [
        {
          ticketId: booking.ticketId,
          tripId: trip._id,
          scannedAt: boardedAt.toISOString(),
          deviceId: 'phone-late',
        },
      ],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().verdicts[0].verdict).toBe('valid');
    const after = await t.database.db
      .selectFrom('bookings')
      .select('noShow')
      .where('id', '=', booking._id)
      .executeTakeFirstOrThrow();
    expect(Number(after.noShow)).toBe(0);
    expect(await boardingScans(booking._id)).toHaveLength(1);
  });

  it('a conductor syncs no scans of their trip far from the door’s days (9 days ahead): 403 NOT_DOOR_TRIP, nobody boarded', async () => {
    const far = (await makeTrip(t, t.token, { date: futureDate(9) })).trip;
    const conductor = await conductorOf([far]);
    const booking = await sold(far, [3]);
    // The door's other calls refuse this trip to the conductor (door-scope.ts: "another day's trip answers
    // 403 NOT_DOOR_TRIP"), the package first.
    const pkg = await conductor.get(`/api/checkin/trip/${far._id}`);
    expect(pkg.json().code).toBe('NOT_DOOR_TRIP');
    const synced = await conductor.post('/api/checkin/scans', {
      scans: [
        {
          ticketId: booking.ticketId,
          tripId: far._id,
          scannedAt: clock.now().toISOString(),
          deviceId: 'phone-ahead',
        },
      ],
    });
    // The refusal names the trip, so that the phone sets its scans aside and sends the rest.
    expect({ status: synced.statusCode, code: synced.json().code, tripId: synced.json().tripId }).toEqual({
      status: 403,
      code: 'NOT_DOOR_TRIP',
      tripId: far._id,
    });
    // The traveller is not on the bus nine days before it leaves.
    expect(await boardingScans(booking._id)).toEqual([]);
  });

  it('company A’s door is not told company B’s bookings: a B ticket number typed at A’s trip answers no seats and keeps no B booking', async () => {
    const a = await makeTrip(t, t.token, { date: tomorrow() });
    const b = await makeTrip(t, t.token, { date: tomorrow() });
    const conductor = await conductorOf([a.trip], a.company._id);
    const ofB = await sold(b.trip, [17, 18]);
    const answer = await conductor.post('/api/checkin/scans', {
      scans: [
        {
          ticketId: ofB.ticketId,
          tripId: a.trip._id,
          scannedAt: clock.now().toISOString(),
          deviceId: 'phone-of-a',
        },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [verdict] = answer.json().verdicts;
    // "wrong trip", as the phone says offline from the package's fingerprints: nothing more of B's business
    // (the package names B's tickets by fingerprint only, checkin.service.ts: "their tickets are their business").
    expect(verdict.verdict).toBe('wrong_trip');
    expect(verdict).not.toHaveProperty('seats');
    // The same ticket at its own company's door is told its seats.
    const own = await (
      await conductorOf([b.trip], b.company._id)
    ).post('/api/checkin/scans', {
      scans: [
        {
          ticketId: ofB.ticketId,
          tripId: b.trip._id,
          scannedAt: clock.now().toISOString(),
          deviceId: 'phone-of-b',
        },
      ],
    });
    expect(own.json().verdicts[0]).toMatchObject({ verdict: 'valid', seats: [17, 18] });
    // Nor does A's scan row point at B's booking.
    const rows = await t.database.db
      .selectFrom('scans')
      .select('bookingId')
      .where('tripId', '=', a.trip._id)
      .where('deviceId', '=', 'phone-of-a')
      .execute();
    expect(rows).toEqual([{ bookingId: null }]);
  });

  it('a scan of a trip that does not exist is answered and not kept: a company manager fills no scans table with made-up trips', async () => {
    const a = await makeTrip(t, t.token, { date: tomorrow() });
    const manager = client(
      t,
      await staffToken(
        t,
        { email: `manager-${unique()}@door-review.rihla.test`, password: 'kassala-acacia-ferry' },
        'manager',
        a.company._id,
      ),
    );
    const made = `no-such-trip-${unique()}`;
    const answer = await manager.post('/api/checkin/scans', {
      scans: [
        { ticketId: '1000000000001', tripId: made, scannedAt: clock.now().toISOString(), deviceId: 'x' },
      ],
    });
    // Answered (a phone holding scans of a trip deleted since must not be stuck on them), and kept nowhere.
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().verdicts).toEqual([{ ticketId: '1000000000001', verdict: 'forged' }]);
    expect(await t.database.db.selectFrom('scans').select('id').where('tripId', '=', made).execute()).toEqual(
      [],
    );
  });

  it('an ID number of digits and an E (a passport or work card “1234E56”) stays text in the checkpoint CSV, as a number of digits does', async () => {
    const trip = (await makeTrip(t, t.token, { date: tomorrow() })).trip;
    const booking = await sold(trip, [2]);
    const edit = await t.staff.patch(`/api/bookings/updatePassengers/${booking._id}`, {
      passengers: [{ seat: 2, fullName: 'Amna Osman', idType: 'work_card', idNumber: '1234E56' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const csv = await t.staff.get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split(/\r?\n/).find((row) => row.includes('Amna Osman'))!;
    // A spreadsheet reads a bare 1234E56 as the number 1.234E+59 and shows "1.23E+59": the checkpoint's list
    // loses the traveller's ID. Codes of digits alone are written after a left-to-right mark (spreadsheet.ts).
    expect(line.split(',')).not.toContain('1234E56');
    expect(line).toContain('\u200e1234E56');
  });
  it('a conductor of the company not assigned to the trip learns nothing of a booking’s seats by editing its travellers', async () => {
    const made = await makeTrip(t, t.token, { date: tomorrow() });
    const booking = await sold(made.trip, [4]);
    const other = await sameRouteTrip(t, t.token, made, { date: tomorrow() });
    const stranger = await conductorOf([other], made.company._id);
    // Seat 4 is the booking's, seat 5 is not: both answer the same refusal, before any seat is looked at.
    for (const seat of [4, 5]) {
      const edit = await stranger.patch(`/api/bookings/updatePassengers/${booking._id}`, {
        passengers: [{ seat, fullName: 'Probe Name' }],
      });
      expect({ status: edit.statusCode, code: edit.json().code }).toEqual({
        status: 403,
        code: 'NOT_YOUR_TRIP',
      });
    }
  });
});
