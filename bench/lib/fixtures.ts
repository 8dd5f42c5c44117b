// Trips made through the real API for benchmarks and process-level tests.
export async function postJson(url: string, token: string, path: string, body: unknown) {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export interface BenchTrip {
  id: string;
  price: number;
  seats: number;
  /** The origin's and destination's ids and the trip's date: what a search for it asks. */
  origin: string;
  destination: string;
  date: string;
}

/** `count` trips on buses of `seats` seats, all between one new origin and destination, a few days ahead. */
export async function makeTrips(
  url: string,
  token: string,
  count: number,
  seats: number,
): Promise<BenchTrip[]> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const company = await postJson(url, token, '/api/companies/createCompany', {
    company_name: `Bench ${tag}`,
    company_phone: '0912345678',
    company_email: `bench${tag}@example.com`,
    company_tin: `B${tag}`,
  });
  const origin = await postJson(url, token, '/api/origins/createOrigin', { origin_city: `From ${tag}` });
  const destination = await postJson(url, token, '/api/destination/createDestination', {
    destination_city: `To ${tag}`,
  });
  const price = 12500 + Math.floor(Math.random() * 1000);
  const priceDoc = await postJson(url, token, '/api/prices/createPrice', { price });
  const trips: BenchTrip[] = [];
  for (let i = 0; i < count; i++) {
    const bus = await postJson(url, token, '/api/buses/createBus', {
      bus_number: `B-${tag}-${i}`,
      bus_owner_companyId: company._id,
      bus_number_of_seats: seats,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    const date = new Date(Date.now() + (2 + (i % 10)) * 86_400_000).toISOString().slice(0, 10);
    const trip = await postJson(url, token, '/api/trips/createTrip', {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: date,
      trip_boarding_time: i % 2 ? '7:00 pm' : '9:00 am',
      trip_ticket_priceId: priceDoc._id,
    });
    trips.push({ id: trip._id, price, seats, origin: origin._id, destination: destination._id, date });
  }
  return trips;
}

/** The fields of the form the public site sends. */
export function bookingFields(trip: BenchTrip, seats: number[]): Record<string, string> {
  return {
    tripId: trip.id,
    seats: JSON.stringify(seats),
    // Travellers have phones of their own (one phone may hold only a few unpaid bookings).
    passengerInfo: JSON.stringify({
      firstName: 'Fatima',
      lastName: 'Hassan',
      phone: `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    }),
    totalTicketPrice: String(seats.length * trip.price),
    bookingDate: new Date().toISOString(),
  };
}

/** The multipart form the public site sends. */
export function bookingForm(trip: BenchTrip, seats: number[], screenshot?: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(bookingFields(trip, seats))) form.set(name, value);
  if (screenshot)
    form.set('bankakScreenshot', new Blob([new Uint8Array(screenshot)], { type: 'image/png' }), 'proof.png');
  return form;
}

/** A valid 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every live booking of a trip, straight from the staff API. */
export async function liveBookings(
  url: string,
  token: string,
  tripId: string,
): Promise<{ _id: string; seats: number[] }[]> {
  const response = await fetch(`${url}/api/bookings/getAllBookings?tripId=${tripId}&isCancelled=false`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json();
}

/** Seats held by more than one live booking (must be 0). */
export function doubleSold(bookings: { seats: number[] }[]): number {
  const seen = new Set<number>();
  let twice = 0;
  for (const booking of bookings)
    for (const seat of booking.seats) {
      if (seen.has(seat)) twice++;
      else seen.add(seat);
    }
  return twice;
}
