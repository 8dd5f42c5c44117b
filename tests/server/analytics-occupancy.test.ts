// How full the buses were (issue 24, /api/analytics/occupancy) on both databases: seat-legs offered and sold
// per trip, leg and route on the corridor with stops and on a plain trip, paid bookings only, no-shows, the
// CSV and XLSX files (both languages, formula-looking names kept as text), the period's checks and who may ask.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { occupancyReport } from '../../server/resources/analytics/occupancy.repository.ts';
import { closeDepartedTrips } from '../../server/resources/boarding/boarding.repository.ts';
import { corridor, sell } from './helpers/corridor.ts';
import { bookingFields, postBooking } from './helpers/bookings.ts';
import { futureDate } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const report = (from: string, to: string, extra = '') =>
  `/api/analytics/occupancy?from=${from}&to=${to}${extra}`;

describe.each(dialects)('occupancy report (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('counts paid seats per leg of a trip with stops, per trip and per route', async () => {
    const date = futureDate(30);
    const { trip, bus } = await corridor(t, date);
    const companyId = (bus.bus_owner_companyId as { _id: string })._id;
    // Seat 1 the whole road (4 legs); seat 2 Madani → Kassala (legs 1, 2); seat 3 Gedaref → Port Sudan (2, 3).
    for (const [seat, from, to] of [
      [1, 0, 4],
      [2, 1, 3],
      [3, 2, 4],
    ] as const)
      expect((await sell(t, trip._id, [seat], from, to)).statusCode).toBe(201);
    // An unpaid hold is not sold.
    const held = await postBooking(t, bookingFields(trip as never, [4]));
    expect(held.statusCode, held.body).toBe(201);

    const answer = await t.staff.get(report(date, date, `&companyId=${companyId}`));
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.trips).toHaveLength(1);
    expect(body.tripCount).toBe(1);
    const line = body.trips[0];
    expect(line.legs.map((leg: { sold: number }) => leg.sold)).toEqual([1, 2, 3, 2]);
    expect(line.legs[1].from.ar).toContain('ود مدني');
    expect(line).toMatchObject({
      seats: 12,
      seatLegsOffered: 48,
      seatLegsSold: 8,
      occupancy: 0.167,
      noShows: 0,
    });
    expect(body.routes).toHaveLength(1);
    expect(body.totals).toEqual({
      trips: 1,
      seatLegsOffered: 48,
      seatLegsSold: 8,
      occupancy: 0.167,
      noShows: 0,
    });
  });

  it('leaves out cancelled trips and other companies, and counts no-shows once the trip has left', async () => {
    const date = futureDate(31);
    const a = await corridor(t, date);
    const b = await corridor(t, date);
    expect((await sell(t, a.trip._id, [5, 6], 0, 4)).statusCode).toBe(201);
    expect((await sell(t, b.trip._id, [5], 0, 4)).statusCode).toBe(201);
    const companyA = (a.bus.bus_owner_companyId as { _id: string })._id;
    const one = (await t.staff.get(report(date, date, `&companyId=${companyA}`))).json();
    expect(one.trips.map((line: { tripId: string }) => line.tripId)).toEqual([a.trip._id]);
    // Nobody boarded: two paid seats missed the bus.
    await closeDepartedTrips(t.database.db, new Date(Date.parse(`${date}T12:00:00Z`)), 60);
    const after = (await t.staff.get(report(date, date, `&companyId=${companyA}`))).json();
    expect(after.totals.noShows).toBe(2);
    // A screen gets the first lines; the count says how many there are.
    const capped = await occupancyReport(t.database.db, { from: date, to: date }, 1);
    expect(capped.trips).toHaveLength(1);
    expect(capped.tripCount).toBeGreaterThanOrEqual(2);
    const cancelled = await t.staff.patch(`/api/trips/cancelTrip/${b.trip._id}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const all = (await t.staff.get(report(date, date))).json();
    expect(all.trips.map((line: { tripId: string }) => line.tripId)).not.toContain(b.trip._id);
    expect(all.trips.map((line: { tripId: string }) => line.tripId)).toContain(a.trip._id);
  });

  it('answers CSV and XLSX with both languages and no cell that runs', async () => {
    const date = futureDate(32);
    const { trip, bus } = await corridor(t, date);
    const renamed = await t.staff.patch(`/api/buses/updateBus/${bus._id}`, { bus_number: '=HYPERLINK("x")' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await sell(t, trip._id, [1], 0, 4)).statusCode).toBe(201);
    const query = report(date, date, `&companyId=${(bus.bus_owner_companyId as { _id: string })._id}`);
    const csv = await t.staff.get(`${query}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Occupancy / نسبة الإشغال');
    expect(csv.body).toContain(`'=HYPERLINK`);
    const xlsx = await t.staff.get(`${query}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Routes', 'Trips']);
    const trips = book.getWorksheet('Trips')!;
    expect(String(trips.getRow(2).getCell(4).value)).toBe(`'=HYPERLINK("x")`);
    expect(String(trips.getRow(2).getCell(8).value)).toBe('8.3 %');
  });

  it('refuses a period that is not one, in words, and changes nothing', async () => {
    for (const [query, field] of [
      [report('2026-12-10', '2026-12-01'), 'to'],
      [report('2026-02-30', '2026-03-01'), 'from'],
      [report('2026-01-01', '2027-06-01'), 'to'],
      [`${report('2026-01-01', '2026-01-02')}&format=pdf`, 'format'],
    ] as const) {
      const answer = await t.staff.get(query);
      expect(answer.statusCode, query).toBe(400);
      expect(Object.keys(answer.json().errors ?? {}), query).toContain(field);
    }
    expect((await t.app.inject({ method: 'GET', url: report('2026-01-01', '2026-01-02') })).statusCode).toBe(
      401,
    );
  });
});
