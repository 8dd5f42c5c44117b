// Company leak sweep (issue 24): "each wants its own desk, its own money and nobody else's data". Two companies
// are built through the API with strings that could only come from each (company details, bus, staff,
// travellers, IDs, payment references, refunds, statement lines, broadcasts, disruptions…), and the platform's
// own business (employees, the inbox, reports) likewise. Then every GET route under /api, read from the live
// route tree, is called by each company role of company A — with A's ids and with B's, as lists with and
// without paging, with the filters each list takes, in each export format (CSV text; XLSX cells; PDF text and
// bytes) — and no answer may carry a string of B's or of the platform's. A string the caller sent itself (in the
// URL) does not count, nor one an anonymous caller gets from the same public URL (travellers' own views).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../server/auth/users.repository.ts';
import { ROLES, type Reach, type Role } from '../../shared/roles.ts';
import { bookingFields, khartoumDate, postBooking, type TripDoc } from './helpers/bookings.ts';
import { appRoutes } from './helpers/endpoints.ts';
import { createOk } from './helpers/fixtures.ts';
import { makePng } from './helpers/images.ts';
import { type Doc, importStatement } from './helpers/payments.ts';
import { openShift } from './helpers/shifts.ts';
import { client, createTestApp, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Lower-case letters only: valid in any name field, and never found by chance in an answer. */
const letters = (n = 8) => [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
const digits = (n: number) => [...randomBytes(n)].map((b) => String(b % 10)).join('');
const phone = () => `09${digits(8)}`;

/** The GET routes under /api, read from a scratch app's route tree (the same tree every app builds). */
const GET_ROUTES: string[] = await (async () => {
  const scratch = await createTestApp('sqlite');
  try {
    return appRoutes(scratch.app)
      .filter(({ method, route }) => method === 'GET' && route.startsWith('/api/'))
      .map(({ route }) => route);
  } finally {
    await scratch.close();
  }
})();

const COMPANY_ROLES = ROLES; // every role may belong to a company (shared/roles.ts)
const PASSWORD = 'kassala-acacia-ferry';
const MAPPING = JSON.stringify({ reference: 'Reference', amount: 'Amount', date: 'Date' });

interface Company {
  prefix: string;
  /** label → string that only this company's business holds */
  markers: Record<string, string>;
  /** What each kind of :id of this company is (several of a kind: each is tried). */
  ids: Partial<Record<Reach | 'platformUser', string[]>>;
  tokens: Record<Role, string>;
  trip: Doc;
  /** Travellers' proofs (ticket id and phone) of a booking waiting for review and of a paid counter sale. */
  tickets: { ticketId: string; phone: string; seat: number }[];
  waitingImage: Buffer;
  origin: Doc;
  destination: Doc;
}

/** Text of an answer: the body (PDF: its text and raw bytes; XLSX: its cells and raw bytes) and headers. */
async function answerText(response: LightMyRequestResponse): Promise<string> {
  const type = String(response.headers['content-type'] ?? '');
  const raw = response.rawPayload;
  const parts = [JSON.stringify(response.headers), raw.toString('latin1'), raw.toString('utf8')];
  if (type.startsWith('application/pdf') && raw.subarray(0, 5).toString('latin1') === '%PDF-') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rihla-sweep-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.pdf'), raw);
      parts.push(execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-'], { encoding: 'utf8' }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } else if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw as unknown as ArrayBuffer);
    book.eachSheet((sheet) => {
      parts.push(sheet.name);
      sheet.eachRow((row) => row.eachCell((cell) => parts.push(String(cell.text ?? cell.value ?? ''))));
    });
  }
  return parts.join('\n').toLowerCase();
}

function snippet(text: string, marker: string): string {
  const at = text.indexOf(marker.toLowerCase());
  return text
    .slice(Math.max(0, at - 70), at + marker.length + 70)
    .replace(/\s+/g, ' ')
    .trim();
}

describe.each(dialects)('company leak sweep (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    env: { PAYMENT_BANKAK_ACCOUNT: '7000111', PAYMENT_ACCOUNT_NAME: 'Rihla Ltd' },
  });
  let A: Company;
  let B: Company;
  /** A's booking paid with B's reference and screenshot. */
  let copiedId: string;
  /** The platform's own business: no company's staff may read it. */
  const platform: Record<string, string> = {};
  const platformIds: Record<string, string> = {};
  const today = khartoumDate(0);
  const period = `from=${khartoumDate(-40)}&to=${khartoumDate(40)}`;

  async function staffOf(prefix: string, role: Role, companyId: string, markers: Record<string, string>) {
    const first = `${prefix}${letters()}`;
    const last = `${prefix}${letters()}`;
    const email = `${prefix}${letters()}@staff-${prefix}.example`;
    const tel = phone();
    await createUser(
      t.database.db,
      {
        username: `${prefix}${letters()}`,
        first_name: first,
        last_name: last,
        phone_number: tel,
        email,
        password: PASSWORD,
        role,
      },
      t.app.clock.now(),
    );
    await t.database.db.updateTable('users').set({ companyId }).where('email', '=', email).execute();
    Object.assign(markers, {
      [`${role} first name`]: first,
      [`${role} last name`]: last,
      [`${role} email`]: email,
      [`${role} phone`]: tel,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    return { token: login.json().access_token as string, id: login.json().user._id as string };
  }

  async function travellerBooking(
    company: { prefix: string; markers: Record<string, string> },
    trip: Doc,
    seat: number,
    label: string,
    options: { reference?: string; image?: Buffer } = {},
  ) {
    const p = company.prefix;
    const traveller = {
      firstName: `${p}${letters()}`,
      lastName: `${p}${letters()}`,
      phone: phone(),
      email: `${p}${letters()}@traveller-${p}.example`,
    };
    const reference = options.reference ?? `${p.toUpperCase()}REF${letters(6).toUpperCase()}`;
    const [r, g, b] = randomBytes(3);
    const image = options.image ?? makePng(3, 3, [r, g, b]);
    const fields = bookingFields(trip as TripDoc, [seat], {
      passengerInfo: JSON.stringify(traveller),
      paymentReference: reference,
      paymentMethod: 'bankak',
    });
    const answer = await postBooking(t, fields, {
      filename: 'proof.png',
      contentType: 'image/png',
      data: image,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const booking = answer.json().booking as Doc;
    Object.assign(company.markers, {
      [`${label} traveller first name`]: traveller.firstName,
      [`${label} traveller last name`]: traveller.lastName,
      [`${label} traveller phone`]: traveller.phone,
      [`${label} traveller email`]: traveller.email,
      [`${label} ticketId`]: booking.ticketId,
      [`${label} booking id`]: booking._id,
    });
    if (!options.reference) company.markers[`${label} payment reference`] = reference;
    return { booking, traveller, reference, image };
  }

  async function makeCompany(prefix: string): Promise<Company> {
    const admin = t.token;
    const staff = client(t, admin);
    const markers: Record<string, string> = {};
    const ids: Company['ids'] = {};
    const add = (reach: keyof Company['ids'], id: string) => (ids[reach] ??= []).push(id);
    const P = prefix.toUpperCase();

    const companyBody = {
      company_name: `${P} Lines ${letters()}`,
      company_name_ar: `خطوط ${prefix}${letters()}`,
      company_phone: phone(),
      company_email: `${prefix}${letters()}@company-${prefix}.example`,
      company_tin: `TIN-${P}-${letters()}`,
      company_bankak_account: `8${digits(9)}`,
      company_account_name: `${P} Account ${letters()}`,
      company_wallets: `Zain Cash:${phone()}`,
    };
    const company = await createOk(t, admin, '/api/companies/createCompany', companyBody);
    Object.assign(markers, {
      'company name': companyBody.company_name,
      'company name (ar)': companyBody.company_name_ar.split(' ')[1],
      'company phone': companyBody.company_phone,
      'company email': companyBody.company_email,
      'company TIN': companyBody.company_tin,
      'company bank account': companyBody.company_bankak_account,
      'company account name': companyBody.company_account_name,
      'company wallet number': companyBody.company_wallets.split(':')[1],
      'company id': company._id,
    });
    add('company', company._id);
    const bus = await createOk(t, admin, '/api/buses/createBus', {
      bus_number: `${P}-BUS-${letters()}`,
      bus_owner_companyId: company._id,
      bus_number_of_seats: 40,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    markers['bus number'] = bus.bus_number;
    markers['bus id'] = bus._id;
    add('bus', bus._id);
    const origin = await createOk(t, admin, '/api/origins/createOrigin', {
      origin_city: `Origin ${letters()}`,
    });
    const destination = await createOk(t, admin, '/api/destination/createDestination', {
      destination_city: `Dest ${letters()}`,
    });
    const price = await createOk(t, admin, '/api/prices/createPrice', { price: 1000 + Number(digits(4)) });
    const tripBody = {
      busId: bus._id,
      trip_originId: origin._id,
      trip_destinationId: destination._id,
      trip_date: khartoumDate(1),
      trip_boarding_time: '9:00 am',
      trip_ticket_priceId: price._id,
    };
    const trip = await createOk(t, admin, '/api/trips/createTrip', tripBody);
    markers['trip id'] = trip._id;
    add('trip', trip._id);
    // A second trip, cancelled with a reason of the company's own words.
    const trip2 = await createOk(t, admin, '/api/trips/createTrip', {
      ...tripBody,
      trip_date: khartoumDate(3),
    });
    markers['second trip id'] = trip2._id;
    add('trip', trip2._id);
    // A third trip of the road, another day: somewhere a traveller could change to.
    const trip3 = await createOk(t, admin, '/api/trips/createTrip', {
      ...tripBody,
      trip_date: khartoumDate(5),
    });
    markers['third trip id'] = trip3._id;
    add('trip', trip3._id);
    const timetable = await createOk(t, admin, '/api/timetables/createTimetable', {
      timetable_originId: origin._id,
      timetable_destinationId: destination._id,
      busId: bus._id,
      timetable_boarding_time: '7:00 pm',
      timetable_ticket_priceId: price._id,
      timetable_days: [0, 1, 2, 3, 4, 5, 6],
      timetable_from: khartoumDate(400),
      timetable_until: khartoumDate(400),
    });
    markers['timetable id'] = timetable._id;
    add('timetable', timetable._id);

    // The company's staff, one of each role.
    const tokens = {} as Record<Role, string>;
    for (const role of COMPANY_ROLES) {
      const made = await staffOf(prefix, role, company._id, markers);
      tokens[role] = made.token;
      markers[`${role} account id`] = made.id;
      add('staff', made.id);
      add('platformUser', made.id);
    }
    const as = (role: Role) => client(t, tokens[role]);

    // The cashier's shift, and a counter sale with its travellers' names and ID numbers.
    const shift = await openShift(t, tokens.cashier, 1234);
    markers['shift id'] = shift;
    add('shift', shift);
    const counterTraveller = {
      firstName: `${prefix}${letters()}`,
      lastName: `${prefix}${letters()}`,
      phone: phone(),
      email: `${prefix}${letters()}@counter-${prefix}.example`,
    };
    const sold = await as('cashier').post('/api/bookings/counterSale', {
      tripId: trip._id,
      seats: [1, 2],
      passengerInfo: counterTraveller,
      paymentMethod: 'cash',
      language: 'en',
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const counter = sold.json().booking as Doc;
    Object.assign(markers, {
      'counter traveller first name': counterTraveller.firstName,
      'counter traveller last name': counterTraveller.lastName,
      'counter traveller phone': counterTraveller.phone,
      'counter traveller email': counterTraveller.email,
      'counter ticketId': counter.ticketId,
      'counter booking id': counter._id,
    });
    add('booking', counter._id);
    const seatNames = [
      `${prefix}${letters()} ${prefix}${letters()}`,
      `${prefix}${letters()} ${prefix}${letters()}`,
    ];
    const idNumbers = [`${P}P${digits(8)}`, `${P}P${digits(8)}`];
    const passengers = await as('cashier').patch(`/api/bookings/updatePassengers/${counter._id}`, {
      passengers: [
        { seat: 1, fullName: seatNames[0], idType: 'passport', idNumber: idNumbers[0] },
        { seat: 2, fullName: seatNames[1], idType: 'passport', idNumber: idNumbers[1] },
      ],
    });
    expect(passengers.statusCode, passengers.body).toBe(200);
    Object.assign(markers, {
      'seat 1 passenger full name': seatNames[0].split(' ')[1],
      'seat 2 passenger full name': seatNames[1].split(' ')[1],
      'seat 1 passenger ID number': idNumbers[0],
      'seat 2 passenger ID number': idNumbers[1],
    });

    const company2 = { prefix, markers };
    // A traveller's booking with a proof, left waiting in the queue.
    const waiting = await travellerBooking(company2, trip, 5, 'waiting');
    add('booking', waiting.booking._id);
    // Paid, then cancelled: a refund due.
    const due = await travellerBooking(company2, trip, 6, 'refund-due');
    add('booking', due.booking._id);
    expect((await as('cashier').patch(`/api/bookings/verifyPayment/${due.booking._id}`, {})).statusCode).toBe(
      200,
    );
    const cancelled = await as('cashier').patch(`/api/bookings/cancelBooking/${due.booking._id}`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Paid, cancelled, refunded by transfer with its reference.
    const refunded = await travellerBooking(company2, trip, 7, 'refunded');
    add('booking', refunded.booking._id);
    expect(
      (await as('cashier').patch(`/api/bookings/verifyPayment/${refunded.booking._id}`, {})).statusCode,
    ).toBe(200);
    expect(
      (await as('cashier').patch(`/api/bookings/cancelBooking/${refunded.booking._id}`, {})).statusCode,
    ).toBe(200);
    const refundReference = `${P}RFD${letters(6).toUpperCase()}`;
    const paidBack = await as('cashier').patch(`/api/payments/markRefundPaid/${refunded.booking._id}`, {
      refundMethod: 'transfer',
      refundReference,
    });
    expect(paidBack.statusCode, paidBack.body).toBe(200);
    markers['refund reference'] = refundReference;
    // A proof rejected, with staff's note.
    const rejected = await travellerBooking(company2, trip, 8, 'rejected');
    add('booking', rejected.booking._id);
    const note = `${prefix}note${letters()}`;
    const rejection = await as('cashier').patch(`/api/bookings/rejectPayment/${rejected.booking._id}`, {
      reason: 'other',
      note,
    });
    expect(rejection.statusCode, rejection.body).toBe(200);
    markers['rejection note'] = note;
    // A booking paid by the company's bank statement, imported by its cashier.
    const viaStatement = await travellerBooking(company2, trip, 9, 'statement');
    add('booking', viaStatement.booking._id);
    const statement = [
      'Date,Reference,Amount',
      `${today},${viaStatement.reference},${viaStatement.booking.totalTicketPrice[0]}`,
    ].join('\n');
    const imported = await importStatement(t, tokens.cashier, statement, { mapping: MAPPING });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().matched.map((row: Doc) => row.bookingId)).toEqual([viaStatement.booking._id]);
    // A booking on the second trip, whose cancellation texts its traveller the company's reason.
    const stranded = await travellerBooking(company2, trip2, 3, 'disrupted');
    add('booking', stranded.booking._id);
    const reason = `${prefix}reason${letters()}`;
    const disrupted = await as('manager').post('/api/trips/disrupt', {
      tripIds: [trip2._id],
      action: 'cancel',
      reason_en: reason,
      reason_ar: `سبب ${reason}`,
    });
    expect(disrupted.statusCode, disrupted.body).toBeLessThan(300);
    markers['disruption reason'] = reason;
    // The manager's own words to every passenger of the trip.
    const words = `${prefix}broadcast${letters()}`;
    const sent = await as('manager').post('/api/messages/broadcast', {
      tripId: trip._id,
      text_en: words,
      text_ar: `مرحبا ${words}`,
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    markers['broadcast text'] = words;
    // The conductor, assigned to the trip by the company's manager.
    const assigned = await as('manager').post('/api/conductors/assign', {
      userId: markers['conductor account id'],
      tripId: trip._id,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    markers['assignment id'] = assigned.json()._id;
    add('assignment', assigned.json()._id);
    // A scan at the door, from the conductor's device.
    const deviceId = `${prefix}device${letters()}`;
    const scanned = await as('conductor').post('/api/checkin/scans', {
      scans: [
        { ticketId: counter.ticketId, tripId: trip._id, scannedAt: new Date().toISOString(), deviceId },
      ],
    });
    expect(scanned.statusCode, scanned.body).toBeLessThan(300);
    markers['scan device id'] = deviceId;

    // What the database holds of it: messages, proofs, activity.
    const bookingIds = ids.booking!;
    const messages = await t.database.db
      .selectFrom('messages')
      .select(['id', 'text'])
      .where((eb) => eb.or([eb('bookingId', 'in', bookingIds), eb('tripId', 'in', [trip._id, trip2._id])]))
      .execute();
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) add('message', message.id);
    messages.slice(0, 5).forEach((message, i) => (markers[`message id ${i}`] = message.id));
    const proofs = await t.database.db
      .selectFrom('payment_proofs')
      .select('name')
      .where('bookingId', 'in', bookingIds)
      .execute();
    for (const proof of proofs) add('upload', proof.name);
    proofs.slice(0, 3).forEach((proof, i) => (markers[`proof name ${i}`] = proof.name));
    const activity = await t.database.db
      .selectFrom('audit_log')
      .innerJoin('users', 'users.id', 'audit_log.userId')
      .select('audit_log.id')
      .where('users.companyId', '=', company._id)
      .execute();
    expect(activity.length).toBeGreaterThan(3);
    for (const entry of activity) add('activity', entry.id);
    activity.slice(0, 3).forEach((entry, i) => (markers[`activity id ${i}`] = entry.id));

    // A quick look that the platform's staff can see what was made.
    expect((await staff.get(`/api/bookings/getBooking/${counter._id}`)).statusCode).toBe(200);
    return {
      prefix,
      markers,
      ids,
      tokens,
      trip,
      tickets: [
        { ticketId: waiting.booking.ticketId, phone: waiting.traveller.phone, seat: 5 },
        { ticketId: counter.ticketId, phone: counterTraveller.phone, seat: 1 },
      ],
      waitingImage: waiting.image,
      origin,
      destination,
    };
  }

  async function makePlatformBusiness() {
    const admin = t.token;
    const position = await createOk(t, admin, '/api/positions/createPosition', {
      employee_position_title: `Pqposition${letters()}`,
    });
    const employee = await createOk(t, admin, '/api/employees/createEmployee', {
      employee_full_name: `Pq${letters()} Pq${letters()}`,
      employee_national_id: `PQNID${digits(8)}`,
      employee_phone_number: phone(),
      employee_emial: `pq${letters()}@employee-pq.example`,
      positionId: position._id,
    });
    const lost = await createOk(t, admin, '/api/lostItems/createLostItem', {
      first_name: `Pq${letters()}`,
      last_name: 'Hassan',
      phone: phone(),
      email: `pq${letters()}@lost-pq.example`,
      date_of_loss: khartoumDate(-2),
      item_type: 'wallet',
      colour: 'black',
      description: `pqlostwallet${letters()}`,
    });
    const enquiry = await createOk(t, admin, '/api/enquiries/createEnquiry', {
      first_name: `Pq${letters()}`,
      last_name: 'Ali',
      phone: phone(),
      message: `pqenquiry${letters()}`,
    });
    const report = await createOk(t, admin, '/api/reports/createReport', {
      report_title: `pqreport${letters()}`,
      report_description: `pqreportbody${letters()}`,
    });
    Object.assign(platform, {
      'position title': position.employee_position_title,
      'employee name': employee.employee_full_name.split(' ')[0],
      'employee national id': employee.employee_national_id,
      'employee phone': employee.employee_phone_number,
      'employee email': employee.employee_emial,
      'lost item name': lost.first_name,
      'lost item phone': lost.phone,
      'lost item email': lost.email,
      'lost item description': lost.description,
      'enquiry name': enquiry.first_name,
      'enquiry phone': enquiry.phone,
      'enquiry message': enquiry.message,
      'report title': report.report_title,
      'report body': report.report_description,
    });
    Object.assign(platformIds, {
      position: position._id,
      employee: employee._id,
      lostItem: lost._id,
      enquiry: enquiry._id,
      report: report._id,
    });
  }

  beforeAll(async () => {
    A = await makeCompany('aq');
    B = await makeCompany('bq');
    await makePlatformBusiness();
    // A's traveller sends B's payment reference and B's screenshot (a copied transfer): a fraud check may flag
    // it, but must not tell A's desk which booking of B's it copies. B's reference is then A's booking's too:
    // no longer a string only B's business holds.
    const copied = await travellerBooking(A, A.trip, 30, 'copied-proof', {
      reference: B.markers['waiting payment reference'],
      image: B.waitingImage,
    });
    A.ids.booking!.unshift(copied.booking._id);
    copiedId = copied.booking._id;
    delete B.markers['waiting payment reference'];
  }, 120_000);

  /** The reach of each :id route (from the route's declared scope), or a platform resource's id. */
  function idsFor(route: string, c: Company): string[] {
    const declared = t.app.routeAccess.find((r) => r.method === 'GET' && r.url === route)?.scope;
    const reach = typeof declared === 'object' ? declared.id : undefined;
    if (reach) return c.ids[reach] ?? [];
    if (route.startsWith('/api/auth/getUser/')) return c.ids.platformUser ?? [];
    if (route.startsWith('/api/origins/')) return [c.origin._id];
    if (route.startsWith('/api/destination/')) return [c.destination._id];
    if (route.startsWith('/api/prices/'))
      return [c.trip.trip_ticket_priceId?._id ?? c.trip.trip_ticket_priceId];
    const platformResource = Object.entries({
      '/api/positions/': 'position',
      '/api/employees/': 'employee',
      '/api/lostItems/': 'lostItem',
      '/api/enquiries/': 'enquiry',
      '/api/reports/': 'report',
    }).find(([base]) => route.startsWith(base));
    if (platformResource) return [platformIds[platformResource[1]]];
    return [];
  }

  /** Every URL to try of a route: its :id filled with each of A's and B's records, its lists and filters. */
  function urlsFor(route: string): string[] {
    const paged = '_start=0&_end=1000';
    const withQuery = (base: string, queries: string[]) => queries.map((q) => (q ? `${base}?${q}` : base));
    if (route.includes('*')) return [route.replace('*', 'index.html')];
    if (/:id|:name/.test(route)) {
      const filled = [...idsFor(route, A).slice(0, 2), ...idsFor(route, B)].map((id) =>
        route.replace(/:id|:name/, id),
      );
      if (route === '/api/trips/manifest/:id')
        return filled.flatMap((url) => withQuery(url, ['', 'format=csv', 'format=xlsx', 'format=pdf']));
      if (route === '/api/trips/getTrip/:id')
        return filled.flatMap((url) => withQuery(url, ['', 'boardingStop=0&alightingStop=1']));
      return filled;
    }
    const b = B.markers;
    const proofs = B.tickets.map((p) => ({ ...p, query: `ticketId=${p.ticketId}&phone=${p.phone}` }));
    switch (route) {
      case '/api/analytics/occupancy':
      case '/api/analytics/sales':
      case '/api/analytics/settlement':
        return [
          ...['json', 'csv', 'xlsx', ...(route.endsWith('settlement') ? ['pdf'] : [])].map(
            (format) => `${route}?${period}&format=${format}`,
          ),
          `${route}?${period}&companyId=${b['company id']}`,
        ];
      case '/api/messages/getAllMessages':
        return withQuery(route, [
          '',
          paged,
          `${paged}&failedFirst=true`,
          `${paged}&tripId=${b['trip id']}`,
          `${paged}&bookingId=${b['counter booking id']}`,
          `${paged}&phone=${b['counter traveller phone']}`,
          `${paged}&ticketId=${b['counter ticketId']}`,
        ]);
      case '/api/conductors/getAssignments':
        return withQuery(route, ['', paged, `tripId=${b['trip id']}`, `userId=${b['conductor account id']}`]);
      case '/api/shifts/getAllShifts':
        return withQuery(route, ['', paged, `${paged}&userId=${b['cashier account id']}`, 'status=open']);
      case '/api/payments/getRefunds':
        return withQuery(route, ['', `${paged}&status=due`, `${paged}&status=paid`]);
      case '/api/trips/filterTrips':
        return [
          `${route}?origin=${encodeURIComponent(B.origin.origin_city)}&destination=${encodeURIComponent(
            B.destination.destination_city,
          )}&date=${khartoumDate(1)}`,
        ];
      case '/api/bookings/filterBookings':
      case '/api/bookings/ticket':
        return proofs.map((p) => `${route}?${p.query}`);
      case '/api/bookings/cancellationQuote':
        return proofs.flatMap((p) => [`${route}?${p.query}`, `${route}?${p.query}&seats=${p.seat}`]);
      case '/api/bookings/changeQuote':
        return proofs.flatMap((p) =>
          [b['third trip id'], A.trip._id].map(
            (trip) => `${route}?${p.query}&tripId=${trip}&seats=${p.seat === 1 ? '20,21' : '20'}`,
          ),
        );
    }
    const crudList = /\/getAll[A-Za-z]+$/.test(route);
    return withQuery(
      route,
      crudList
        ? ['', paged, `${paged}&q=${b['company name'].split(' ')[2]}`, `${paged}&id=${b['trip id']}`]
        : ['', paged],
    );
  }

  interface Leak {
    route: string;
    url: string;
    role: string;
    status: number;
    owner: 'company B' | 'platform';
    marker: string;
    value: string;
    snippet: string;
  }

  const swept = { calls: 0, routeRoles: 0, routes: new Set<string>() };
  const statuses = new Map<string, Set<number>>();
  const seenByPlatform = new Set<string>();
  /** B's strings a company's staff got from a public route that gives them to anyone at the same URL. */
  const publicToAnyone = new Set<string>();

  async function sweepRoute(route: string): Promise<Leak[]> {
    const leaks: Leak[] = [];
    const isPublic =
      t.app.routeAccess.find((r) => r.method === 'GET' && r.url === route)?.access === 'public';
    const urls = urlsFor(route);
    swept.routes.add(route);
    for (const url of urls) {
      const anonymous = isPublic ? await answerText(await client(t).get(url)) : '';
      // The platform's admin on the same URL: which of B's strings are there to leak at all (coverage).
      const all = await answerText(await client(t, t.token).get(url));
      for (const [label, value] of Object.entries(B.markers))
        if (all.includes(value.toLowerCase())) seenByPlatform.add(label);
      for (const role of COMPANY_ROLES) {
        const response = await client(t, A.tokens[role]).get(url);
        swept.calls++;
        const key = `${route} ${role}`;
        if (!statuses.has(key)) statuses.set(key, new Set());
        statuses.get(key)!.add(response.statusCode);
        const text = await answerText(response);
        const asked = url.toLowerCase();
        const check = (owner: Leak['owner'], markers: Record<string, string>) => {
          for (const [label, value] of Object.entries(markers)) {
            const needle = value.toLowerCase();
            if (!text.includes(needle)) continue;
            // Sent by the caller, or what anyone gets at this public URL (a traveller's own view): no leak.
            if (asked.includes(needle) || asked.includes(encodeURIComponent(value).toLowerCase())) continue;
            if (isPublic && anonymous.includes(needle)) {
              publicToAnyone.add(`${route}: ${label}`);
              continue;
            }
            leaks.push({
              route,
              url,
              role,
              status: response.statusCode,
              owner,
              marker: label,
              value,
              snippet: snippet(text, value),
            });
          }
        };
        check('company B', B.markers);
        check('platform', platform);
      }
    }
    swept.routeRoles += COMPANY_ROLES.length;
    return leaks;
  }

  const allLeaks: Leak[] = [];

  it('builds two companies whose staff each see their own business', async () => {
    expect(GET_ROUTES.length).toBeGreaterThan(50);
    expect(Object.keys(B.markers).length).toBeGreaterThan(60);
    // A's manager sees A's trip and not B's: the fixtures are what the sweep assumes.
    const asManager = client(t, A.tokens.manager);
    expect((await asManager.get(`/api/trips/getTrip/${A.trip._id}`)).statusCode).toBe(200);
    expect((await asManager.get(`/api/trips/getTrip/${B.trip._id}`)).statusCode).toBe(404);
  });

  // Found by this sweep: the flags named B's booking (id and ticket) to A's desk. A copied transfer is still
  // caught across companies, but counted, not named; the platform's staff see which booking it copies.
  it('a transfer copied from another company is flagged to the desk, counted, with nothing of it named', async () => {
    const cashier = client(t, A.tokens.cashier);
    const review = await cashier.get(`/api/payments/getPayment/${copiedId}`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().flags).toMatchObject({
      duplicateReference: [],
      duplicateImage: [],
      duplicateReferenceElsewhere: 1,
      duplicateImageElsewhere: 1,
    });
    // Verifying it is refused as any duplicate is, and the refusal names nothing of B's either.
    const verify = await cashier.patch(`/api/bookings/verifyPayment/${copiedId}`, {});
    expect(verify.statusCode, verify.body).toBe(409);
    expect(verify.json()).toMatchObject({
      code: 'DUPLICATE_PROOF',
      flags: { duplicateReferenceElsewhere: 1 },
    });
    expect(verify.body).not.toContain(B.markers['waiting ticketId']);
    const platform = (await t.staff.get(`/api/payments/getPayment/${copiedId}`)).json().flags;
    expect(platform.duplicateReference.map((b: Doc) => b.ticketId)).toContain(B.markers['waiting ticketId']);
    expect(platform.duplicateReferenceElsewhere).toBe(0);
  });

  it.each(GET_ROUTES)(
    'GET %s shows company A’s staff nothing of company B’s or the platform’s',
    async (route) => {
      const leaks = await sweepRoute(route);
      allLeaks.push(...leaks);
      const lines = leaks.map(
        (l) => `${l.role} ${l.url} → ${l.status}: ${l.owner}'s ${l.marker} "${l.value}" … ${l.snippet} …`,
      );
      expect(lines, lines.join('\n')).toEqual([]);
    },
    60_000,
  );

  it('swept every route for every company role, and the platform saw B’s strings there', () => {
    const unseen = Object.keys(B.markers).filter((label) => !seenByPlatform.has(label));
    const refusedEverywhere = [...statuses.entries()]
      .filter(([, codes]) => ![...codes].some((code) => code === 200))
      .map(([key, codes]) => `${key}: ${[...codes].join('/')}`);
    // A summary for whoever reads the run.
    console.log(
      [
        `[${dialect}] ${swept.routes.size} GET routes × ${COMPANY_ROLES.length} company roles = ${swept.routeRoles} route×role pairs, ${swept.calls} calls`,
        `[${dialect}] leaks: ${allLeaks.length} (${new Set(allLeaks.map((l) => `${l.route}|${l.role}|${l.marker}`)).size} route×role×marker)`,
        `[${dialect}] B's strings no GET showed even the platform's admin: ${unseen.join(', ') || 'none'}`,
        `[${dialect}] B's strings public routes give anyone (not counted): ${[...publicToAnyone].join('; ') || 'none'}`,
        `[${dialect}] route×role never answered 200: ${refusedEverywhere.length}`,
        // Each of them with SWEEP_VERBOSE=1 (the roles' refusals, shared/roles.ts).
        ...(process.env.SWEEP_VERBOSE ? refusedEverywhere.map((line) => `    ${line}`) : []),
      ].join('\n'),
    );
    expect(swept.routes.size).toBe(GET_ROUTES.length);
  });
});
