// One seat at a time (issue 22): a traveller (ticket id + phone) or staff cancel some seats of a booking. The
// seats are for sale at once, the booking keeps its ticket id with fewer seats and a lower total (its PDF says
// so), the dropped seats' travellers and IDs are erased, a paid booking's refund is their share by the tiers it
// was sold under (as the quote for those seats said), recorded in the refunds list with the seats, and the
// activity log names the seats. Every refusal is a 4xx with a code the look-up says in English and Arabic.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { departureInstant } from '../../shared/rules.ts';
import { en } from '../../shared/i18n/public/en.ts';
import { ar } from '../../shared/i18n/public/ar.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { book, bookedSeats, PASSENGER, pdfText, type TripDoc } from './helpers/bookings.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { bookWithProof } from './helpers/payments.ts';

const HOUR = 3_600_000;
const PRICE = 30_000;
const DATE = futureDate(20);
const DEPARTURE = departureInstant(DATE, '9:00 am').getTime();

interface Sale {
  _id: string;
  ticketId: string;
  seats: number[];
}

describe.each(dialects)('cancelling some seats on %s', (dialect) => {
  const clock = new ManualClock(new Date(DEPARTURE - 48 * HOUR));
  const t = useTestApp(dialect, { clock });
  let trip: TripDoc;
  let next = 0;
  const at = (msBeforeDeparture: number) => clock.set(new Date(DEPARTURE - msBeforeDeparture));
  const seatsOf = (count: number) => Array.from({ length: count }, () => ++next);

  /** Three seats paid at the counter, a traveller with an ID on each. */
  async function paidSale(count = 3): Promise<Sale> {
    const seats = seatsOf(count);
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats,
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const booking = sold.json().booking as Sale;
    const passengers = seats.map((seat) => ({
      seat,
      fullName: `Traveller ${seat}`,
      idType: 'passport',
      idNumber: `P${seat}0000${seat}`,
    }));
    const named = await t.staff.patch(`/api/bookings/updatePassengers/${booking._id}`, { passengers });
    expect(named.statusCode, named.body).toBe(200);
    return booking;
  }
  const proof = (sale: Sale, phone = PASSENGER.phone) => ({ ticketId: sale.ticketId, phone });
  const cancelSeats = (sale: Sale, seats: unknown, phone?: string) =>
    client(t).patch(`/api/bookings/cancelSeats/${sale._id}`, { seats, ...proof(sale, phone) });
  const quote = (sale: Sale, seats: number[]) =>
    client(t).get(
      `/api/bookings/cancellationQuote?${new URLSearchParams({ ...proof(sale), seats: seats.join(',') })}`,
    );
  const stored = (id: string) => t.staff.get(`/api/bookings/getBooking/${id}`);

  it('sets up a 45-seat trip', async () => {
    trip = (await makeTrip(t, t.token, { seats: 45, price: PRICE, date: DATE, time: '9:00 am' })).trip;
  });

  it('refunds the seats dropped by the tier in force, as the quote for those seats said, at every tier', async () => {
    const cases: [number, number][] = [
      // ms before departure, refund of one seat of 30,000 SDG
      [30 * HOUR, 27_000],
      [24 * HOUR, 27_000],
      [12 * HOUR, 22_500],
      [6 * HOUR, 22_500],
      [HOUR, 15_000],
    ];
    for (const [before, refund] of cases) {
      at(48 * HOUR);
      const sale = await paidSale();
      const dropped = sale.seats[2]!;
      at(before);
      const quoted = await quote(sale, [dropped]);
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json()).toMatchObject({ paid: PRICE, refund, seats: [dropped] });
      const done = await cancelSeats(sale, [dropped]);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ seats: [dropped], refundDue: refund });
      // The booking keeps its ticket id, its other seats and their price.
      expect(done.json().booking).toMatchObject({
        _id: sale._id,
        ticketId: sale.ticketId,
        seats: sale.seats.slice(0, 2),
        totalTicketPrice: [2 * PRICE],
        isCancelled: false,
      });
      // The refunds list holds the seats and their refund, naming the booking they were part of.
      const record = (await stored(done.json().refundBookingId)).json();
      expect(record).toMatchObject({
        seats: [dropped],
        totalTicketPrice: [PRICE],
        refundDue: refund,
        isCancelled: true,
        splitFrom: sale._id,
        paymentStatus: 'verified',
      });
      const due = (await t.staff.get('/api/payments/getRefunds?status=due')).json() as {
        _id: string;
        seats: number[];
      }[];
      expect(due.find((row) => row._id === record._id)?.seats).toEqual([dropped]);
    }
  });

  it('frees the seats for sale at once, erases their travellers, and logs the seats in the activity log', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    const [kept1, kept2, dropped] = sale.seats as [number, number, number];
    expect(await bookedSeats(t, trip._id)).toContain(dropped);
    const done = await cancelSeats(sale, [dropped]);
    expect(done.statusCode, done.body).toBe(200);
    expect(await bookedSeats(t, trip._id)).not.toContain(dropped);
    const travellers = (await t.staff.get(`/api/bookings/getPassengers/${sale._id}`)).json();
    expect(travellers.map((row: { seat: number }) => row.seat)).toEqual([kept1, kept2]);
    const ids = await t.database.db
      .selectFrom('booking_passengers')
      .select(['seat', 'idNumber'])
      .where('bookingId', '=', sale._id)
      .execute();
    expect(ids.map((row) => Number(row.seat)).sort((a, b) => a - b)).toEqual([kept1, kept2]);
    expect(JSON.stringify(ids)).not.toContain(`P${dropped}0000${dropped}`);
    const log = await t.database.db
      .selectFrom('audit_log')
      .select(['diff', 'userLabel'])
      .where('action', '=', 'cancel_seats')
      .where('recordId', '=', sale._id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(log.diff!)).toEqual({
      seats: [sale.seats, [kept1, kept2]],
      totalTicketPrice: [3 * PRICE, 2 * PRICE],
      refundDue: [null, 27_000],
      refundRecord: [null, done.json().refundBookingId],
    });
    expect(log.userLabel).toMatch(/678$/);
    // Someone else buys the seat the moment it is free.
    const again = await book(t, trip, [dropped], {
      passengerInfo: JSON.stringify({ ...PASSENGER, phone: '0911111111' }),
    });
    expect(again.seats).toEqual([dropped]);
    // The ticket again: the seats kept, the new total.
    const pdf = await client(t).get(`/api/bookings/ticket?${new URLSearchParams(proof(sale))}`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(sale.ticketId);
    expect(text).toMatch(/60,000/);
    expect(text).not.toMatch(/90,000/);
  });

  it('owes nothing for the seats of an unpaid booking, and a second cancel of the rest is a whole cancel', async () => {
    at(30 * HOUR);
    const seats = seatsOf(3);
    const unpaid = await book(t, trip, seats);
    expect((await quote(unpaid, [seats[0]!])).json()).toMatchObject({ paid: 0, refund: 0 });
    const one = await cancelSeats(unpaid, [seats[0]]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ refundDue: 0, refundBookingId: null });
    expect(one.json().booking).toMatchObject({ seats: seats.slice(1), totalTicketPrice: [2 * PRICE] });
    const rest = await cancelSeats(unpaid, seats.slice(1));
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().booking).toMatchObject({ isCancelled: true, seats: seats.slice(1) });
    expect(await bookedSeats(t, trip._id)).not.toEqual(expect.arrayContaining(seats));
  });

  it('a paid booking cancelled seat by seat refunds each part once, adding up to the whole', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    const first = (await cancelSeats(sale, [sale.seats[0]])).json();
    at(12 * HOUR);
    const rest = await cancelSeats(sale, sale.seats.slice(1));
    expect(rest.statusCode, rest.body).toBe(200);
    // The rest is the booking itself, cancelled: its refund is its remaining price by the tier now.
    expect(rest.json().booking).toMatchObject({ isCancelled: true, refundDue: 45_000 });
    expect((await stored(first.refundBookingId)).json().refundDue).toBe(27_000);
  });

  it('not while a payment proof waits for staff: it was sent for the whole total (a statement matches that)', async () => {
    at(48 * HOUR);
    const seats = seatsOf(2);
    const booked = await bookWithProof(t, trip, seats, 'CS-PENDING');
    const sale = booked as unknown as Sale;
    const some = await cancelSeats(sale, [seats[1]], booked.passengerInfo.phone);
    expect(some.statusCode, some.body).toBe(409);
    expect(some.json().code).toBe('PAYMENT_UNDER_REVIEW');
    expect((await stored(sale._id)).json()).toMatchObject({ seats, paymentStatus: 'proof_submitted' });
    expect(en.cancel.seatsRefused.paymentUnderReview).toBeTruthy();
    expect(ar.cancel.seatsRefused.paymentUnderReview).toBeTruthy();
  });

  it('staff cancel seats without the proof; a conductor may not', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    const done = await t.staff.patch(`/api/bookings/cancelSeats/${sale._id}`, { seats: [sale.seats[1]] });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().booking.seats).toEqual([sale.seats[0], sale.seats[2]]);
    const conductor = await staffToken(
      t,
      { email: 'conductor@seats.rihla.test', password: 'kassala-acacia-ferry' },
      'conductor',
    );
    const refused = await client(t, conductor).patch(`/api/bookings/cancelSeats/${sale._id}`, {
      seats: [sale.seats[0]],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ROLE_CANNOT_CANCEL');
  });

  it('refuses, with a code the look-up says in both languages: wrong phone, not your seat, none, cancelled, departed, trip cancelled', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    const wrongPhone = await cancelSeats(sale, [sale.seats[0]], '0999999999');
    expect(wrongPhone.statusCode).toBe(403);
    const notYours = await cancelSeats(sale, [sale.seats[0], 44]);
    expect(notYours.statusCode).toBe(409);
    expect(notYours.json()).toMatchObject({ code: 'SEAT_NOT_IN_BOOKING', seats: [44] });
    expect((await quote(sale, [44])).json()).toMatchObject({ code: 'SEAT_NOT_IN_BOOKING', seats: [44] });
    const none = await cancelSeats(sale, []);
    expect(none.statusCode).toBe(400);
    expect((await cancelSeats(sale, 'all')).statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await stored(sale._id)).json().seats).toEqual(sale.seats);

    at(0);
    const departed = await cancelSeats(sale, [sale.seats[0]]);
    expect(departed.statusCode).toBe(409);
    expect(departed.json().code).toBe('TRIP_DEPARTED');

    at(30 * HOUR);
    const whole = await paidSale(1);
    expect((await client(t).patch(`/api/bookings/cancelBooking/${whole._id}`, proof(whole))).statusCode).toBe(
      200,
    );
    const gone = await cancelSeats(whole, whole.seats);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().code).toBe('BOOKING_CANCELLED');

    const other = (await makeTrip(t, t.token, { seats: 10, date: DATE })).trip;
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: other._id,
      seats: [1, 2],
      passengerInfo: PASSENGER,
      paymentMethod: 'cash',
    });
    const onCancelled = sold.json().booking as Sale;
    expect((await t.staff.patch(`/api/trips/cancelTrip/${other._id}`, {})).statusCode).toBe(200);
    const refused = await cancelSeats(onCancelled, [1]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TRIP_UNAVAILABLE');

    // The look-up has words for each, in English and Arabic.
    for (const key of ['seatNotInBooking', 'bookingCancelled', 'tripDeparted', 'tripUnavailable'] as const) {
      expect(en.cancel.seatsRefused[key]).toBeTruthy();
      expect(ar.cancel.seatsRefused[key]).toBeTruthy();
    }
  });

  it('tells the traveller a refund of seats under the ticket id they know', async () => {
    at(30 * HOUR);
    const sale = await paidSale();
    const done = (await cancelSeats(sale, [sale.seats[2]])).json();
    const paid = await t.staff.patch(`/api/payments/markRefundPaid/${done.refundBookingId}`, {
      refundMethod: 'transfer',
      refundReference: 'RF-SEATS-1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const told = await t.database.db
      .selectFrom('messages')
      .select('text')
      .where('bookingId', '=', done.refundBookingId)
      .where('kind', '=', 'refund_paid')
      .executeTakeFirstOrThrow();
    expect(told.text).toContain(sale.ticketId);
    expect(told.text).toContain('27,000');
  });
});
