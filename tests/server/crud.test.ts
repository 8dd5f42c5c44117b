// The generic calls of every plain resource (server/resources/crud): create 201, getAll, get by _id,
// PATCH partial update 200, delete 200 with the deleted document; field names exactly as the spec spells them.
import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import { getResource } from '../../shared/registry/index.ts';
import type { Operation } from '../../shared/registry/types.ts';
import {
  type PlainResource,
  type References,
  makeReferences,
  resourceUrl,
  tripOnly,
  validBody,
} from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Each resource's spec field names (what a created document must carry besides _id) and one PATCH. */
const CASES: { resource: PlainResource; fields: string[]; patch?: Record<string, unknown> }[] = [
  {
    resource: 'companies',
    fields: [
      'company_name',
      'company_name_ar',
      'company_phone',
      'company_email',
      'company_tin',
      'company_bankak_account',
      'company_account_name',
      'company_wallets',
      'company_commission',
    ],
    patch: { company_phone: '0999999999' },
  },
  {
    resource: 'buses',
    fields: [
      'bus_number',
      'bus_owner_companyId',
      'bus_number_of_seats',
      'bus_status',
      'date_ofLast_oil_service',
    ],
    patch: { bus_status: 'Out of Service' },
  },
  {
    resource: 'employees',
    fields: [
      'employee_full_name',
      'employee_national_id',
      'employee_phone_number',
      'employee_emial',
      'positionId',
    ],
    patch: { employee_emial: 'new.address@nile.example' },
  },
  {
    resource: 'positions',
    fields: ['employee_position_title'],
    patch: { employee_position_title: 'Conductor X' },
  },
  {
    resource: 'origins',
    fields: ['origin_city', 'origin_city_ar'],
    patch: { origin_city: 'Omdurman X', origin_city_ar: 'أم درمان' },
  },
  {
    resource: 'destinations',
    fields: ['destination_city', 'destination_city_ar'],
    patch: { destination_city: 'Kassala X', destination_city_ar: 'كسلا' },
  },
  { resource: 'prices', fields: ['price'], patch: { price: 12_345.5 } },
  {
    resource: 'trips',
    fields: [
      'busId',
      'trip_originId',
      'trip_destinationId',
      'trip_date',
      'trip_boarding_time',
      'trip_ticket_priceId',
      'bookedSeats',
      'isCancelled',
    ],
    patch: { trip_boarding_time: '7:00 pm' },
  },
  {
    resource: 'reports',
    fields: ['report_title', 'report_description', 'created_at', 'updated_at'],
    patch: { report_title: 'Engine checked' },
  },
  {
    resource: 'lostItems',
    fields: [
      'first_name',
      'last_name',
      'phone',
      'email',
      'date_of_loss',
      'item_type',
      'colour',
      'brand',
      'bus_number',
      'line_description',
      'boarding_time',
      'message_subject',
      'description',
      'created_at',
      'updated_at',
    ],
  },
  {
    resource: 'enquiries',
    fields: ['first_name', 'last_name', 'phone', 'message', 'created_at', 'updated_at'],
  },
];

/** A written reference answers as the populated document with that _id; every other value as written. */
function expectDocumentMatches(
  document: Record<string, any>,
  body: Record<string, unknown>,
  resource: string,
) {
  const def = getResource(resource);
  expect(document._id).toEqual(expect.any(String));
  for (const [name, value] of Object.entries(body)) {
    if (def.fields[name].kind === 'reference') expect(document[name]._id, name).toBe(value);
    else expect(document[name], name).toEqual(value);
  }
}

