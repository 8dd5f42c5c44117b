// What a traveller is told, and when (issue 20): every event queues its text message in the event's own
// transaction, in the traveller's language — the ticket after a sale (a counter sale too), a verified payment,
// a rejected proof (with the reason, once per rejection), an expired hold, a cancelled trip (with what happens
// to the money), a refund paid. A refused sale, a replayed one or a refused decision queues nothing.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Db } from '../../server/db/schema.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { bookingFields, postBooking } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { bookWithProof, newPhone, sendProof, uniquePng } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { queueHoldWarnings, queueReminders } from '../../server/messages/scheduled.ts';
import { claimDue } from '../../server/messages/outbox.repository.ts';
import { HOLD_WARNING_MINUTES, REMINDER_HOUR } from '../../shared/messages.ts';
import { khartoumMidnight, khartoumToday } from '../../shared/rules.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('text messages of events (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock });
  const messagesOf = (bookingId: string) =>
    (t.app.db as Db)
      .selectFrom('messages')
      .selectAll()
      .where('bookingId', '=', bookingId)
      .orderBy('created_at')
      .execute();
  const later = () => new Date(clock.now().getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
  let seat = 0;
  const passenger = (phone = newPhone()) => JSON.stringify({ firstName: 'Amna', lastName: 'Idris', phone });

  it('a sale queues its ticket once, in the page language; a refused or replayed sale queues nothing', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: later() });
    const phone = newPhone();
    const fields = bookingFields(trip, [++seat], {
      passengerInfo: passenger(phone),
      idempotencyKey: `key-${phone}`,
    });
    const sold = await postBooking(t, fields);
    expect(sold.statusCode, sold.body).toBe(201);
    const booking = sold.json().booking;
    // The retry of the same attempt answers the same booking and queues nothing more.
    expect((await postBooking(t, fields)).statusCode).toBe(201);
    const [ticket, ...more] = await messagesOf(booking._id);
    expect(more).toEqual([]);
    expect(ticket).toMatchObject({
      kind: 'ticket',
      language: 'ar',
      status: 'queued',
      phone: `+249${phone.slice(1)}`,
    });
    expect(ticket.text).toContain(booking.ticketId);
    expect(ticket.text).toContain('ادفع ');
    expect(ticket.segments).toBeGreaterThan(0);

    const english = await postBooking(
      t,
      bookingFields(trip, [++seat], { passengerInfo: passenger(), language: 'en' }),
    );
    const [englishTicket] = await messagesOf(english.json().booking._id);
    expect(englishTicket.language).toBe('en');
    expect(englishTicket.text).toMatch(/^Rihla ticket \d{13}: /);
    expect(englishTicket.text).toContain('unpaid');

    // The same seat again: refused, nothing queued for anyone.
    const before = await (t.app.db as Db).selectFrom('messages').select('id').execute();
    const taken = await postBooking(t, bookingFields(trip, [seat], { passengerInfo: passenger() }));
    expect(taken.statusCode).toBe(409);
    expect(await (t.app.db as Db).selectFrom('messages').select('id').execute()).toHaveLength(before.length);
    // A language that is none is refused in words.
    const wrong = await postBooking(
      t,
      bookingFields(trip, [++seat], { passengerInfo: passenger(), language: 'fr' }),
    );
    expect(wrong.statusCode).toBe(400);
  });

  it('a counter sale queues a paid ticket in the language staff picked', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: later() });
    const sold = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [1],
      passengerInfo: { firstName: 'Omer', lastName: 'Ali', phone: newPhone() },
      totalTicketPrice: trip.trip_ticket_priceId.price,
      paymentMethod: 'cash',
      language: 'en',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [ticket] = await messagesOf(sold.json().booking._id);
    expect(ticket).toMatchObject({ kind: 'ticket', language: 'en' });
    expect(ticket.text).toContain('SDG paid');
  });

  it('verified, rejected (each time, with its reason) and expired: each told once', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: later() });
    const paid = await bookWithProof(t, trip, [1], `TRX-EV-${Date.now()}`);
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${paid._id}`)).statusCode).toBe(200);
    // A second verification is refused and queues nothing.
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${paid._id}`)).statusCode).toBe(409);
    expect((await messagesOf(paid._id)).map((m) => m.kind)).toEqual(['ticket', 'payment_verified']);

    const doubted = await bookWithProof(t, trip, [2], `TRX-EV2-${Date.now()}`);
    const reject = () =>
      t.staff.patch(`/api/bookings/rejectPayment/${doubted._id}`, { reason: 'amount_wrong' });
    expect((await reject()).statusCode).toBe(200);
    const phone = doubted.passengerInfo.phone;
    clock.advance(1_000);
    const again = await sendProof(t, { ticketId: doubted.ticketId, phone }, uniquePng(), {
      reference: 'TRX-EV2-B',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await reject()).statusCode).toBe(200);
    const told = await messagesOf(doubted._id);
    expect(told.map((m) => m.kind)).toEqual(['ticket', 'payment_rejected', 'payment_rejected']);
    expect(told[1].text).toContain('المبلغ غير صحيح');

    const unpaid = (await postBooking(t, bookingFields(trip, [3], { passengerInfo: passenger() }))).json()
      .booking;
    clock.advance(3 * 3_600_000);
    expect(await expireLapsedHolds(bookingContext(t.app))).toBeGreaterThan(0);
    expect((await messagesOf(unpaid._id)).map((m) => m.kind)).toEqual(['ticket', 'hold_expired']);
  });

  it('a cancelled trip tells every live booking, with the reason and its choices; a refund paid is told', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: later() });
    const price = trip.trip_ticket_priceId.price;
    const counter = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [1, 2],
      passengerInfo: { firstName: 'Omer', lastName: 'Ali', phone: newPhone() },
      totalTicketPrice: price * 2,
      paymentMethod: 'cash',
    });
    const paid = counter.json().booking;
    const unpaid = (await postBooking(t, bookingFields(trip, [3], { passengerInfo: passenger() }))).json()
      .booking;
    const cancelled = await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`, {
      reason_en: 'the road is closed',
      reason_ar: 'الطريق مقفول',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paidTold = await messagesOf(paid._id);
    expect(paidTold.map((m) => m.kind)).toEqual(['ticket', 'trip_cancelled']);
    // In the traveller's language (Arabic), with the reason and what they may do.
    expect(paidTold[1].text).toContain('الطريق مقفول');
    expect(paidTold[1].text).toContain('استرد مبلغك');
    const unpaidTold = await messagesOf(unpaid._id);
    expect(unpaidTold.map((m) => m.kind)).toEqual(['ticket', 'trip_cancelled']);
    expect(unpaidTold[1].text).toContain('لا شيء عليك');

    // The traveller asks for the refund; staff pay it; the traveller is told.
    const asked = await client(t).post('/api/bookings/requestRefund', {
      ticketId: paid.ticketId,
      phone: paid.passengerInfo.phone,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const refunded = await t.staff.patch(`/api/payments/markRefundPaid/${paid._id}`, {
      refundReference: 'RF-1',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await messagesOf(paid._id)).map((m) => m.kind)).toEqual([
      'ticket',
      'trip_cancelled',
      'refund_paid',
    ]);
  });

  it('an unpaid hold is warned once before it lapses; the evening before, travellers are reminded once', async () => {
    // A trip two days after the clock's day, at 9:00 am Khartoum time.
    const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * 86_400_000));
    // Read once: the clock moves to the hold's deadline, which after a late evening start is the next day.
    const tripDate = day(2);
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: tripDate });
    const unpaid = (await postBooking(t, bookingFields(trip, [1], { passengerInfo: passenger() }))).json()
      .booking;
    const paid = await bookWithProof(t, trip, [2], `TRX-REM-${Date.now()}`);
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${paid._id}`)).statusCode).toBe(200);
    const kinds = async (id: string) => (await messagesOf(id)).map((m) => m.kind);
    const db = t.app.db as Db;

    // Not yet within the warning's minutes: nothing.
    expect(await queueHoldWarnings(db, clock.now())).toBe(0);
    const deadline = Date.parse(unpaid.paymentDeadline);
    clock.set(new Date(deadline - (HOLD_WARNING_MINUTES - 1) * 60_000));
    expect(await queueHoldWarnings(db, clock.now())).toBeGreaterThan(0);
    expect(await queueHoldWarnings(db, clock.now())).toBe(0);
    expect(await kinds(unpaid._id)).toEqual(['ticket', 'hold_expiring']);
    expect((await messagesOf(unpaid._id))[1].text).toContain('إشعار بنكك');

    // The evening before: at 17:59 nothing, at 18:00 the paid traveller (the lapsed hold has expired by then).
    await expireLapsedHolds(bookingContext(t.app));
    clock.set(new Date(khartoumMidnight(tripDate) - 86_400_000 + (REMINDER_HOUR * 60 - 1) * 60_000));
    await expireLapsedHolds(bookingContext(t.app));
    expect(await queueReminders(db, clock.now())).toBe(0);
    clock.advance(60_000);
    expect(await queueReminders(db, clock.now())).toBeGreaterThan(0);
    expect(await queueReminders(db, clock.now())).toBe(0);
    expect(await kinds(paid._id)).toEqual(['ticket', 'payment_verified', 'reminder']);
    expect(await kinds(unpaid._id)).toEqual(['ticket', 'hold_expiring', 'hold_expired']);
    // Booked after 18:00: no reminder.
    const late = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [3],
      passengerInfo: { firstName: 'Omer', lastName: 'Ali', phone: newPhone() },
      totalTicketPrice: trip.trip_ticket_priceId.price,
      paymentMethod: 'cash',
    });
    expect(late.statusCode, late.body).toBe(201);
    expect(await queueReminders(db, clock.now())).toBe(0);
    expect(await kinds(late.json().booking._id)).toEqual(['ticket']);
  });

  it('a traveller opts out of reminders and messages to the trip (ticket id + phone); ticket and payment news still go', async () => {
    const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * 86_400_000));
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: day(2) });
    const paid = await bookWithProof(t, trip, [5], `TRX-OPT-${Date.now()}`);
    const proof = { ticketId: paid.ticketId, phone: paid.passengerInfo.phone };
    const anonymous = client(t);
    // Another's phone, or nothing said: refused, nothing changed.
    expect(
      (await anonymous.patch('/api/messages/preferences', { ...proof, phone: '0999999999', optOut: true }))
        .statusCode,
    ).toBe(404);
    expect((await anonymous.patch('/api/messages/preferences', proof)).statusCode).toBe(400);
    const looked = async () =>
      (await anonymous.get(`/api/bookings/filterBookings?${new URLSearchParams(proof)}`)).json()[0];
    expect((await looked()).messagesOptOut).toBe(false);
    const chosen = await anonymous.patch('/api/messages/preferences', { ...proof, optOut: true });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ messagesOptOut: true });
    expect((await looked()).messagesOptOut).toBe(true);

    expect((await t.staff.patch(`/api/bookings/verifyPayment/${paid._id}`)).statusCode).toBe(200);
    const body = { tripId: trip._id, text_en: 'Late', text_ar: 'تأخير' };
    expect((await t.staff.post('/api/messages/broadcast', { ...body, dryRun: true })).json().phones).toBe(0);
    clock.set(new Date(khartoumMidnight(day(1)) + REMINDER_HOUR * 3_600_000));
    await queueReminders(t.app.db as Db, clock.now());
    expect((await messagesOf(paid._id)).map((m) => m.kind)).toEqual(['ticket', 'payment_verified']);
  });

  it('a reminder whose booking was cancelled before it went, and a hold warning of a booking paid since, are not sent', async () => {
    const db = t.app.db as Db;
    const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * 86_400_000));
    const tripDate = day(3);
    const { trip } = await makeTrip(t, t.token, { seats: 40, date: tripDate });
    const paidLater = (await postBooking(t, bookingFields(trip, [1], { passengerInfo: passenger() }))).json()
      .booking;
    clock.set(new Date(Date.parse(paidLater.paymentDeadline) - (HOLD_WARNING_MINUTES - 1) * 60_000));
    expect(await queueHoldWarnings(db, clock.now())).toBeGreaterThan(0);
    const verified = await t.staff.patch(`/api/bookings/verifyPayment/${paidLater._id}`, {
      note: 'Paid in cash at the office',
    });
    expect(verified.statusCode, verified.body).toBe(200);

    const cancelledLater = await bookWithProof(t, trip, [2], `TRX-CANCEL-${Date.now()}`);
    expect((await t.staff.patch(`/api/bookings/verifyPayment/${cancelledLater._id}`)).statusCode).toBe(200);
    // The evening before the trip (the clock has moved to the hold's deadline since the date was read).
    clock.set(new Date(khartoumMidnight(tripDate) - 86_400_000 + REMINDER_HOUR * 3_600_000));
    expect(await queueReminders(db, clock.now())).toBeGreaterThan(0);
    const cancel = await t.staff.patch(`/api/bookings/cancelBooking/${cancelledLater._id}`);
    expect(cancel.statusCode, cancel.body).toBe(200);

    await claimDue(db, 'node', clock.now(), 500, 60_000);
    const statusOf = async (id: string, kind: string) =>
      (await messagesOf(id)).find((m) => m.kind === kind)?.status;
    expect(await statusOf(paidLater._id, 'hold_expiring')).toBe('cancelled');
    expect(await statusOf(paidLater._id, 'payment_verified')).toBe('sending');
    expect(await statusOf(cancelledLater._id, 'reminder')).toBe('cancelled');
    expect(await statusOf(paidLater._id, 'reminder')).toBe('sending');
  });
});
