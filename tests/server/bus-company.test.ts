// A bus, or a trip, does not take bookings sold for one company to another: a company's desk finds its
// bookings, its money and its travellers through the trip's bus, so a platform manager alone moving a bus (or a
// trip onto another company's bus) handed the new company the old one's travellers, and the right to refund
// money it never received. A bus with such bookings keeps its company (409 BUS_HAS_BOOKINGS); a trip with them
// moves to its company's buses only (409 OTHER_COMPANY_BUS); once they are elsewhere or settled, both may move.
import { describe, expect, it } from 'vitest';
import { createOk, makeTrip, otherCompanyBus } from './helpers/fixtures.ts';
import { counterSale, type Doc } from './helpers/payments.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('a bus or a trip changing company (%s)', (dialect) => {
  const t = useTestApp(dialect);
  const companyOf = async (busId: string) => {
    const bus = (await t.staff.get(`/api/buses/getBus/${busId}`)).json();
    return bus.bus_owner_companyId?._id ?? bus.bus_owner_companyId;
  };
  const busOf = async (tripId: string) => {
    const trip = (await t.staff.get(`/api/trips/getTrip/${tripId}`)).json();
    return trip.busId?._id ?? trip.busId;
  };

  it('keeps bookings with the company they were sold for, until they are elsewhere or settled', async () => {
    const { trip, bus, company } = await makeTrip(t, t.token, { seats: 12 });
    const rival = await otherCompanyBus(t, t.token, 12);
    const rivalCompany = rival.bus_owner_companyId._id ?? rival.bus_owner_companyId;
    const booking: Doc = await counterSale(t, trip, [4]);

    const moveBus = await t.staff.patch(`/api/buses/updateBus/${bus._id}`, {
      bus_owner_companyId: rivalCompany,
    });
    expect(moveBus.statusCode, moveBus.body).toBe(409);
    expect(moveBus.json()).toMatchObject({ code: 'BUS_HAS_BOOKINGS', bookings: 1 });
    expect(await companyOf(bus._id)).toBe(company._id);
    // Other fields of the bus still change (the form sends its company unchanged).
    const renamed = await t.staff.patch(`/api/buses/updateBus/${bus._id}`, {
      bus_owner_companyId: company._id,
      bus_number_of_seats: 14,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const moveTrip = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { busId: rival._id });
    expect(moveTrip.statusCode, moveTrip.body).toBe(409);
    expect(moveTrip.json()).toMatchObject({ code: 'OTHER_COMPANY_BUS', bookings: 1 });
    expect(await busOf(trip._id)).toBe(bus._id);

    // Onto another bus of the same company: allowed; the first bus, empty now, may change company.
    const spare = await createOk(t, t.token, '/api/buses/createBus', {
      bus_number: `SPARE-${bus.bus_number}`,
      bus_owner_companyId: company._id,
      bus_number_of_seats: 12,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    const sameCompany = await t.staff.patch(`/api/trips/updateTrip/${trip._id}`, { busId: spare._id });
    expect(sameCompany.statusCode, sameCompany.body).toBe(200);
    const emptyBus = await t.staff.patch(`/api/buses/updateBus/${bus._id}`, {
      bus_owner_companyId: rivalCompany,
    });
    expect(emptyBus.statusCode, emptyBus.body).toBe(200);
    expect(await companyOf(bus._id)).toBe(rivalCompany);

    // Cancelled with its refund still owed, the booking is still its company's business; once paid, not.
    const cancelled = await t.staff.patch(`/api/bookings/cancelBooking/${booking._id}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(Number(cancelled.json().refundDue)).toBeGreaterThan(0);
    const owed = await t.staff.patch(`/api/buses/updateBus/${spare._id}`, {
      bus_owner_companyId: rivalCompany,
    });
    expect(owed.statusCode, owed.body).toBe(409);
    expect(owed.json()).toMatchObject({ code: 'BUS_HAS_BOOKINGS', bookings: 1 });
    const paid = await t.staff.patch(`/api/payments/markRefundPaid/${booking._id}`, {
      refundReference: 'RF-77',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const settled = await t.staff.patch(`/api/buses/updateBus/${spare._id}`, {
      bus_owner_companyId: rivalCompany,
    });
    expect(settled.statusCode, settled.body).toBe(200);
  });
});
