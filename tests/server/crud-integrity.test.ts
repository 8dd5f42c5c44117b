// Integrity of the generic calls: deleting what others still refer to answers 409 naming them and deletes
// nothing; unique fields answer 409; unknown _ids answer 404 on every resource.
import { beforeAll, describe, expect, it } from 'vitest';
import { getResource, resources } from '../../shared/registry/index.ts';
import {
  createOk,
  makeReferences,
  makeTrip,
  type PlainResource,
  type References,
  resourceUrl,
  tripOnly,
  validBody,
} from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const UNKNOWN_ID = '0123456789abcdef01234567';

describe.each(dialects)('integrity (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let refs: References;
  beforeAll(async () => {
    refs = await makeReferences(t, t.token);
  });

  /** Deleting `id` answers 409 with a message naming `what`, and the document is still there, unchanged. */
  async function expectDeleteRefused(resource: string, id: string, what: RegExp) {
    const before = (await t.staff.get(resourceUrl(resource, 'one', id))).json();
    const response = await t.staff.delete(resourceUrl(resource, 'remove', id));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toMatch(what);
    const after = await t.staff.get(resourceUrl(resource, 'one', id));
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
  }

  describe('delete while referred to', () => {
    it('a company with buses: 409 naming the bus; deletable once the bus is gone', async () => {
      const { company, bus } = await makeTrip(t, t.token);
      await expectDeleteRefused('companies', company._id, /bus/);
      expect((await t.staff.get(resourceUrl('buses', 'one', bus._id))).statusCode).toBe(200);
      const lone = await createOk(
        t,
        t.token,
        resourceUrl('companies', 'create'),
        validBody('companies', refs),
      );
      expect((await t.staff.delete(resourceUrl('companies', 'remove', lone._id))).statusCode).toBe(200);
    });

    it('a bus, price, origin or destination used by a trip: 409 naming the trip; the trip is untouched', async () => {
      const { bus, price, origin, destination, trip } = await makeTrip(t, t.token);
      await expectDeleteRefused('buses', bus._id, /trip/);
      await expectDeleteRefused('prices', price._id, /trip/);
      await expectDeleteRefused('origins', origin._id, /trip/);
      await expectDeleteRefused('destinations', destination._id, /trip/);
      const after = await t.staff.get(resourceUrl('trips', 'one', trip._id));
      expect(tripOnly(after.json())).toEqual(trip);
    });

    it('once the trip is deleted, its bus, price and cities can be deleted, then the company', async () => {
      const { company, bus, price, origin, destination, trip } = await makeTrip(t, t.token);
      expect((await t.staff.delete(resourceUrl('trips', 'remove', trip._id))).statusCode).toBe(200);
      for (const [resource, doc] of [
        ['buses', bus],
        ['prices', price],
        ['origins', origin],
        ['destinations', destination],
        ['companies', company],
      ] as const) {
        const response = await t.staff.delete(resourceUrl(resource, 'remove', doc._id));
        expect(response.statusCode, `${resource}: ${response.body}`).toBe(200);
      }
    });

    it('a cancelled trip still holds its bus (cancelling is not deleting)', async () => {
      const { bus, trip } = await makeTrip(t, t.token);
      expect((await t.staff.patch(`/api/trips/cancelTrip/${trip._id}`)).statusCode).toBe(200);
      await expectDeleteRefused('buses', bus._id, /trip/);
    });

    it('a position held by employees: 409 naming the employee(s)', async () => {
      const position = await createOk(
        t,
        t.token,
        resourceUrl('positions', 'create'),
        validBody('positions', refs),
      );
      const withPosition = { ...refs, position };
      await createOk(t, t.token, resourceUrl('employees', 'create'), validBody('employees', withPosition));
      await createOk(t, t.token, resourceUrl('employees', 'create'), validBody('employees', withPosition));
      await expectDeleteRefused('positions', position._id, /employee/);
      const message = (await t.staff.delete(resourceUrl('positions', 'remove', position._id))).json().message;
      expect(message).toMatch(/2/);
    });
  });

  describe('unique fields', () => {
    const UNIQUE: [PlainResource, string][] = [
      ['companies', 'company_name'],
      ['companies', 'company_tin'],
      ['buses', 'bus_number'],
      ['employees', 'employee_national_id'],
      ['positions', 'employee_position_title'],
      ['origins', 'origin_city'],
      ['destinations', 'destination_city'],
      ['prices', 'price'],
    ];

    it.each(UNIQUE)(
      '%s: a second document with the same %s answers 409 and is not created',
      async (resource, field) => {
        const first = await createOk(t, t.token, resourceUrl(resource, 'create'), validBody(resource, refs));
        const response = await t.staff.post(resourceUrl(resource, 'create'), {
          ...validBody(resource, refs),
          [field]: first[field],
        });
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().message).toContain(field);
        expect(response.json().errors).toHaveProperty(field);
        const def = getResource(resource);
        const same = await t.staff.get(
          `${def.api.base}/${def.api.list}?${field}=${encodeURIComponent(String(first[field]))}`,
        );
        expect(same.json()).toHaveLength(1);
      },
    );

    it.each(UNIQUE)(
      '%s: updating %s to a value another document has answers 409; keeping its own is fine',
      async (resource, field) => {
        const first = await createOk(t, t.token, resourceUrl(resource, 'create'), validBody(resource, refs));
        const second = await createOk(t, t.token, resourceUrl(resource, 'create'), validBody(resource, refs));
        const taken = await t.staff.patch(resourceUrl(resource, 'update', second._id), {
          [field]: first[field],
        });
        expect(taken.statusCode).toBe(409);
        expect((await t.staff.get(resourceUrl(resource, 'one', second._id))).json()).toEqual(second);
        const own = await t.staff.patch(resourceUrl(resource, 'update', second._id), {
          [field]: second[field],
        });
        expect(own.statusCode).toBe(200);
      },
    );

    it('a unique value compares after trimming', async () => {
      const first = await createOk(t, t.token, resourceUrl('buses', 'create'), validBody('buses', refs));
      const response = await t.staff.post(resourceUrl('buses', 'create'), {
        ...validBody('buses', refs),
        bus_number: `  ${first.bus_number} `,
      });
      expect(response.statusCode).toBe(409);
    });
  });

  describe('unknown _id', () => {
    // Every resource of issue 2 (bookings are the next issue), each generated or hand-made read/update/delete.
    const cases = resources
      .filter((def) => def.name !== 'bookings')
      .flatMap((def) =>
        (['one', 'update', 'remove'] as const)
          .filter((op) => def.api[op])
          .map((op) => ({ name: def.name, op, url: `${def.api.base}/${def.api[op]}/${UNKNOWN_ID}` })),
      );

    it.each(cases)('$name $op answers 404 with a message', async ({ op, url }) => {
      const response =
        op === 'one'
          ? await t.staff.get(url)
          : op === 'update'
            ? await t.staff.patch(url, {})
            : await t.staff.delete(url);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBeTruthy();
      expect(response.json().message).not.toMatch(/No such call/);
    });

    it('an update of an unknown _id with a valid body answers 404 and creates nothing', async () => {
      const response = await t.staff.patch(resourceUrl('origins', 'update', UNKNOWN_ID), {
        origin_city: 'Nowhere',
      });
      expect(response.statusCode).toBe(404);
      expect((await t.staff.get('/api/origins/getAllOrigins?origin_city=Nowhere')).json()).toEqual([]);
    });

    it('cancelTrip of an unknown _id answers 404', async () => {
      const response = await t.staff.patch(`/api/trips/cancelTrip/${UNKNOWN_ID}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBeTruthy();
    });
  });
});
