// Staff reads: getAllBookings and getBooking with the trip populated as getTrip shows it (bus, company,
// cities, price), paging with X-Total-Count, filters; a trip's passenger list by seat; and deleting a booking
// with every payment proof it was sent.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import {
  book,
  type Booking,
  bookingFields,
  expectNoProofFiles,
  expectProofStored,
  PASSENGER,
  postBooking,
  proofNames,
} from './helpers/bookings.ts';
import { JPEG, PNG, WEBP } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';

describe.each(dialects)('staff reads of bookings (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let made: Awaited<ReturnType<typeof makeTrip>>;
  let bookings: Booking[];

  beforeAll(async () => {
    made = await makeTrip(t, t.token, { seats: 20, price: 900 });
    bookings = [];
    // One after the other, so bookingDate orders them.
    for (const seats of [[1], [2, 3], [4], [5, 6, 7], [8]]) bookings.push(await book(t, made.trip, seats));
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/bookings/getAllBookings', `/api/bookings/getBooking/${bookings[0]._id}`]) {
      const response = await client(t).get(url);
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toContain(bookings[0].ticketId);
    }
  });

  it('lists bookings with tripId populated like getTrip, newest first, with X-Total-Count', async () => {
    const response = await t.staff.get('/api/bookings/getAllBookings');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('5');
    const list = response.json();
    expect(list.map((b: Booking) => b._id)).toEqual(bookings.map((b) => b._id).reverse());
    const trip = list[0].tripId;
    expect(trip).toMatchObject({
      _id: made.trip._id,
      trip_date: made.trip.trip_date,
      trip_boarding_time: '9:00 am',
      busId: {
        _id: made.bus._id,
        bus_number: made.bus.bus_number,
        bus_number_of_seats: 20,
        bus_owner_companyId: { _id: made.company._id, company_name: made.company.company_name },
      },
      trip_originId: { origin_city: made.origin.origin_city },
      trip_destinationId: { destination_city: made.destination.destination_city },
      trip_ticket_priceId: { price: 900 },
      isCancelled: false,
    });
    expect([...trip.bookedSeats].sort((a: number, b: number) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(list[0]).toMatchObject({ passengerInfo: PASSENGER, seats: [8], totalTicketPrice: [900] });
  });

  it('pages with _start/_end and counts all matches in X-Total-Count', async () => {
    const staff = t.staff;
    const page = await staff.get('/api/bookings/getAllBookings?_start=1&_end=3&_sort=bookingDate&_order=ASC');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json().map((b: Booking) => b._id)).toEqual([bookings[1]._id, bookings[2]._id]);
    const last = await staff.get(
      '/api/bookings/getAllBookings?_start=4&_end=10&_sort=bookingDate&_order=ASC',
    );
    expect(last.json().map((b: Booking) => b._id)).toEqual([bookings[4]._id]);
  });

  it('filters by trip, by ticket id text and by cancellation', async () => {
    const staff = t.staff;
    const other = await makeTrip(t, t.token, { seats: 4 });
    const elsewhere = await book(t, other.trip, [1]);
    const byTrip = await staff.get(`/api/bookings/getAllBookings?tripId=${other.trip._id}`);
    expect(byTrip.json().map((b: Booking) => b._id)).toEqual([elsewhere._id]);
    expect(byTrip.headers['x-total-count']).toBe('1');

    const byText = await staff.get(`/api/bookings/getAllBookings?q=${bookings[2].ticketId}`);
    expect(byText.json().map((b: Booking) => b._id)).toEqual([bookings[2]._id]);

    expect((await staff.patch(`/api/bookings/cancelBooking/${elsewhere._id}`)).statusCode).toBe(200);
    const cancelled = await staff.get('/api/bookings/getAllBookings?isCancelled=true');
    expect(cancelled.json().map((b: Booking) => b._id)).toEqual([elsewhere._id]);
  });

  it('answers one booking by _id, populated, and 404 for an unknown one', async () => {
    const staff = t.staff;
    const response = await staff.get(`/api/bookings/getBooking/${bookings[3]._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...bookings[3],
      tripId: {
        _id: made.trip._id,
        busId: { bus_owner_companyId: { company_name: made.company.company_name } },
        trip_originId: { origin_city: made.origin.origin_city },
        trip_ticket_priceId: { price: 900 },
      },
    });
    const missing = await staff.get('/api/bookings/getBooking/no-such-booking');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toEqual(expect.any(String));
  });

  it('has no generic update call for bookings (only cancel)', async () => {
    const response = await t.staff.patch(`/api/bookings/updateBooking/${bookings[0]._id}`, {
      seats: [9],
    });
    expect(response.statusCode).toBe(404);
  });

  it("lists a trip's passengers by seat, live before cancelled, for staff only", async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 8 });
    const omer = await book(t, trip, [5, 2], {
      passengerInfo: JSON.stringify({ firstName: 'Omer', lastName: 'Ali', phone: '0923456789' }),
    });
    const fatima = await book(t, trip, [1]);
    const staff = t.staff;
    expect((await staff.patch(`/api/bookings/cancelBooking/${fatima._id}`)).statusCode).toBe(200);

    expect((await client(t).get(`/api/trips/passengers/${trip._id}`)).statusCode).toBe(401);
    const response = await staff.get(`/api/trips/passengers/${trip._id}`);
    expect(response.statusCode).toBe(200);
    // Each seat also says its booking's payment and boarding (tests/server/trip-seat-states.test.ts).
    // And its stretch (issue 23): a trip without stops is boarded at its origin (0) and left at its end (1).
    const unpaid = {
      paymentStatus: 'awaiting_proof',
      verifiedVia: null,
      boardedAt: null,
      noShow: false,
      boardingStop: 0,
      alightingStop: 1,
    };
    expect(response.json()).toEqual([
      {
        seat: 2,
        name: 'Omer Ali',
        phone: '0923456789',
        ticketId: omer.ticketId,
        isCancelled: false,
        bookingId: omer._id,
        ...unpaid,
      },
      {
        seat: 5,
        name: 'Omer Ali',
        phone: '0923456789',
        ticketId: omer.ticketId,
        isCancelled: false,
        bookingId: omer._id,
        ...unpaid,
      },
      {
        seat: 1,
        name: 'Fatima Hassan',
        phone: PASSENGER.phone,
        ticketId: fatima.ticketId,
        isCancelled: true,
        bookingId: fatima._id,
        ...unpaid,
      },
    ]);
    expect((await staff.get('/api/trips/passengers/no-such-trip')).statusCode).toBe(404);
    const { trip: empty } = await makeTrip(t, t.token, { seats: 4 });
    expect((await staff.get(`/api/trips/passengers/${empty._id}`)).json()).toEqual([]);
  });
});

describe.each(dialects)("a booking's trip after staff writes (%s)", (dialect) => {
  const t = useTestApp(dialect);

  it("shows a booking's trip as staff last wrote it (remembered trips follow every write at once)", async () => {
    const other = await makeTrip(t, t.token, { seats: 10, price: 700 });
    const booked = await book(t, other.trip, [2]);
    const staff = t.staff;
    const tripOf = async () =>
      (await staff.get(`/api/bookings/getAllBookings?tripId=${other.trip._id}`)).json()[0].tripId;
    const getOne = async () => (await staff.get(`/api/bookings/getBooking/${booked._id}`)).json().tripId;
    expect((await tripOf()).busId.bus_number).toBe(other.bus.bus_number); // read once: now remembered

    await staff.patch(`/api/buses/updateBus/${other.bus._id}`, { bus_number: `R-${other.bus._id}` });
    await staff.patch(`/api/companies/updateCompany/${other.company._id}`, {
      company_name: `Renamed ${other.company._id}`,
    });
    await staff.patch(`/api/trips/updateTrip/${other.trip._id}`, { trip_boarding_time: '7:00 pm' });
    for (const trip of [await tripOf(), await getOne()]) {
      expect(trip.busId.bus_number).toBe(`R-${other.bus._id}`);
      expect(trip.busId.bus_owner_companyId.company_name).toBe(`Renamed ${other.company._id}`);
      expect(trip.trip_boarding_time).toBe('7:00 pm');
    }

    // Seats are computed on every read: a sale shows at once without emptying anything.
    await book(t, other.trip, [5, 6]);
    expect((await tripOf()).bookedSeats).toEqual([2, 5, 6]);
  });
});

describe.each(dialects)('deleting a booking (%s)', (dialect) => {
  const t = useTestApp(dialect);

  const proofsOf = async (bookingId: string) =>
    (
      await t.database.db
        .selectFrom('payment_proofs')
        .select('name')
        .where('bookingId', '=', bookingId)
        .orderBy('name')
        .execute()
    ).map((row) => row.name as string);

  it('deletes its payment proofs with it (every one it was sent): gone from the database and answered 404', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 6 });
    const sent = await postBooking(t, bookingFields(trip, [1, 2]), {
      filename: 'proof.png',
      contentType: 'image/png',
      data: PNG,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const booking: Booking = sent.json().booking;
    const first = await expectProofStored(t, booking, PNG, 'image/png');
    // Staff reject that proof and the traveller sends another: the booking now has two.
    const rejected = await t.staff.patch(`/api/bookings/rejectPayment/${booking._id}`, {
      reason: 'proof_unreadable',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const form = multipart(
      {
        ticketId: booking.ticketId,
        phone: PASSENGER.phone,
        paymentReference: 'TX-4471',
        paymentMethod: 'bankak',
      },
      { filename: 'again.webp', contentType: 'image/webp', data: WEBP },
    );
    const again = await t.app.inject({ method: 'POST', url: '/api/bookings/submitProof', ...form });
    expect(again.statusCode, again.body).toBe(200);
    const second = await expectProofStored(t, { ...booking, ...again.json() }, WEBP, 'image/webp');
    expect(await proofsOf(booking._id)).toEqual([first, second].sort());

    const other: Booking = (
      await postBooking(t, bookingFields(trip, [3]), {
        filename: 'other.jpg',
        contentType: 'image/jpeg',
        data: JPEG,
      })
    ).json().booking;
    const kept = await expectProofStored(t, other, JPEG, 'image/jpeg');

    expect((await client(t).delete(`/api/bookings/deleteBooking/${booking._id}`)).statusCode).toBe(401);
    expect(await proofsOf(booking._id)).toEqual([first, second].sort());

    const deleted = await t.staff.delete(`/api/bookings/deleteBooking/${booking._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await proofsOf(booking._id)).toEqual([]);
    expect(await proofNames(t)).toEqual([kept]);
    for (const name of [first, second]) {
      const response = await t.staff.get(`/api/uploads/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json().message, name).toEqual(expect.any(String));
    }
    // Only that booking's: the other one's proof is still stored and served.
    await expectProofStored(t, other, JPEG, 'image/jpeg');
    expectNoProofFiles(t.dataDir);
  });
});
