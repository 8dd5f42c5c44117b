// Reference data made through the real API, as staff would: a company, a bus, cities, a price, a trip;
// and valid bodies for every plain resource, fresh unique values each time.
import { expect } from 'vitest';
import { getResource } from '../../../shared/registry/index.ts';
import type { Operation } from '../../../shared/registry/types.ts';
import { client, type TestApp } from './test-app.ts';

let counter = 0;
/** A value no other call of this test file has used (unique fields stay unique). */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

let priceCounter = 0;
/** A price no other call of this test file has used (prices are unique). */
export const uniquePrice = () => 50_000 + ++priceCounter * 5;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function futureDate(days = 7): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The registry's URL for `op` on `resource`, with `/id` after it when an id is given. */
export function resourceUrl(resource: string, op: Operation, id = ''): string {
  const def = getResource(resource);
  return `${def.api.base}/${def.api[op]}${id ? `/${id}` : ''}`;
}

/** A getTrip answer without where its traveller pays (tests/server/company-accounts.test.ts covers that). */
export const tripOnly = ({ paymentInstructions: _, ...trip }: Record<string, unknown>) => trip;

export async function createOk(t: TestApp, token: string, url: string, body: Record<string, unknown>) {
  const response = await client(t, token).post(url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A bus of a new company of its own (another company than every trip made so far), in service. */
export async function otherCompanyBus(t: TestApp, token: string, seats: number) {
  const id = unique();
  const company = await createOk(t, token, '/api/companies/createCompany', {
    company_name: `Rival Express ${id}`,
    company_phone: '0912345679',
    company_email: `rival${id}@example.com`,
    company_tin: `TIN-RIVAL-${id}`,
  });
  return createOk(t, token, '/api/buses/createBus', {
    bus_number: `BUS-RIVAL-${id}`,
    bus_owner_companyId: company._id,
    bus_number_of_seats: seats,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
}

export async function makeTrip(
  t: TestApp,
  token: string,
  options: { seats?: number; price?: number; date?: string; time?: string } = {},
) {
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
  const destination = await createOk(t, token, '/api/destination/createDestination', {
    destination_city: `Dest ${id}`,
  });
  const price = await createOk(t, token, '/api/prices/createPrice', {
    price: options.price ?? uniquePrice(),
  });
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

/**
 * Another trip of `first`'s route (makeTrip's answer) on a bus of its own of the same company, at 9:00 am on
 * `date`, at a price of its own when `price` is given (else `first`'s).
 */
export async function sameRouteTrip(
  t: TestApp,
  token: string,
  first: Awaited<ReturnType<typeof makeTrip>>,
  options: { date: string; price?: number; seats?: number },
) {
  const bus = await createOk(t, token, '/api/buses/createBus', {
    bus_number: `BUS-${unique()}`,
    bus_owner_companyId: first.company._id,
    bus_number_of_seats: options.seats ?? 10,
    bus_status: 'In Service',
    date_ofLast_oil_service: '2026-10-01',
  });
  const price =
    options.price === undefined
      ? first.price
      : await createOk(t, token, '/api/prices/createPrice', { price: options.price });
  return createOk(t, token, '/api/trips/createTrip', {
    busId: bus._id,
    trip_originId: first.origin._id,
    trip_destinationId: first.destination._id,
    trip_date: options.date,
    trip_boarding_time: '9:00 am',
    trip_ticket_priceId: price._id,
  });
}

/**
 * A route's trips on one company's buses: `a` (10 seats, on `first`'s date and price), and one more of the
 * route for each of `others` (its date and price), each on a bus of its own.
 */
export async function routeTrips<K extends string>(
  t: TestApp,
  token: string,
  first: { date: string; price: number },
  others: Record<K, { date: string; price: number }>,
) {
  const made = await makeTrip(t, token, { seats: 10, ...first });
  const trips = {} as Record<K, Record<string, any>>;
  for (const name of Object.keys(others) as K[])
    trips[name] = await sameRouteTrip(t, token, made, others[name]);
  return { a: made.trip as Record<string, any>, company: made.company as Record<string, any>, ...trips };
}

/** The documents that other resources refer to: one of each, made through the API. */
export interface References {
  company: { _id: string };
  position: { _id: string };
  bus: { _id: string };
  origin: { _id: string };
  destination: { _id: string };
  price: { _id: string };
}

export type PlainResource =
  | 'companies'
  | 'buses'
  | 'employees'
  | 'positions'
  | 'origins'
  | 'destinations'
  | 'prices'
  | 'trips'
  | 'timetables'
  | 'reports'
  | 'lostItems'
  | 'enquiries';

let tripDays = 0;

/** A valid create body for a resource, with fresh unique values; references point at `refs`. */
export function validBody(resource: PlainResource, refs: References): Record<string, unknown> {
  const id = unique();
  switch (resource) {
    case 'companies':
      return {
        company_name: `Nile Express ${id}`,
        company_phone: '0912345678',
        company_email: `office-${id}@nile.example`,
        company_tin: `TIN-${id}`,
      };
    case 'buses':
      return {
        bus_number: `KH-${id}`,
        bus_owner_companyId: refs.company._id,
        bus_number_of_seats: 45,
        bus_status: 'In Service',
        date_ofLast_oil_service: '2026-10-01',
      };
    case 'employees':
      return {
        employee_full_name: `Mohamed Ahmed ${id}`,
        employee_national_id: `NID-${id}`,
        employee_phone_number: '0923456789',
        employee_emial: `emp-${id}@nile.example`,
        positionId: refs.position._id,
      };
    case 'positions':
      return { employee_position_title: `Driver ${id}` };
    case 'origins':
      return { origin_city: `Khartoum ${id}` };
    case 'destinations':
      return { destination_city: `Port Sudan ${id}` };
    case 'prices':
      return { price: uniquePrice() };
    case 'trips':
      return {
        busId: refs.bus._id,
        trip_originId: refs.origin._id,
        trip_destinationId: refs.destination._id,
        // A bus is on one trip at a time (409 BUS_BUSY): each trip of the shared bus on a day of its own.
        trip_date: futureDate(3 + (tripDays++ % 90)),
        trip_boarding_time: '9:00 am',
        trip_ticket_priceId: refs.price._id,
      };
    case 'timetables':
      // Its one date beyond the sales horizon: valid and active, it makes no trip to clash with others.
      return {
        timetable_originId: refs.origin._id,
        timetable_destinationId: refs.destination._id,
        busId: refs.bus._id,
        timetable_boarding_time: '7:00 pm',
        timetable_ticket_priceId: refs.price._id,
        timetable_days: [0, 1, 2, 3, 4, 5, 6],
        timetable_from: futureDate(400 + (tripDays % 90)),
        timetable_until: futureDate(400 + (tripDays++ % 90)),
      };
    case 'reports':
      return { report_title: `Flat tyre ${id}`, report_description: 'Bus KH-1 had a flat tyre near Atbara.' };
    case 'lostItems':
      return {
        first_name: 'Fatima',
        last_name: 'Hassan',
        phone: '0934567890',
        email: `fatima-${id}@example.com`,
        date_of_loss: '2026-11-01',
        item_type: 'wallet',
        colour: 'black',
        description: `A black leather wallet ${id}`,
      };
    case 'enquiries':
      return {
        first_name: 'Omer',
        last_name: 'Ali',
        phone: '0945678901',
        message: `Do you run trips to Kassala on Fridays? ${id}`,
      };
  }
}

/** One of each referenced document, made through the API with a staff token. */
export async function makeReferences(t: TestApp, token: string): Promise<References> {
  const empty = {} as References;
  const company = await createOk(t, token, '/api/companies/createCompany', validBody('companies', empty));
  const position = await createOk(t, token, '/api/positions/createPosition', validBody('positions', empty));
  const bus = await createOk(t, token, '/api/buses/createBus', validBody('buses', { ...empty, company }));
  const origin = await createOk(t, token, '/api/origins/createOrigin', validBody('origins', empty));
  const destination = await createOk(
    t,
    token,
    '/api/destination/createDestination',
    validBody('destinations', empty),
  );
  const price = await createOk(t, token, '/api/prices/createPrice', validBody('prices', empty));
  return { company, position, bus, origin, destination, price };
}

/** The seven fields of the spec's register form, fresh unique values. */
export function newUserBody(password = 'acacia-ferry-nile-7') {
  const id = unique();
  return {
    username: `user${id}`,
    first_name: 'Sara',
    last_name: 'Idris',
    phone_number: '0911111111',
    email: `sara.${id}@rihla.test`,
    password,
    password_confirm: password,
  };
}

/** No answer may carry password material: neither the password, its hash, nor a field named so. */
export function expectNoPasswordMaterial(body: string, password?: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toMatch(/\$argon2/);
  if (password) expect(body).not.toContain(password);
}
