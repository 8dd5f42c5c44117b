// List calls (server/resources/crud/list-params.ts): without parameters they answer everything, as the spec's
// clients expect; with _start/_end/_sort/_order/q/id/<field>/<field>_gte/_lte they page, sort and filter for
// the admin, with X-Total-Count.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOk, makeReferences, makeTrip, type References, validBody } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const CITIES = [
  'Atbara',
  'Dongola',
  'Ed Damazin',
  'Gedaref',
  'Kassala',
  'Kosti',
  'Nyala',
  'Port Sudan',
  'Wad Madani',
];

describe.each(dialects)('list parameters (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let refs: References;
  let origins: { _id: string; origin_city: string }[];
  beforeAll(async () => {
    refs = await makeReferences(t, t.token);
    // A fresh database: after the references, only these nine origins... plus the one made by makeReferences.
    await t.staff.delete(`/api/origins/deleteOrigin/${refs.origin._id}`);
    origins = [];
    for (const city of [...CITIES].reverse()) {
      origins.push(await createOk(t, t.token, '/api/origins/createOrigin', { origin_city: city }));
    }
  });

  const list = (query = '') => t.staff.get(`/api/origins/getAllOrigins${query}`);
  const cities = (response: Awaited<ReturnType<typeof list>>) =>
    response.json().map((o: { origin_city: string }) => o.origin_city);

  it('without parameters answers every document as an array, with X-Total-Count', async () => {
    const response = await client(t).get('/api/origins/getAllOrigins');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(CITIES.length);
    expect(response.headers['x-total-count']).toBe(String(CITIES.length));
    // The default order of origins is by city name.
    expect(cities(response)).toEqual(CITIES);
  });

  it('pages with _start and _end; X-Total-Count is the total before paging', async () => {
    const page = await list('?_start=2&_end=5&_sort=origin_city&_order=ASC');
    expect(page.statusCode).toBe(200);
    expect(cities(page)).toEqual(CITIES.slice(2, 5));
    expect(page.headers['x-total-count']).toBe(String(CITIES.length));
    const past = await list('?_start=50&_end=60');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(CITIES.length));
  });

  it('sorts by a field, ASC or DESC (any case), and by _id', async () => {
    expect(cities(await list('?_sort=origin_city&_order=DESC'))).toEqual([...CITIES].reverse());
    expect(cities(await list('?_sort=origin_city&_order=desc'))).toEqual([...CITIES].reverse());
    // Created in reverse alphabetical order, so by _id (which sorts by age) they answer reversed.
    const byId = await list('?_sort=_id&_order=ASC');
    expect(byId.json().map((o: { _id: string }) => o._id)).toEqual(
      [...byId.json().map((o: { _id: string }) => o._id)].sort(),
    );
  });

  it('answers 400 for a sort field it does not have, a bad order or bad paging, never 500', async () => {
    for (const query of [
      '?_sort=nope',
      '?_sort=password_hash',
      '?_sort=origin_city;drop table origins',
      '?_order=sideways',
      '?_start=-1',
      '?_start=abc',
      '?_end=1.5',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
    expect((await list('?_sort=nope')).json().message).toBe('Cannot sort by nope.');
    expect((await list()).json()).toHaveLength(CITIES.length);
  });

  it('q searches text case-insensitively, treating % and _ literally', async () => {
    expect(cities(await list('?q=KOS'))).toEqual(['Kosti']);
    expect(cities(await list('?q=a'))).toEqual(CITIES.filter((c) => c.toLowerCase().includes('a')));
    expect((await list('?q=%25')).json()).toEqual([]);
    expect((await list('?q=_')).json()).toEqual([]);
    for (const odd of ['%5C', "'", '%5C%25', '%22%3B--']) {
      const response = await list(`?q=${odd}`);
      expect(response.statusCode, odd).toBe(200);
      expect(response.json(), odd).toEqual([]);
    }
    const response = await list('?q=port&_start=0&_end=10');
    expect(cities(response)).toEqual(['Port Sudan']);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('id (repeatable) answers those documents (getMany)', async () => {
    const [a, b] = [origins[0], origins[3]];
    const response = await list(`?id=${a._id}&id=${b._id}`);
    expect(
      response
        .json()
        .map((o: { _id: string }) => o._id)
        .sort(),
    ).toEqual([a._id, b._id].sort());
    expect((await list(`?id=${a._id}`)).json()).toEqual([a]);
  });

  it('<field>=value filters exactly; unknown parameters are ignored', async () => {
    expect(cities(await list('?origin_city=Nyala'))).toEqual(['Nyala']);
    expect((await list('?origin_city=nyala')).json()).toEqual([]);
    expect(cities(await list('?unknown=1&_=123'))).toEqual(CITIES);
  });

  describe('filters on other kinds', () => {
    it('buses by reference, choice and integer, with ranges; trips by date range and isCancelled', async () => {
      const company = await createOk(
        t,
        t.token,
        '/api/companies/createCompany',
        validBody('companies', refs),
      );
      const mine = { ...refs, company };
      const small = await createOk(t, t.token, '/api/buses/createBus', {
        ...validBody('buses', mine),
        bus_number_of_seats: 12,
        bus_status: 'Out of Service',
      });
      const large = await createOk(t, t.token, '/api/buses/createBus', {
        ...validBody('buses', mine),
        bus_number_of_seats: 60,
      });
      const api = t.staff;
      const ids = async (url: string) => {
        const response = await api.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json().map((d: { _id: string }) => d._id);
      };
      const byCompany = `/api/buses/getAllBuses?bus_owner_companyId=${company._id}`;
      expect((await ids(byCompany)).sort()).toEqual([small._id, large._id].sort());
      expect(await ids(`${byCompany}&bus_status=Out%20of%20Service`)).toEqual([small._id]);
      expect(await ids(`${byCompany}&bus_number_of_seats=60`)).toEqual([large._id]);
      expect(await ids(`${byCompany}&bus_number_of_seats_gte=20`)).toEqual([large._id]);
      expect(await ids(`${byCompany}&bus_number_of_seats_lte=20`)).toEqual([small._id]);
      expect(await ids(`${byCompany}&_sort=bus_number_of_seats&_order=DESC`)).toEqual([large._id, small._id]);

      const early = await makeTrip(t, t.token, { date: '2030-01-05' });
      const late = await makeTrip(t, t.token, { date: '2030-01-20' });
      const range =
        '/api/trips/getAllTrips?trip_date_gte=2030-01-01&trip_date_lte=2030-01-31&_sort=trip_date';
      expect(await ids(range)).toEqual([early.trip._id, late.trip._id]);
      expect(await ids(`${range}&_order=DESC`)).toEqual([late.trip._id, early.trip._id]);
      await api.patch(`/api/trips/cancelTrip/${early.trip._id}`);
      expect(await ids(`${range}&isCancelled=true`)).toEqual([early.trip._id]);
      expect(await ids(`${range}&isCancelled=false`)).toEqual([late.trip._id]);
      expect(await ids(`/api/trips/getAllTrips?busId=${late.bus._id}`)).toEqual([late.trip._id]);
      // Paged lists keep populating references.
      const paged = await api.get(`${range}&_start=0&_end=1`);
      expect(paged.headers['x-total-count']).toBe('2');
      expect(paged.json()[0].busId.bus_owner_companyId.company_name).toBe(early.company.company_name);
    });

    it('a number filter that is not a number answers 400 with a message, never 500', async () => {
      const api = t.staff;
      for (const url of [
        '/api/buses/getAllBuses?bus_number_of_seats=abc',
        '/api/buses/getAllBuses?bus_number_of_seats=1.5',
        '/api/buses/getAllBuses?bus_number_of_seats=99999999999',
        '/api/buses/getAllBuses?bus_number_of_seats_gte=abc',
        '/api/prices/getAllPrices?price=abc',
        '/api/prices/getAllPrices?price_lte=lots',
        `/api/prices/getAllPrices?price_gte=${'9'.repeat(30)}`,
      ]) {
        const response = await api.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json().message, url).toMatch(/filter must be a (whole )?number/);
      }
      const decimal = await api.get('/api/prices/getAllPrices?price_gte=0.5&price_lte=1000000');
      expect(decimal.statusCode).toBe(200);
    });

    it('a text, date or boolean filter with an odd value answers a list, never 500', async () => {
      const api = t.staff;
      for (const url of [
        '/api/trips/getAllTrips?isCancelled=maybe',
        '/api/trips/getAllTrips?trip_date_gte=not-a-date',
        '/api/trips/getAllTrips?busId=%27%3B%20drop%20table%20trips%3B--',
        `/api/buses/getAllBuses?bus_owner_companyId=${'x'.repeat(150)}`,
        `/api/origins/getAllOrigins?id=${'y'.repeat(64)}`,
      ]) {
        const response = await api.get(url);
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        expect(response.json(), url).toEqual(expect.any(Array));
      }
    });

    it('reports sort newest first by default', async () => {
      const first = await createOk(t, t.token, '/api/reports/createReport', validBody('reports', refs));
      await new Promise((resolve) => setTimeout(resolve, 10));
      const second = await createOk(t, t.token, '/api/reports/createReport', validBody('reports', refs));
      const response = await t.staff.get('/api/reports/getAllReports');
      const order = response.json().map((r: { _id: string }) => r._id);
      expect(order.indexOf(second._id)).toBeLessThan(order.indexOf(first._id));
    });
  });
});
