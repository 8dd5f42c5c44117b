// Reference data made through the real API, as staff would: a company, a bus, cities, a price, a trip.
import { expect } from 'vitest';
import { client, type TestApp } from './test-app.ts';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export function futureDate(days = 7): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export async function createOk(t: TestApp, token: string, url: string, body: Record<string, unknown>) {
  const response = await client(t, token).post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function makeTrip(t: TestApp, token: string, options: { seats?: number; price?: number; date?: string; time?: string } = {}) {
  const id = unique();
  const company = await createOk(t, token, '/api/companies/createCompany', {
    company_name: `Company ${id}`,
    company_phone: '0912345678',
    company_email: `c${id}@example.com`,
    company_tin: `TIN-${id}`,
  });
  const bus = await createOk(t, token, '/api/buses/createBus', {
    bus_number: `BUS-${id}`,
    bus_owner_companyId: company._id,
    bus_number_of_seats: options.seats ?? 45,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
  const origin = await createOk(t, token, '/api/origins/createOrigin', { origin_city: `Origin ${id}` });
  const destination = await createOk(t, token, '/api/destination/createDestination', { destination_city: `Dest ${id}` });
  const price = await createOk(t, token, '/api/prices/createPrice', { price: options.price ?? 1000 + counter });
  const trip = await createOk(t, token, '/api/trips/createTrip', {
    busId: bus._id,
    trip_originId: origin._id,
    trip_destinationId: destination._id,
    trip_date: options.date ?? futureDate(),
    trip_boarding_time: options.time ?? '9:00 am',
    trip_ticket_priceId: price._id,
  });
  return { company, bus, origin, destination, price, trip };
}
