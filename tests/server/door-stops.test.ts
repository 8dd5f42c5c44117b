// The door and the checkpoints on a trip with stops (issue 23), on both databases. The conductor's package
// carries the trip's named stops and each ticket's legs; a scan at a stop that is not the ticket's is
// wrong_stop — the server (POST /api/checkin/scans) and the phone's judge() over the package the server
// answered say the same for every stop; the manifest names each seat's stops and who boards and gets off where.
import { beforeAll, describe, expect, it } from 'vitest';
import { judge, ticketIndex } from '../../public-site/checkin/lib/verdict.ts';
import { verifySignature } from '../../public-site/checkin/lib/signature.ts';
import type { CheckinPackage } from '../../public-site/checkin/lib/types.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { createOk, makeTrip, unique } from './helpers/fixtures.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { assignConductor } from './helpers/conductors.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import type { Db } from '../../server/db/schema.ts';

type Doc = Record<string, any>;

describe.each(dialects)('a trip with stops at the door (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let conductor: ReturnType<typeof client>;
  // Tomorrow in Khartoum: a conductor checks the trips of yesterday, today and tomorrow.
  const date = khartoumToday(new Date(Date.now() + 86_400_000));
  const id = unique();
  const towns = [`Madani ${id}`, `Gedaref ${id}`, `Kassala ${id}`];
  let trip: Doc;
  let madaniKassala: Doc;
  let gedarefOn: Doc;
  let scanned = 0;

  const sell = async (seat: number, boardingStop: number, alightingStop: number, firstName: string) => {
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [seat],
      boardingStop,
      alightingStop,
      passengerInfo: { firstName, lastName: 'Idris', phone: '0912345678' },
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    return sold.json().booking as Doc;
  };

  beforeAll(async () => {
    const token = await staffToken(
      t,
      { email: 'stops@rihla.test', password: 'dune-camel-lantern-48' },
      'conductor',
    );
    conductor = client(t, token);
    const base = (await makeTrip(t, t.token, { seats: 20, date })).trip;
    await assignConductor(t, t.token, token, { tripId: base._id });
    const stops = [];
    for (const [i, town] of towns.entries()) {
      const origin = await createOk(t, t.token, '/api/origins/createOrigin', { origin_city: town });
      const destination = await createOk(t, t.token, '/api/destination/createDestination', {
        destination_city: town,
        destination_city_ar: `مدينة ${i}`,
      });
      stops.push({ originId: origin._id, destinationId: destination._id, minutes: 120 * (i + 1) });
    }
    // Written to the trip's row: the stops and fares a trip's form sends (createTrip/updateTrip) are the
    // core's side of the change; the door's side reads them from the row.
    await (t.app.db as Db)
      .updateTable('trips')
      .set({
        trip_stops: JSON.stringify(stops),
        trip_fares: JSON.stringify([
          { from: 1, to: 3, price: 500 },
          { from: 3, to: 4, price: 600 },
        ]),
      })
      .where('id', '=', base._id)
      .execute();
    trip = base;
    madaniKassala = await sell(7, 1, 3, 'Amna');
    gedarefOn = await sell(7, 3, 4, 'Halima'); // the same seat, on the legs Madani → Kassala left free
  });

  const packageOf = async () => {
    const answer = await conductor.get(`/api/checkin/trip/${trip._id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CheckinPackage;
  };

  it('the package names the stops and carries each ticket’s legs', async () => {
    const pkg = await packageOf();
    expect(pkg.trip.stops?.slice(1, -1).map((stop) => stop.city)).toEqual(towns);
    expect(pkg.trip.stops?.map((stop) => stop.index)).toEqual([0, 1, 2, 3, 4]);
    expect(pkg.trip.stops?.slice(1, -1).map((stop) => stop.minutes)).toEqual([120, 240, 360]);
    const tickets = ticketIndex(pkg);
    expect(tickets.get(madaniKassala.ticketId)).toMatchObject({ boardingStop: 1, alightingStop: 3 });
    expect(tickets.get(gedarefOn.ticketId)).toMatchObject({ boardingStop: 3, alightingStop: 4 });
  });

  /** The phone's verdict (over a package downloaded now) and the server's on one check of `ticketId` at `stop`. */
  const at = async (ticketId: string, stop: number) => {
    const pkg = await packageOf();
    const check = { ticketId, stop };
    const scannedAt = new Date(Date.now() - 60_000 + ++scanned * 1000).toISOString();
    return Promise.all([
      judge(check, { pkg, scans: [], verify: verifySignature }).then((v) => v.verdict),
      conductor
        .post('/api/checkin/scans', {
          scans: [{ ...check, tripId: trip._id, scannedAt, deviceId: 'door' }],
        })
        .then((answer) => {
          expect(answer.statusCode, answer.body).toBe(200);
          return answer.json().verdicts[0].verdict as string;
        }),
    ]);
  };

  it('a ticket scanned at another stop is wrong_stop, at its own valid: the server and the phone agree', async () => {
    // Stops the ticket does not board at first (a valid scan boards it), then its own.
    for (const stop of [0, 2, 3, 4])
      expect(await at(madaniKassala.ticketId, stop), `stop ${stop}`).toEqual(['wrong_stop', 'wrong_stop']);
    expect(await at(madaniKassala.ticketId, 1)).toEqual(['valid', 'valid']);
  });

  // A checkpoint or a second look on the way: the traveller boarded at Madani is on board at Gedaref (found:
  // the server did not count the earlier boarding and said "should have boarded earlier", the phone "on board").
  it('a ticket boarded at its stop and checked again before it gets off is already boarded on both', async () => {
    const rider = await sell(9, 1, 3, 'Safa');
    expect(await at(rider.ticketId, 1)).toEqual(['valid', 'valid']);
    expect(await at(rider.ticketId, 2)).toEqual(['already_boarded', 'already_boarded']);
    expect(await at(rider.ticketId, 3)).toEqual(['wrong_stop', 'wrong_stop']);
  });

  it('the manifest names each seat’s stops, and who boards and gets off at each stop', async () => {
    const csv = await t.staff.get(`/api/trips/manifest/${trip._id}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Stops / المحطات');
    expect(csv.body).toContain(`${towns[0]} – ${towns[2]}`);
    const xlsx = await t.staff.get(`/api/trips/manifest/${trip._id}?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const pdf = await t.staff.get(`/api/trips/manifest/${trip._id}?format=pdf`);
    expect(pdf.statusCode).toBe(200);
  });
});
