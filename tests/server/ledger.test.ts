// The ledger (issue 24): every movement of money a booking makes is a row of money_events, written by the
// database in the change's own transaction. A property test (fast-check) plays random histories through the
// API — counter sales, online sales verified or rejected, cancellations whole and by seats, refunds paid, a
// trip cancelled — and then, for every booking, the ledger's sums by kind equal what the booking says: paid
// price, refund owed, refund paid, and the commission at the rate its company had when it was sold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSENGER } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { bookWithProof, newPhone, type Doc } from './helpers/payments.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { client, dialects, staffToken, type TestApp } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const ACTIONS = ['counter', 'online', 'verify', 'reject', 'cancel', 'cancelSeat', 'refundPaid'] as const;
type Action = (typeof ACTIONS)[number];

interface Sold {
  _id: string;
  ticketId: string;
  phone: string;
  seats: number[];
}

/** Per booking, the ledger's sums and what the booking row says they must be. */
async function ledgerAgainstBookings(t: TestApp, tripIds: string[]) {
  const { db } = t.database;
  const bookings = await db
    .selectFrom('bookings')
    .select(['id', 'paymentStatus', 'totalTicketPrice', 'refundDue', 'refundPaidAt', 'commissionRate'])
    .where('tripId', 'in', tripIds)
    .execute();
  const events = await db
    .selectFrom('money_events')
    .select(['bookingId', 'kind', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('tripId', 'in', tripIds)
    .groupBy(['bookingId', 'kind'])
    .execute();
  const sum = (id: string, kind: string) =>
    Number(events.find((row) => row.bookingId === id && row.kind === kind)?.total ?? 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return bookings.map((row) => {
    const paid = row.paymentStatus === 'verified' ? Number(row.totalTicketPrice) : 0;
    const owed = Number(row.refundDue ?? 0);
    return {
      id: row.id,
      ledger: {
        sale: sum(row.id, 'sale'),
        refund_owed: sum(row.id, 'refund_owed'),
        refund_paid: sum(row.id, 'refund_paid'),
        commission: round(sum(row.id, 'commission')),
      },
      booking: {
        sale: paid,
        refund_owed: owed,
        refund_paid: row.refundPaidAt ? owed : 0,
        commission: round(((paid - owed) * Number(row.commissionRate ?? 0)) / 100),
      },
    };
  });
}

/**
 * The running totals the reports read, against the rows they total: money_days against the whole ledger by
 * Khartoum day, company, route and method; a trip's counts against its paid seat-legs and no-shows.
 */
async function rollupsAgainstRows(t: TestApp, tripId: string) {
  const { db } = t.database;
  const events = await db
    .selectFrom('money_events')
    .leftJoin('trips', 'trips.id', 'money_events.tripId')
    .select([
      'money_events.at',
      'money_events.companyId',
      'money_events.method',
      'money_events.kind',
      'money_events.amount',
      'trips.trip_originId',
      'trips.trip_destinationId',
    ])
    .execute();
  const kinds = ['sale', 'refund_owed', 'refund_paid', 'commission'];
  const round = (values: number[]) => values.map((value) => Math.round(value * 100) / 100);
  /** The ledger summed by `keyOf`, as a table of day sums must hold it. */
  const sumsBy = (keyOf: (event: (typeof events)[number], day: string) => string[]) => {
    const sums = new Map<string, number[]>();
    for (const event of events) {
      const day = new Date(Date.parse(event.at) + 2 * 3_600_000).toISOString().slice(0, 10);
      const key = keyOf(event, day).join('|');
      const line = sums.get(key) ?? [0, 0, 0, 0];
      line[kinds.indexOf(event.kind)] += Number(event.amount);
      sums.set(key, line);
    }
    return new Map([...sums].map(([key, line]) => [key, round(line)]));
  };
  const kept = <R extends { sales: number; refundsOwed: number; refundsPaid: number; commission: number }>(
    rows: R[],
    keyOf: (row: R) => string[],
  ) =>
    new Map(
      rows.map((row) => [
        keyOf(row).join('|'),
        round([row.sales, row.refundsOwed, row.refundsPaid, row.commission].map(Number)),
      ]),
    );
  const days = {
    kept: kept(await db.selectFrom('money_days').selectAll().execute(), (row) => [
      row.day,
      row.companyId,
      row.method,
    ]),
    expected: sumsBy((event, day) => [day, event.companyId ?? '', event.method ?? 'other']),
  };
  const routeDays = {
    kept: kept(await db.selectFrom('money_route_days').selectAll().execute(), (row) => [
      row.day,
      row.companyId,
      row.originId,
      row.destinationId,
    ]),
    expected: sumsBy((event, day) => [
      day,
      event.companyId ?? '',
      event.trip_originId ?? '',
      event.trip_destinationId ?? '',
    ]),
  };
  const counts = await db
    .selectFrom('trip_counts')
    .select(['sold', 'noShows'])
    .where('tripId', '=', tripId)
    .executeTakeFirst();
  const seats = await db
    .selectFrom('booking_seats')
    .innerJoin('bookings', 'bookings.id', 'booking_seats.bookingId')
    .where('booking_seats.tripId', '=', tripId)
    .where('bookings.paymentStatus', '=', 'verified')
    .select(['booking_seats.leg', 'bookings.noShow', 'bookings.boardingStop'])
    .execute();
  return {
    days,
    routeDays,
    trip: {
      kept: { sold: Number(counts?.sold ?? 0), noShows: Number(counts?.noShows ?? 0) },
      expected: {
        sold: seats.length,
        noShows: seats.filter((seat) => seat.noShow === 1 && seat.leg === (seat.boardingStop ?? 0)).length,
      },
    },
  };
}

describe.each(dialects)('the ledger (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const counterSale = async (trip: Doc, seats: number[], paymentMethod: string) => {
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { ...PASSENGER, phone: newPhone() },
      paymentMethod,
    });
    return sold.statusCode === 201 ? (sold.json().booking as Doc) : undefined;
  };

  it('for random histories, each booking’s ledger sums equal the booking', { timeout: 240_000 }, async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.tuple(fc.constantFrom(...ACTIONS), fc.nat(), fc.integer({ min: 1, max: 3 })), {
          minLength: 3,
          maxLength: 14,
        }),
        fc.boolean(),
        async (commission, history, cancelTrip) => {
          run++;
          const { trip, company } = await makeTrip(t, t.token, { seats: 30 });
          const set = await t.staff.patch(`/api/companies/updateCompany/${company._id}`, {
            company_commission: commission,
          });
          expect(set.statusCode, set.body).toBe(200);
          const sold: Sold[] = [];
          let nextSeat = 1;
          const seatsFor = (count: number) => {
            const seats = Array.from({ length: count }, (_, i) => nextSeat + i);
            nextSeat += count;
            return seats;
          };
          const pick = (n: number) => (sold.length ? sold[n % sold.length] : undefined);
          const remember = (booking: Doc | undefined) => {
            if (booking)
              sold.push({
                _id: booking._id,
                ticketId: booking.ticketId,
                phone: booking.passengerInfo.phone,
                seats: booking.seats,
              });
          };
          for (const [action, n, count] of history as [Action, number, number][]) {
            const booking = pick(n);
            if (action === 'counter')
              remember(await counterSale(trip, seatsFor(count), n % 2 ? 'cash' : 'bankak'));
            else if (action === 'online')
              remember(await bookWithProof(t, trip, seatsFor(count), `LG-${run}-${nextSeat}`));
            else if (!booking) continue;
            else if (action === 'verify') await t.staff.patch(`/api/bookings/verifyPayment/${booking._id}`);
            else if (action === 'reject')
              await t.staff.patch(`/api/bookings/rejectPayment/${booking._id}`, {
                reason: 'proof_unreadable',
              });
            else if (action === 'cancel') await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`);
            else if (action === 'cancelSeat' && booking.seats.length > 1) {
              const seat = booking.seats[n % booking.seats.length];
              const done = await client(t).patch(`/api/bookings/cancelSeats/${booking._id}`, {
                seats: [seat],
                ticketId: booking.ticketId,
                phone: booking.phone,
              });
              if (done.statusCode === 200) booking.seats = booking.seats.filter((s) => s !== seat);
            } else if (action === 'refundPaid')
              await t.staff.patch(`/api/payments/markRefundPaid/${booking._id}`, {
                refundReference: `RF-${run}-${n}`,
              });
          }
          if (cancelTrip)
            expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(200);

          const rows = await ledgerAgainstBookings(t, [trip._id]);
          for (const row of rows) expect(row.ledger, row.id).toEqual(row.booking);
          // Each booking carries the rate its company had when it was sold.
          const rates = await t.database.db
            .selectFrom('bookings')
            .select('commissionRate')
            .where('tripId', '=', trip._id)
            .execute();
          for (const rate of rates) expect(Number(rate.commissionRate)).toBe(commission);
          // What the reports read equals what it totals.
          const rollups = await rollupsAgainstRows(t, trip._id);
          expect(rollups.days.kept).toEqual(rollups.days.expected);
          expect(rollups.routeDays.kept).toEqual(rollups.routeDays.expected);
          expect(rollups.trip.kept).toEqual(rollups.trip.expected);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a rate changed later leaves the bookings sold before at theirs; the ledger rows do not change', async () => {
    const { trip, company } = await makeTrip(t, t.token, { seats: 10 });
    await t.staff.patch(`/api/companies/updateCompany/${company._id}`, { company_commission: 10 });
    const first = await counterSale(trip, [1], 'cash');
    expect(first).toBeDefined();
    const before = await t.database.db
      .selectFrom('money_events')
      .selectAll()
      .where('tripId', '=', trip._id)
      .orderBy('id')
      .execute();
    expect(before.map((row) => [row.kind, Number(row.amount)])).toEqual([
      ['sale', Number(first!.totalTicketPrice)],
      ['commission', Number(first!.totalTicketPrice) / 10],
    ]);
    expect(before[0]).toMatchObject({ companyId: company._id, method: 'cash', originId: first!._id });
    expect(before[0].staffId).toBeTruthy();

    await t.staff.patch(`/api/companies/updateCompany/${company._id}`, { company_commission: 20 });
    const second = await counterSale(trip, [2], 'cash');
    const rates = await t.database.db
      .selectFrom('bookings')
      .select(['id', 'commissionRate'])
      .where('tripId', '=', trip._id)
      .execute();
    expect(Object.fromEntries(rates.map((r) => [r.id, Number(r.commissionRate)]))).toEqual({
      [first!._id]: 10,
      [second!._id]: 20,
    });
    const after = await t.database.db
      .selectFrom('money_events')
      .selectAll()
      .where('tripId', '=', trip._id)
      .where('id', '<=', before[before.length - 1].id)
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('a company’s staff cannot change its commission; the platform’s can', async () => {
    const { company } = await makeTrip(t, t.token);
    const manager = { email: `m-${company._id}@rihla.test`, password: 'acacia-ferry-nile-7' };
    const asManager = client(t, await staffToken(t, manager, 'manager', company._id));
    const raised = await asManager.patch(`/api/companies/updateCompany/${company._id}`, {
      company_commission: 0,
      company_phone: '0911111111',
    });
    // null → 0 is a change: refused, and nothing of the request is kept.
    expect(raised.statusCode).toBe(403);
    expect(raised.json()).toMatchObject({ code: 'PLATFORM_ONLY' });
    expect(Object.keys(raised.json().errors)).toEqual(['company_commission']);
    const stored = (await t.staff.get(`/api/companies/getCompany/${company._id}`)).json();
    expect(stored.company_phone).toBe('0912345678');
    // Its form sends the value it read back: that is no change.
    const same = await asManager.patch(`/api/companies/updateCompany/${company._id}`, {
      company_commission: stored.company_commission ?? null,
      company_phone: '0911111111',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(
      (await t.staff.patch(`/api/companies/updateCompany/${company._id}`, { company_commission: 7 })).json(),
    ).toMatchObject({ company_commission: 7 });
  });

  it('sales and settlement sum the ledger per day, route, company and method; files match; scope holds', async () => {
    const today = khartoumToday();
    const period = `from=${today}&to=${today}`;
    const a = await makeTrip(t, t.token, { seats: 10, price: 1000 });
    const b = await makeTrip(t, t.token, { seats: 10, price: 3000 });
    await t.staff.patch(`/api/companies/updateCompany/${a.company._id}`, { company_commission: 10 });
    const cash = await counterSale(a.trip, [1, 2], 'cash'); // 2,000 in
    const bank = await bookWithProof(t, a.trip, [3], `SR-${a.trip._id}`);
    await t.staff.patch(`/api/bookings/verifyPayment/${bank._id}`); // 1,000 in by Bankak
    await t.staff.patch(`/api/bookings/cancelBooking/${cash!._id}`); // 2,000 owed back
    await t.staff.patch(`/api/payments/markRefundPaid/${cash!._id}`, { refundReference: 'SR-1' });
    await counterSale(b.trip, [1], 'cash'); // 3,000 in, no commission
    const waiting = await bookWithProof(t, b.trip, [2], `SR-${b.trip._id}`); // unpaid: nothing
    void waiting;

    const sales = await t.staff.get(`/api/analytics/sales?${period}&companyId=${a.company._id}`);
    expect(sales.statusCode, sales.body).toBe(200);
    const report = sales.json();
    const refund = Number((await t.staff.get(`/api/bookings/getBooking/${cash!._id}`)).json().refundDue);
    expect(refund).toBeGreaterThan(0);
    expect(report.totals).toEqual({
      sales: 3000,
      refundsOwed: refund,
      refundsPaid: refund,
      commission: (3000 - refund) / 10,
      net: 3000 - refund,
    });
    expect(report.days).toEqual([{ date: today, ...report.totals }]);
    expect(report.companies).toHaveLength(1);
    expect(report.routes).toHaveLength(1);
    expect(Object.fromEntries(report.methods.map((m: Doc) => [m.method, m.sales]))).toEqual({
      cash: 2000,
      bankak: 1000,
    });

    // Settlement for both companies: each its own line; the net owed is sales − refunds − commission.
    const settlement = (await t.staff.get(`/api/analytics/settlement?${period}`)).json();
    const mine = (id: string) => settlement.companies.find((line: Doc) => line.companyId === id);
    expect(mine(a.company._id)).toMatchObject({
      sales: 3000,
      commission: (3000 - refund) / 10,
      netOwed: 3000 - refund - (3000 - refund) / 10,
    });
    expect(mine(b.company._id)).toMatchObject({ sales: 3000, refundsOwed: 0, commission: 0, netOwed: 3000 });

    // Reports are remembered between requests, and forgotten with the next sale: never a stale figure.
    const occupancy = async () =>
      (
        await t.staff.get(
          `/api/analytics/occupancy?from=${b.trip.trip_date}&to=${b.trip.trip_date}&companyId=${b.company._id}`,
        )
      ).json().totals;
    const seatsBefore = (await occupancy()).seatLegsSold;
    expect(seatsBefore).toBeGreaterThan(0);
    expect(await occupancy()).toMatchObject({ seatLegsSold: seatsBefore });
    await counterSale(b.trip, [5, 6], 'cash');
    expect((await occupancy()).seatLegsSold).toBe(seatsBefore + 2);
    const settled = (await t.staff.get(`/api/analytics/settlement?${period}`)).json();
    expect(settled.companies.find((line: Doc) => line.companyId === b.company._id)).toMatchObject({
      sales: 9000,
    });

    // The same figures as files, the company's name never a formula.
    const csv = await t.staff.get(
      `/api/analytics/settlement?${period}&companyId=${b.company._id}&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body).toContain('Net owed to the company');
    expect(csv.body).toContain('9000'); // with the sale just above
    const xlsx = await t.staff.get(`/api/analytics/sales?${period}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    // A company's manager: their company's money alone; another company's answers 404.
    const manager = { email: `s-${a.company._id}@rihla.test`, password: 'acacia-ferry-nile-7' };
    const asManager = client(t, await staffToken(t, manager, 'manager', a.company._id));
    const own = (await asManager.get(`/api/analytics/settlement?${period}`)).json();
    expect(own.companies.map((line: Doc) => line.companyId)).toEqual([a.company._id]);
    expect(
      (await asManager.get(`/api/analytics/sales?${period}&companyId=${b.company._id}`)).statusCode,
    ).toBe(404);
    // Bad input: a clear 400, never a 500.
    const bad = await t.staff.get('/api/analytics/sales?from=2026-13-01&to=2026-12-01');
    expect(bad.statusCode).toBe(400);
  });
});
