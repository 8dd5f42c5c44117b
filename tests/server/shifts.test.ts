// Cash-up (issue 24): a cashier opens a shift with a float, counter sales paid in cash and refunds handed over
// in cash are counted in it, and closing stores the cash counted, the cash expected and the variance. A counter
// sale needs an open shift; a cashier sees and closes their own shifts, a manager or an admin any of their scope.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/auth/users.repository.ts';
import { makeTrip, newUserBody, unique } from './helpers/fixtures.ts';
import { activity, type Doc } from './helpers/payments.ts';
import { openShift } from './helpers/shifts.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const PASSWORD = 'kassala-acacia-ferry';
const FLOAT = 5000;

describe.each(dialects)('cashier shifts (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let trip: Doc;
  let price: number;
  let seat = 0;
  const tokens: Record<'amna' | 'hiba' | 'boss', string> = { amna: '', hiba: '', boss: '' };
  const as = (who: keyof typeof tokens) => client(t, tokens[who]);
  const idOf = async (who: keyof typeof tokens) => (await as(who).get('/api/auth/user')).json()._id;

  beforeAll(async () => {
    tokens.amna = await staffToken(t, { email: 'amna@shift.test', password: PASSWORD }, 'cashier');
    tokens.hiba = await staffToken(t, { email: 'hiba@shift.test', password: PASSWORD }, 'cashier');
    tokens.boss = await staffToken(t, { email: 'boss@shift.test', password: PASSWORD }, 'manager');
    ({ trip } = await makeTrip(t, t.token, { seats: 60, price: 12_500 }));
    price = trip.trip_ticket_priceId.price;
  });

  const sale = (who: keyof typeof tokens, paymentMethod = 'cash', seats = [++seat]) =>
    as(who).post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: { firstName: 'Amna', lastName: 'Idris', phone: '0912345678' },
      paymentMethod,
      ...(paymentMethod === 'cash' ? {} : { paymentReference: `REF-${unique()}` }),
    });
  const shiftOf = async (id: string) => (await as('boss').get(`/api/shifts/getShift/${id}`)).json();
  let amnaShift = '';

  it('opens a shift with its float, once: a second open answers 409', async () => {
    const opened = await as('amna').post('/api/shifts/openShift', { float: FLOAT });
    expect(opened.statusCode, opened.body).toBe(201);
    amnaShift = opened.json()._id;
    // A blind count: its cashier is not told what the drawer should hold.
    expect(opened.json()).toMatchObject({
      status: 'open',
      float: FLOAT,
      expected: null,
      cashIn: null,
      cashOut: null,
      counted: null,
      variance: null,
      closedAt: null,
      userId: await idOf('amna'),
    });
    const again = await as('amna').post('/api/shifts/openShift', { float: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SHIFT_ALREADY_OPEN', shiftId: amnaShift });
    const [row] = (await activity(t, 'shift_opened')).filter((entry) => entry.recordId === amnaShift);
    expect(row).toMatchObject({ userLabel: 'amna@shift.test', resource: 'shifts' });
    expect(row.diff.float).toEqual([null, FLOAT]);
  });

  it('refuses a counter sale by staff with no open shift, in words, and writes nothing', async () => {
    const bookings = () =>
      t.database.db.selectFrom('bookings').select('id').where('tripId', '=', trip._id).execute();
    const before = await bookings();
    const sales = (await activity(t, 'counter_sale')).length;
    const refused = await sale('hiba', 'cash', [59]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NO_OPEN_SHIFT');
    expect(refused.json().message).toMatch(/open shift/);
    expect(await bookings()).toEqual(before);
    expect((await activity(t, 'counter_sale')).length).toBe(sales);
    const seats = await t.database.db
      .selectFrom('booking_seats')
      .select('seat')
      .where('tripId', '=', trip._id)
      .where('seat', '=', 59)
      .execute();
    expect(seats).toEqual([]);
  });

  it('counts counter sales paid in cash in the seller’s shift, not those paid otherwise', async () => {
    expect((await sale('amna')).statusCode).toBe(201);
    const second = await sale('amna', 'cash', [++seat, ++seat]);
    expect(second.statusCode, second.body).toBe(201);
    expect((await sale('amna', 'bankak')).statusCode).toBe(201);
    const shift = await shiftOf(amnaShift);
    expect(shift).toMatchObject({ cashIn: 3 * price, cashOut: 0, expected: FLOAT + 3 * price, movements: 2 });
    const [logged] = (await activity(t, 'counter_sale')).filter(
      (row) => row.recordId === second.json().booking._id,
    );
    expect(logged.diff.shiftId).toEqual([null, amnaShift]);
  });

  it('counts a refund handed over in cash in the shift of the staff member who records it', async () => {
    const sold = await sale('amna');
    const id = sold.json().booking._id;
    const cancelled = await as('amna').patch(`/api/bookings/cancelBooking/${id}`);
    const refund = cancelled.json().refundDue;
    expect(refund).toBeGreaterThan(0);
    const recorded = await as('amna').patch(`/api/payments/markRefundPaid/${id}`, { refundMethod: 'cash' });
    expect(recorded.statusCode, recorded.body).toBe(202);
    // The manager's confirmation moves no more cash.
    expect((await as('boss').patch(`/api/payments/confirmCashRefund/${id}`)).statusCode).toBe(200);
    const shift = await shiftOf(amnaShift);
    expect(shift).toMatchObject({ cashIn: 4 * price, cashOut: refund, expected: FLOAT + 4 * price - refund });
  });

  it('counts blind: a cashier is never told an open shift’s expected cash; a manager is', async () => {
    const hidden = { expected: null, cashIn: null, cashOut: null, counted: null, variance: null };
    expect((await as('amna').get(`/api/shifts/getShift/${amnaShift}`)).json()).toMatchObject({
      status: 'open',
      float: FLOAT,
      movements: 4,
      ...hidden,
    });
    const listed = (await as('amna').get('/api/shifts/getAllShifts?status=open')).json() as Doc[];
    expect(listed.map((s) => s._id)).toEqual([amnaShift]);
    expect(listed[0]).toMatchObject(hidden);
    expect(JSON.stringify(listed)).not.toContain(String((await shiftOf(amnaShift)).expected));
    const managed = (await as('boss').get('/api/shifts/getAllShifts?status=open')).json() as Doc[];
    const seen = managed.find((s) => s._id === amnaShift)!;
    expect(seen.expected).toBe(seen.float + seen.cashIn - seen.cashOut);
    expect(seen.expected).toBeGreaterThan(FLOAT);
  });

  it('lets nobody but its cashier, a manager or an admin read or close a shift', async () => {
    const hibaShift = await openShift(t, tokens.hiba, 100);
    const closing = await as('hiba').patch(`/api/shifts/closeShift/${amnaShift}`, { counted: 1 });
    expect(closing.statusCode).toBe(403);
    expect(closing.json().code).toBe('NOT_YOUR_SHIFT');
    expect((await as('hiba').get(`/api/shifts/getShift/${amnaShift}`)).statusCode).toBe(403);
    expect((await shiftOf(amnaShift)).status).toBe('open');
    // A cashier's list is their own shifts, whatever they ask for.
    const mine = await as('hiba').get(`/api/shifts/getAllShifts?userId=${await idOf('amna')}`);
    expect(mine.json().map((s: Doc) => s._id)).toEqual([hibaShift]);
    expect(mine.headers['x-total-count']).toBe('1');
    // A manager sees every shift, newest first, and filters open ones.
    const all = (await as('boss').get('/api/shifts/getAllShifts?_start=0&_end=50')).json() as Doc[];
    expect(all.map((s) => s._id)).toEqual(expect.arrayContaining([amnaShift, hibaShift]));
    expect(all.map((s) => s.openedAt)).toEqual([...all.map((s) => s.openedAt)].sort().reverse());
    const open = (await as('boss').get('/api/shifts/getAllShifts?status=open')).json() as Doc[];
    expect(open.every((s) => s.status === 'open')).toBe(true);
    // …and closes a cashier's shift.
    const closed = await as('boss').patch(`/api/shifts/closeShift/${hibaShift}`, { counted: 100 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ expected: 100, variance: 0, closedBy: await idOf('boss') });
  });

  it('closes with the cash counted: stores expected and the variance, and the figures stay', async () => {
    const expected = (await shiftOf(amnaShift)).expected;
    const counted = expected - 250;
    const closed = await as('amna').patch(`/api/shifts/closeShift/${amnaShift}`, { counted });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      counted,
      expected,
      variance: -250,
      closedBy: await idOf('amna'),
    });
    // Closed, its cashier reads the figures too.
    expect((await as('amna').get(`/api/shifts/getShift/${amnaShift}`)).json()).toMatchObject({
      expected,
      counted,
      variance: -250,
      cashIn: 4 * price,
    });
    const stored = await t.database.db
      .selectFrom('shifts')
      .selectAll()
      .where('id', '=', amnaShift)
      .executeTakeFirstOrThrow();
    expect(Number(stored.expected)).toBe(expected);
    expect(Number(stored.variance)).toBe(-250);
    expect(stored.closedAt).toBeTruthy();
    const [row] = (await activity(t, 'shift_closed')).filter((entry) => entry.recordId === amnaShift);
    expect(row).toMatchObject({ userLabel: 'amna@shift.test' });
    expect(row.diff.variance).toEqual([null, -250]);
    const again = await as('amna').patch(`/api/shifts/closeShift/${amnaShift}`, { counted });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SHIFT_CLOSED');
    // Closed, the cashier sells no more until a new shift; the closed one's figures do not move.
    expect((await sale('amna')).json().code).toBe('NO_OPEN_SHIFT');
    const next = await openShift(t, tokens.amna, 0);
    expect((await sale('amna')).statusCode).toBe(201);
    expect(await shiftOf(amnaShift)).toMatchObject({ expected, counted, variance: -250 });
    expect((await shiftOf(next)).cashIn).toBe(price);
  });

  it('answers bad input with 400 in words, never 500', async () => {
    const bodies: unknown[] = [{}, { float: -1 }, { float: 'abc' }, { float: null }, { float: 1e12 }, [5]];
    for (const body of bodies) {
      const answer = await as('hiba').post('/api/shifts/openShift', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    const shift = await openShift(t, tokens.hiba, 0);
    for (const body of [{}, { counted: -5 }, { counted: '12' }])
      expect((await as('hiba').patch(`/api/shifts/closeShift/${shift}`, body)).statusCode).toBe(400);
    expect((await as('hiba').get('/api/shifts/getAllShifts?status=maybe')).statusCode).toBe(400);
    expect((await as('hiba').get('/api/shifts/getAllShifts?_start=-1')).statusCode).toBe(400);
    expect((await as('boss').get('/api/shifts/getShift/nope')).statusCode).toBe(404);
    expect((await as('boss').patch('/api/shifts/closeShift/nope', { counted: 1 })).statusCode).toBe(404);
  });

  it('shows a company’s shifts to that company’s managers alone', async () => {
    const { company } = await makeTrip(t, t.token);
    const staff = async (role: 'cashier' | 'manager') => {
      const email = `${role}-${unique()}@shift.test`;
      await createUser(t.database.db, { ...newUserBody(PASSWORD), email, role }, t.app.clock.now());
      await t.database.db
        .updateTable('users')
        .set({ companyId: company._id })
        .where('email', '=', email)
        .execute();
      return staffToken(t, { email, password: PASSWORD });
    };
    const cashier = await staff('cashier');
    const manager = await staff('manager');
    const theirs = await openShift(t, cashier, 10);
    const seen = (await client(t, manager).get('/api/shifts/getAllShifts?_end=100')).json() as Doc[];
    expect(seen.map((s) => s._id)).toEqual([theirs]);
    expect((await client(t, manager).get(`/api/shifts/getShift/${amnaShift}`)).statusCode).toBe(404);
    const other = await client(t, manager).patch(`/api/shifts/closeShift/${amnaShift}`, { counted: 0 });
    expect(other.statusCode).toBe(404);
    const platform = (await as('boss').get('/api/shifts/getAllShifts?_end=100')).json() as Doc[];
    expect(platform.map((s) => s._id)).toContain(theirs);
  });
});
