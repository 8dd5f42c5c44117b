// The error handler (server/http/error-handler.ts): every error is JSON with a message; malformed JSON is 400;
// unknown /api paths are 404; and no client mistake, however odd, answers 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { getResource, resources } from '../../shared/registry/index.ts';
import { makeReferences, type PlainResource, type References, validBody } from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** Resources of issue 2 whose create/update are the generic ones (users and bookings are hand-made). */
const GENERIC: PlainResource[] = [
  'companies',
  'buses',
  'employees',
  'positions',
  'origins',
  'destinations',
  'prices',
  'trips',
  'reports',
  'lostItems',
  'enquiries',
];

/** Values of every JSON type and a few nasty strings, to put in place of a well-formed one. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  'x'.repeat(5000),
  'nul\u0000byte',
  '\u202eevil',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 😀',
  "'; drop table companies; --",
  [],
  ['a'],
  {},
  { $gt: '' },
];

describe.each(dialects)('errors (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let refs: References;
  beforeAll(async () => {
    refs = await makeReferences(t, t.token);
  });

  const auth = () => ({ authorization: `Bearer ${t.token}` });
  /** A client mistake: a 4xx with a JSON message. */
  function expectClientError(response: { statusCode: number; body: string; json: () => any }, what: string) {
    expect(response.statusCode, `${what}: ${response.body}`).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
    expect(response.json().message, what).toEqual(expect.any(String));
  }

  describe('request bodies', () => {
    it('answers 400 with a message for malformed JSON', async () => {
      for (const payload of ['{"company_name": "Nile', '{company_name: 1}', 'undefined', '{"a":1}}']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/companies/createCompany',
          headers: { ...auth(), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json().message).toBe('The request body is not valid JSON.');
      }
    });

    it('answers 400 for malformed JSON on the public calls too (login, createEnquiry)', async () => {
      for (const url of [
        '/api/auth/login',
        '/api/enquiries/createEnquiry',
        '/api/lostItems/createLostItem',
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"email":',
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message).toBe('The request body is not valid JSON.');
      }
    });

    it('answers 400 for a JSON body that is empty, an array, a string or a number', async () => {
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/origins/createOrigin',
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: '',
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBeTruthy();
      for (const payload of ['[]', '"Khartoum"', '42', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/origins/createOrigin',
          headers: { ...auth(), 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, payload).toBe(400);
        expect(response.json().message, payload).toEqual(expect.any(String));
      }
    });

    it('answers 4xx with a message for a content type the call does not take', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/origins/createOrigin',
        headers: { ...auth(), 'content-type': 'application/xml' },
        payload: '<origin_city>Khartoum</origin_city>',
      });
      expectClientError(response, 'xml');
      expect(response.statusCode).toBe(415);
    });

    it('answers 413 with a message for a body over the limit', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reports/createReport',
        headers: { ...auth(), 'content-type': 'application/json' },
        payload: JSON.stringify({ report_title: 'big', report_description: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toBe('The request body is too large.');
    });
  });

  describe('unknown paths', () => {
    it.each(['GET', 'POST', 'PATCH', 'DELETE'] as const)(
      '%s of an unknown /api path answers 404 JSON',
      async (method) => {
        const response = await t.app.inject({ method, url: '/api/companies/getEverything', headers: auth() });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('No such call: ' + method + ' /api/companies/getEverything');
      },
    );

    it('a wrong method on a known path is 404 too (PUT is not part of the API)', async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/companies/updateCompany/abc',
        headers: auth(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBeTruthy();
    });
  });

  describe('no client mistake answers 500', () => {
    it.each(GENERIC)('%s: odd values in every field of create and update', async (resource) => {
      const def = getResource(resource);
      const created = await t.app.inject({
        method: 'POST',
        url: `${def.api.base}/${def.api.create}`,
        headers: auth(),
        payload: validBody(resource, refs),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json()._id;
      for (const field of Object.keys(def.fields)) {
        for (const value of ODD_VALUES) {
          const what = `${resource}.${field} = ${JSON.stringify(value)?.slice(0, 40)}`;
          const create = await t.app.inject({
            method: 'POST',
            url: `${def.api.base}/${def.api.create}`,
            headers: auth(),
            payload: { ...validBody(resource, refs), [field]: value },
          });
          expect(create.statusCode, `${what}: ${create.body}`).toBeLessThan(500);
          if (def.api.update) {
            const update = await t.app.inject({
              method: 'PATCH',
              url: `${def.api.base}/${def.api.update}/${id}`,
              headers: auth(),
              payload: { [field]: value },
            });
            expect(update.statusCode, `${what}: ${update.body}`).toBeLessThan(500);
          }
        }
      }
    });

    it('a NUL byte in a text field answers 400, not a database error', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/origins/createOrigin',
        headers: auth(),
        payload: { origin_city: 'Khar\u0000toum' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Text must not contain NUL characters.',
        errors: { origin_city: 'Text must not contain NUL characters.' },
      });
      const origins = await t.app.inject({ method: 'GET', url: '/api/origins/getAllOrigins' });
      expect(origins.body).not.toContain('Khar\\u0000toum');
      expect(origins.json().map((o: { origin_city: string }) => o.origin_city)).not.toContain('Khartoum');
    });

    it('a NUL in a hand-read form (createBooking tripId) answers 400, the error handler being the net', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/createBooking',
        payload: {
          tripId: 'abc\u0000def',
          seats: '[1]',
          passengerInfo: JSON.stringify({ firstName: 'Amna', lastName: 'Osman', phone: '0912345678' }),
          totalTicketPrice: 1000,
          bookingDate: new Date().toISOString(),
        },
      });
      expectClientError(response, 'createBooking NUL tripId');
    });

    const ODD_IDS = [
      '%00',
      'a%00b',
      'x'.repeat(64),
      'x'.repeat(65),
      '%F0%9F%98%80',
      "'%20or%201=1",
      '..%2F..%2Fetc',
    ];
    const idCalls = resources
      .filter((def) => def.name !== 'bookings')
      .flatMap((def) =>
        (['one', 'update', 'remove'] as const)
          .filter((op) => def.api[op])
          .map((op) => ({ name: `${def.name}.${def.api[op]}`, op, base: `${def.api.base}/${def.api[op]}` })),
      );

    it.each(idCalls)('$name: odd _ids answer 4xx with a message', async ({ op, base }) => {
      const method = op === 'one' ? 'GET' : op === 'update' ? 'PATCH' : 'DELETE';
      for (const id of ODD_IDS) {
        const response = await t.app.inject({
          method,
          url: `${base}/${id}`,
          headers: auth(),
          payload: method === 'PATCH' ? {} : undefined,
        });
        expectClientError(response, `${method} ${base}/${id}`);
        // An _id with a NUL names nothing, on either database.
        if (id.includes('%00')) expect(response.statusCode, `${method} ${base}/${id}`).toBe(404);
      }
    });

    it('odd search parameters answer 4xx or a list', async () => {
      for (const query of [
        'origin=%00&destination=a&date=2026-12-01',
        `origin=${'x'.repeat(65)}&destination=a&date=2026-12-01`,
        'origin=a&destination=b&date=2026-12-01&date=2026-12-02',
        'origin[]=a&destination=b&date=2026-12-01',
        'origin=a&destination=b&date=99999-12-01',
      ]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/trips/filterTrips?${query}` });
        expect(response.statusCode, `${query}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode === 200) expect(response.json()).toEqual([]);
        else expect(response.json().message).toEqual(expect.any(String));
      }
    });

    it('odd login bodies answer 400 or 401', async () => {
      for (const payload of [
        { email: ['a@b.co'], password: 'secret123' },
        { email: 'a@b.co', password: 123456 },
        { email: 'a\u0000@b.co', password: 'secret123' },
        { email: 'a@b.co', password: 'x'.repeat(10_000) },
        { email: { $ne: null }, password: 'secret123' },
      ]) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expect([400, 401], JSON.stringify(payload).slice(0, 60)).toContain(response.statusCode);
        expect(response.json().message).toEqual(expect.any(String));
      }
    });
  });
});
