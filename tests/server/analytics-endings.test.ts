// The sales report's cancellations and disruptions with their reasons (issue 24): bookings that ended in the
// period, per reason (a traveller's own, staff's, seats taken off, a refund after a cancelled trip, a hold
// whose time ran out), and each trip cancelled or delayed with the operator's reason in both languages and what
// became of its bookings; a company's report counts only its own; the files carry them, a reason typed as a
// formula stays text.
import { describe, expect, it } from 'vitest';
import { khartoumToday } from '../../shared/rules.ts';
import { ManualClock } from '../../server/clock.ts';
import { bookingContext, expireLapsedHolds } from '../../server/sales/index.ts';
import { book, type TripDoc } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { counterSale, type Doc } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const DAY = 86_400_000;
const REASON = { reason_en: '=HYPERLINK("http://x")', reason_ar: 'الطريق الشرقي مغلق بسبب السيول' };

describe.each(dialects)('cancellations and disruptions in the sales report (%s)', (dialect) => {
  const clock = new ManualClock(Date.parse('2026-12-01T06:00:00Z'));
  const t = useTestApp(dialect, { clock });
  const day = (offset: number) => khartoumToday(new Date(clock.now().getTime() + offset * DAY));
  const proofOf = (booking: Doc) => ({ ticketId: booking.ticketId, phone: booking.passengerInfo.phone });
  const sales = async (query: Record<string, string>) => {
    const response = await t.staff.get(`/api/analytics/sales?${new URLSearchParams(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const countsOf = (report: Doc) =>
    Object.fromEntries(report.cancellations.map((line: Doc) => [line.reason, line.bookings]));

  it('counts each ending by its reason and lists each disruption with its reason, scoped by company', async () => {
    const mine = await makeTrip(t, t.token, { seats: 20, date: day(2) });
    const cancelled = await makeTrip(t, t.token, { seats: 20, date: day(3) });
    const theirs = await makeTrip(t, t.token, { seats: 20, date: day(2) });
    const companyId = mine.company._id;
    // The cancelled trip runs on a bus of the same company as `mine`.
    await t.staff.patch(`/api/buses/updateBus/${cancelled.bus._id}`, { bus_owner_companyId: companyId });

    // A traveller cancels their own; staff cancel one; seats come off one; another company's staff cancel one.
    const own = await counterSale(t, mine.trip, [1]);
    expect((await client(t).patch(`/api/bookings/cancelBooking/${own._id}`, proofOf(own))).statusCode).toBe(
      200,
    );
    const byStaff = await counterSale(t, mine.trip, [2]);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${byStaff._id}`, {})).statusCode).toBe(200);
    const two = await counterSale(t, mine.trip, [3, 4]);
    const off = await client(t).patch(`/api/bookings/cancelSeats/${two._id}`, {
      seats: [4],
      ...proofOf(two),
    });
    expect(off.statusCode, off.body).toBe(200);
    const elsewhere = await counterSale(t, theirs.trip, [1]);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${elsewhere._id}`, {})).statusCode).toBe(200);

    // The operator cancels a trip with two paid bookings: one traveller asks for the refund, one waits.
    const refunded = await counterSale(t, cancelled.trip, [1]);
    await counterSale(t, cancelled.trip, [2]);
    const disrupt = await t.staff.post('/api/trips/disrupt', {
      tripIds: [cancelled.trip._id],
      action: 'cancel',
      ...REASON,
    });
    expect(disrupt.statusCode, disrupt.body).toBe(200);
    const refund = await client(t).post('/api/bookings/requestRefund', proofOf(refunded));
    expect(refund.statusCode, refund.body).toBe(200);

    // An online hold whose time runs out.
    await book(t, mine.trip as Doc & TripDoc, [9]);
    clock.advance(DAY / 2);
    expect(await expireLapsedHolds(bookingContext(t.app))).toBeGreaterThanOrEqual(1);

    const period = { from: day(-1), to: day(1) };
    const company = (await sales({ ...period, companyId })).json();
    expect(countsOf(company)).toEqual({ traveller: 1, staff: 1, seats: 1, disruption: 1, lapsed: 1 });
    expect(company.disruptions).toHaveLength(1);
    expect(company.disruptions[0]).toMatchObject({
      tripId: cancelled.trip._id,
      tripDate: cancelled.trip.trip_date,
      action: 'cancel',
      reason: { en: REASON.reason_en, ar: REASON.reason_ar },
      bookings: 2,
      moved: 0,
      refunded: 1,
      waiting: 1,
    });
    // The platform counts the other company's cancellation too; the other company sees nothing of this one.
    expect(countsOf((await sales(period)).json()).staff).toBe(2);
    const other = (await sales({ ...period, companyId: theirs.company._id })).json();
    expect(countsOf(other)).toEqual({ traveller: 0, staff: 1, seats: 0, disruption: 0, lapsed: 0 });
    expect(other.disruptions).toEqual([]);
    // Before the period: nothing.
    const before = (await sales({ from: day(-30), to: day(-20), companyId })).json();
    expect(Object.values(countsOf(before)).every((n) => n === 0)).toBe(true);
    expect(before.disruptions).toEqual([]);

    // The file: both languages, the reason typed as a formula kept as text.
    const csv = (await sales({ ...period, companyId, format: 'csv' })).body;
    expect(csv).toContain('Cancelled by the traveller / ألغاها المسافر');
    expect(csv).toContain(REASON.reason_ar);
    expect(csv).not.toMatch(/(^|[,"])=HYPERLINK/m);
  });

  it('counts unpaid holds released by a trip cancelled as ended by the disruption, not by staff', async () => {
    // The operator's disruption frees the holds in its own transaction, named after the staff member who
    // declared it: they did not cancel those travellers' bookings one by one.
    const trip = await makeTrip(t, t.token, { seats: 20, date: day(4) });
    await book(t, trip.trip as Doc & TripDoc, [5]);
    const byStaff = await counterSale(t, trip.trip, [6]);
    expect((await t.staff.patch(`/api/bookings/cancelBooking/${byStaff._id}`, {})).statusCode).toBe(200);
    const disrupt = await t.staff.post('/api/trips/disrupt', {
      tripIds: [trip.trip._id],
      action: 'cancel',
      ...REASON,
    });
    expect(disrupt.statusCode, disrupt.body).toBe(200);
    const report = (await sales({ from: day(-1), to: day(1), companyId: trip.company._id })).json();
    expect(countsOf(report)).toEqual({ traveller: 0, staff: 1, seats: 0, disruption: 1, lapsed: 0 });
  });
});