describe.each(dialects)('generic CRUD (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let refs: References;
  beforeAll(async () => {
    refs = await makeReferences(t, t.token);
  });

  describe.each(CASES)('$resource', ({ resource, fields, patch }) => {
    const def = getResource(resource);
    const url = (op: Operation, id = '') => resourceUrl(resource, op, id);

    it(`${def.api.create} answers 201 with the document, _id and the spec's field names`, async () => {
      const body = validBody(resource, refs);
      const response = await t.staff.post(url('create'), body);
      expect(response.statusCode, response.body).toBe(201);
      const document = response.json();
      expect(Object.keys(document).sort()).toEqual(['_id', ...fields].sort());
      expectDocumentMatches(document, body, resource);
    });

    it(`${def.api.list} answers an array holding the document; ${def.api.one} answers it by _id`, async () => {
      const created = (await t.staff.post(url('create'), validBody(resource, refs))).json();
      const list = await t.staff.get(url('list'));
      expect(list.statusCode).toBe(200);
      expect(Array.isArray(list.json())).toBe(true);
      expect(list.json()).toContainEqual(created);
      expect(list.headers['x-total-count']).toBe(String(list.json().length));
      const one = await t.staff.get(url('one', created._id));
      expect(one.statusCode).toBe(200);
      expect(tripOnly(one.json())).toEqual(created);
    });

    if (patch) {
      it(`${def.api.update} (PATCH) changes only the fields sent and answers 200 with the document`, async () => {
        const created = (await t.staff.post(url('create'), validBody(resource, refs))).json();
        const response = await t.staff.patch(url('update', created._id), patch);
        expect(response.statusCode, response.body).toBe(200);
        const expected = { ...created, ...patch };
        if (def.timestamps) expected.updated_at = expect.any(String);
        expect(response.json()).toEqual(expected);
        expect(tripOnly((await t.staff.get(url('one', created._id))).json())).toEqual(response.json());
      });
    }

    it(`${def.api.remove} answers 200 with the deleted document, which is then gone`, async () => {
      const created = (await t.staff.post(url('create'), validBody(resource, refs))).json();
      const response = await t.staff.delete(url('remove', created._id));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(created);
      expect((await t.staff.get(url('one', created._id))).statusCode).toBe(404);
      expect((await t.staff.get(url('list'))).json()).not.toContainEqual(created);
    });
  });

  describe('stored values', () => {
    it('trims strings, lower-cases emails and keeps phones as 10 plain digits (Arabic-Indic digits read)', async () => {
      const response = await t.staff.post('/api/companies/createCompany', {
        ...validBody('companies', refs),
        company_name: '   Sudan Star   ',
        company_email: '  Office@SudanStar.Example ',
        company_phone: '٠٩١ ٢٣٤-٥٦٧٨',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        company_name: 'Sudan Star',
        company_email: 'office@sudanstar.example',
        company_phone: '0912345678',
      });
    });

    it('answers numbers as JSON numbers and accepts them as form strings', async () => {
      const bus = await t.staff.post('/api/buses/createBus', {
        ...validBody('buses', refs),
        bus_number_of_seats: '49',
      });
      expect(bus.statusCode).toBe(201);
      expect(bus.json().bus_number_of_seats).toBe(49);
      const price = await t.staff.post('/api/prices/createPrice', { price: '7500.5' });
      expect(price.statusCode).toBe(201);
      expect(price.json().price).toBe(7500.5);
    });

    it('ignores fields the server owns or does not know (_id, isCancelled, bookedSeats, created_at, extras)', async () => {
      const trip = await t.staff.post('/api/trips/createTrip', {
        ...validBody('trips', refs),
        _id: 'chosen-by-client',
        isCancelled: true,
        bookedSeats: [1, 2],
        somethingElse: 'x',
      });
      expect(trip.statusCode).toBe(201);
      expect(trip.json()._id).not.toBe('chosen-by-client');
      expect(trip.json().isCancelled).toBe(false);
      expect(trip.json().bookedSeats).toEqual([]);
      expect(trip.json()).not.toHaveProperty('somethingElse');
      const report = await t.staff.post('/api/reports/createReport', {
        ...validBody('reports', refs),
        created_at: '2000-01-01T00:00:00.000Z',
      });
      expect(report.json().created_at).not.toBe('2000-01-01T00:00:00.000Z');
    });
  });

  // On the app's clock, as every time the server keeps (a test moves it; nobody sleeps).
  describe('reports timestamps', () => {
    const clock = new ManualClock();
    const app = useTestApp(dialect, { clock });

    it('carry ISO 8601 created_at and updated_at on the app’s clock; an update moves updated_at only', async () => {
      clock.advance(60_000);
      const created = (await app.staff.post('/api/reports/createReport', validBody('reports', refs))).json();
      expect(created.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      expect(created.created_at).toBe(clock.now().toISOString());
      expect(created.updated_at).toBe(created.created_at);
      clock.advance(5_000);
      const updated = (
        await app.staff.patch(`/api/reports/updateReport/${created._id}`, {
          report_description: 'Fixed.',
        })
      ).json();
      expect(updated.report_description).toBe('Fixed.');
      expect(updated.created_at).toBe(created.created_at);
      expect(updated.updated_at).toBe(clock.now().toISOString());
      expect(Date.parse(updated.updated_at) - Date.parse(created.updated_at)).toBe(5_000);
    });
  });
});
