// The staff dashboard summary: counts, the newest reports, and seats sold against seats offered for each of
// the next 14 days on Khartoum's calendar.
import { describe, expect, it } from 'vitest';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { createOk, makeReferences, makeTrip, validBody } from './helpers/fixtures.ts';
import { book, khartoumDate } from './helpers/bookings.ts';

interface Day {
  date: string;
  seatsSold: number;
  seatsTotal: number;
}

describe.each(dialects)('dashboard summary (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const summary = async () => {
    const response = await t.staff.get('/api/dashboard/summary');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      counts: Record<string, number>;
      recentReports: { _id: string; report_title: string; created_at: string }[];
      seatsByDay: Day[];
      disruptedWaiting: number;
    };
  };

  it('answers 401 without a token', async () => {
    expect((await client(t).get('/api/dashboard/summary')).statusCode).toBe(401);
  });

  it('starts at zero with 14 empty days from today in Khartoum', async () => {
    const { counts, recentReports, seatsByDay } = await summary();
    expect(counts).toEqual({ bookings: 0, trips: 0, buses: 0, employees: 0 });
    expect(recentReports).toEqual([]);
    expect(seatsByDay).toEqual(
      Array.from({ length: 14 }, (_, i) => ({ date: khartoumDate(i), seatsSold: 0, seatsTotal: 0 })),
    );
  });

  it('counts what exists and sells, day by day, within the 14-day window only', async () => {
    const soon = await makeTrip(t, t.token, { seats: 10, date: khartoumDate(2) });
    const sameDay = await makeTrip(t, t.token, { seats: 6, date: khartoumDate(2), time: '7:00 pm' });
    const lastDay = await makeTrip(t, t.token, { seats: 8, date: khartoumDate(13) });
    const beyond = await makeTrip(t, t.token, { seats: 30, date: khartoumDate(14) });
    const past = await makeTrip(t, t.token, { seats: 12, date: khartoumDate(-1) });
    const cancelledTrip = await makeTrip(t, t.token, { seats: 40, date: khartoumDate(5) });

    await book(t, soon.trip, [1, 2, 3]);
    await book(t, sameDay.trip, [6]);
    const cancelled = await book(t, sameDay.trip, [1, 2]);
    await book(t, lastDay.trip, [8, 7]);
    await book(t, beyond.trip, [1]);
    await book(t, cancelledTrip.trip, [1]);
    const staff = t.staff;
    expect((await staff.patch(`/api/bookings/cancelBooking/${cancelled._id}`)).statusCode).toBe(200);
    expect((await staff.patch(`/api/trips/cancelTrip/${cancelledTrip.trip._id}`)).statusCode).toBe(200);
    expect(past.trip._id).toEqual(expect.any(String));

    const refs = await makeReferences(t, t.token);
    await createOk(t, t.token, '/api/employees/createEmployee', validBody('employees', refs));
    await createOk(t, t.token, '/api/employees/createEmployee', validBody('employees', refs));

    const { counts, seatsByDay } = await summary();
    // Live bookings: 6 made, 1 cancelled, 1 cancelled with its trip. Trips: 6 made (the reference bus has
    // none). Buses: 6 + 1.
    expect(counts).toEqual({ bookings: 4, trips: 6, buses: 7, employees: 2 });
    expect(seatsByDay).toHaveLength(14);
    expect(seatsByDay.map((day) => day.date)).toEqual(Array.from({ length: 14 }, (_, i) => khartoumDate(i)));
    const byDate = new Map(seatsByDay.map((day) => [day.date, day]));
    expect(byDate.get(khartoumDate(2))).toEqual({ date: khartoumDate(2), seatsSold: 4, seatsTotal: 16 });
    expect(byDate.get(khartoumDate(13))).toEqual({ date: khartoumDate(13), seatsSold: 2, seatsTotal: 8 });
    // A cancelled trip offers no seats; days with no trip are zero; tomorrow+14 is out of the window.
    expect(byDate.get(khartoumDate(5))).toEqual({ date: khartoumDate(5), seatsSold: 0, seatsTotal: 0 });
    expect(seatsByDay.filter((day) => ![2, 13].map((i) => khartoumDate(i)).includes(day.date))).toEqual(
      seatsByDay.filter((day) => day.seatsSold === 0 && day.seatsTotal === 0),
    );
  });

  it("counts the bookings of cancelled trips waiting for their traveller's choice", async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 10, date: khartoumDate(3) });
    const sale = await t.staff.post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [1],
      passengerInfo: { firstName: 'Halima', lastName: 'Osman', phone: '0912000123' },
      totalTicketPrice: trip.trip_ticket_priceId.price,
      paymentMethod: 'cash',
      language: 'ar',
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const { booking } = sale.json();
    expect((await summary()).disruptedWaiting).toBe(0);
    expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(200);
    expect((await summary()).disruptedWaiting).toBe(1);
    const refund = await client(t).post('/api/bookings/requestRefund', {
      ticketId: booking.ticketId,
      phone: '0912000123',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await summary()).disruptedWaiting).toBe(0);
  });

  it('lists the five newest reports, newest first', async () => {
    const made = [];
    for (let i = 1; i <= 6; i++) {
      made.push(
        await createOk(t, t.token, '/api/reports/createReport', {
          report_title: `Report ${i}`,
          report_description: `Notes for day ${i}`,
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { recentReports } = await summary();
    expect(recentReports).toEqual(
      made
        .slice(1)
        .reverse()
        .map((report) => ({
          _id: report._id,
          report_title: report.report_title,
          created_at: report.created_at,
        })),
    );
  });
});
