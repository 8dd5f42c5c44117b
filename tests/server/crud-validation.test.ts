// Validation of the generic create/update calls: a missing or blank required field answers 400 with its
// resource's message, in the create wording ("Please provide company details.") or the edit wording
// ("Please provide all company details."), and the format rules of issue 2 (choices, seats, prices, dates,
// emails, phones).
import { beforeAll, describe, expect, it } from 'vitest';
import { getResource } from '../../shared/registry/index.ts';
import {
  makeReferences,
  type PlainResource,
  type References,
  resourceUrl,
  validBody,
} from './helpers/fixtures.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

/** The spec's words, written out here rather than read from the registry, so a typo there fails a test. */
const MESSAGES: { resource: PlainResource; create: string; update?: string }[] = [
  {
    resource: 'companies',
    create: 'Please provide company details.',
    update: 'Please provide all company details.',
  },
  { resource: 'buses', create: 'Please provide all bus details.', update: 'Please provide all bus details.' },
  {
    resource: 'employees',
    create: 'Please provide employee details.',
    update: 'Please provide all employee details.',
  },
  {
    resource: 'positions',
    create: 'Please provide  employee position title details.',
    update: 'Please provide  employee position title details.',
  },
  { resource: 'origins', create: 'Please provide origin details.', update: 'Please provide origin details.' },
  {
    resource: 'destinations',
    create: 'Please provide destination details.',
    update: 'Please provide destination details.',
  },
  { resource: 'prices', create: 'Please provide price details.', update: 'Please provide price details.' },
  {
    resource: 'trips',
    create: 'Please provide all trip details.',
    update: 'Please provide all trip details.',
  },
  {
    resource: 'reports',
    create: 'Please provide all report details.',
    update: 'Please provide all report details.',
  },
  { resource: 'lostItems', create: 'Please provide all the details of the lost item.' },
  { resource: 'enquiries', create: 'Please provide your details and your message.' },
];

const EMAIL = 'Please enter a valid email address.';
const PHONE = 'Phone number must be 10 digits';
const DATE = 'Dates must be real dates written YYYY-MM-DD.';
const SEATS = 'Must be a whole number from 1 to 100.';
const MONEY = 'Must be a positive number.';

describe.each(dialects)('validation of create and update (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let refs: References;
  beforeAll(async () => {
    refs = await makeReferences(t, t.token);
  });

  const create = (resource: PlainResource, body: Record<string, unknown>) =>
    t.staff.post(resourceUrl(resource, 'create'), body);
  const update = (resource: PlainResource, id: string, body: Record<string, unknown>) =>
    t.staff.patch(resourceUrl(resource, 'update', id), body);
  /** 400 with exactly this message, and the field named in errors when given. */
  async function expect400(response: Awaited<ReturnType<typeof create>>, message: string, field?: string) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.message).toBe(message);
    if (field) expect(body.errors?.[field]).toBe(message);
  }

  describe.each(MESSAGES)('$resource', ({ resource, create: createMessage, update: updateMessage }) => {
    const def = getResource(resource);
    const required = Object.entries(def.fields)
      .filter(([, f]) => f.required && !f.readOnly)
      .map(([name]) => name);

    it(`answers 400 "${createMessage}" for an empty body`, async () => {
      await expect400(await create(resource, {}), createMessage);
    });

    it.each(required)(`answers 400 "${createMessage}" when %s is missing, null or blank`, async (field) => {
      const body = validBody(resource, refs);
      const { [field]: _dropped, ...missing } = body;
      await expect400(await create(resource, missing), createMessage, field);
      await expect400(await create(resource, { ...body, [field]: null }), createMessage, field);
      await expect400(await create(resource, { ...body, [field]: '' }), createMessage, field);
      await expect400(await create(resource, { ...body, [field]: '   ' }), createMessage, field);
    });

    if (updateMessage) {
      it.each(required)(
        `answers 400 "${updateMessage}" when an update blanks %s, changing nothing`,
        async (field) => {
          const created = (await create(resource, validBody(resource, refs))).json();
          await expect400(await update(resource, created._id, { [field]: '  ' }), updateMessage, field);
          const after = await t.staff.get(resourceUrl(resource, 'one', created._id));
          // A trip read alone also says where its travellers pay (issue 24): not a field of the record.
          const { paymentInstructions: _where, ...record } = after.json();
          expect(record).toEqual(created);
        },
      );
    }
  });

  describe('choices', () => {
    it('bus_status is "In Service" or "Out of Service" only', async () => {
      for (const status of ['In Service', 'Out of Service']) {
        const response = await create('buses', { ...validBody('buses', refs), bus_status: status });
        expect(response.statusCode).toBe(201);
        expect(response.json().bus_status).toBe(status);
      }
      for (const status of ['in service', 'Broken', 'InService']) {
        const response = await create('buses', { ...validBody('buses', refs), bus_status: status });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Must be one of: In Service, Out of Service.');
        expect(response.json().errors).toHaveProperty('bus_status');
      }
    });

    it('trip_boarding_time is "9:00 am" or "7:00 pm" only, on create and on update', async () => {
      for (const time of ['9:00 am', '7:00 pm']) {
        const response = await create('trips', { ...validBody('trips', refs), trip_boarding_time: time });
        expect(response.statusCode).toBe(201);
        expect(response.json().trip_boarding_time).toBe(time);
      }
      for (const time of ['09:00', '9:00 AM', '8:00 am', '19:00']) {
        const response = await create('trips', { ...validBody('trips', refs), trip_boarding_time: time });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Must be one of: 9:00 am, 7:00 pm.');
      }
      const trip = (await create('trips', validBody('trips', refs))).json();
      const response = await update('trips', trip._id, { trip_boarding_time: '12:00 pm' });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('trip_boarding_time');
    });

    it('lost items take the listed types and colours; optional boarding_time is one of the two times', async () => {
      const ok = await create('lostItems', {
        ...validBody('lostItems', refs),
        item_type: "children's toys",
        colour: 'gold',
        boarding_time: '7:00 pm',
        brand: 'Samsung',
        bus_number: 'KH-1',
      });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({
        item_type: "children's toys",
        colour: 'gold',
        boarding_time: '7:00 pm',
      });
      for (const [field, value] of [
        ['item_type', 'spaceship'],
        ['colour', 'turquoise'],
        ['boarding_time', '3:00 am'],
      ]) {
        const response = await create('lostItems', { ...validBody('lostItems', refs), [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^Must be one of: /);
        expect(response.json().errors).toHaveProperty(field);
      }
    });
  });

  describe('bus_number_of_seats', () => {
    it.each([1, 45, 100, '12'])('accepts %j', async (seats) => {
      const response = await create('buses', { ...validBody('buses', refs), bus_number_of_seats: seats });
      expect(response.statusCode).toBe(201);
      expect(response.json().bus_number_of_seats).toBe(Number(seats));
    });

    it.each([0, -1, 101, 1.5, 'abc', true, [40]])(
      'refuses %j: a whole number from 1 to 100',
      async (seats) => {
        const response = await create('buses', { ...validBody('buses', refs), bus_number_of_seats: seats });
        await expect400(response, SEATS, 'bus_number_of_seats');
      },
    );

    it('is checked on update too', async () => {
      const bus = (await create('buses', validBody('buses', refs))).json();
      await expect400(
        await update('buses', bus._id, { bus_number_of_seats: 500 }),
        SEATS,
        'bus_number_of_seats',
      );
    });
  });

  describe('price', () => {
    it.each([0, -100, 'free', [10]])('refuses %j: a positive number', async (price) => {
      await expect400(await create('prices', { price }), MONEY, 'price');
    });

    it('accepts a positive decimal amount', async () => {
      const response = await create('prices', { price: 0.5 });
      expect(response.statusCode).toBe(201);
      expect(response.json().price).toBe(0.5);
    });
  });

  describe('dates', () => {
    it.each(['2026-02-30', '2026-13-01', '2026-00-10', '01/10/2026', '2026-1-5', 'tomorrow'])(
      'refuses %j: a real date written YYYY-MM-DD',
      async (date) => {
        await expect400(
          await create('buses', { ...validBody('buses', refs), date_ofLast_oil_service: date }),
          DATE,
          'date_ofLast_oil_service',
        );
        await expect400(
          await create('trips', { ...validBody('trips', refs), trip_date: date }),
          DATE,
          'trip_date',
        );
        await expect400(
          await create('lostItems', { ...validBody('lostItems', refs), date_of_loss: date }),
          DATE,
          'date_of_loss',
        );
      },
    );

    it('refuses a timestamp where a date is expected', async () => {
      const response = await create('trips', {
        ...validBody('trips', refs),
        trip_date: '2026-10-01T00:00:00Z',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('trip_date');
    });

    it('accepts 29 February of a leap year', async () => {
      const response = await create('trips', { ...validBody('trips', refs), trip_date: '2028-02-29' });
      expect(response.statusCode).toBe(201);
      expect(response.json().trip_date).toBe('2028-02-29');
    });
  });

  describe('emails and phones', () => {
    const EMAILS: [PlainResource, string][] = [
      ['companies', 'company_email'],
      ['employees', 'employee_emial'],
      ['lostItems', 'email'],
    ];
    const PHONES: [PlainResource, string][] = [
      ['companies', 'company_phone'],
      ['employees', 'employee_phone_number'],
      ['lostItems', 'phone'],
      ['enquiries', 'phone'],
    ];

    it.each(EMAILS)('%s.%s must be a well-formed email', async (resource, field) => {
      for (const email of ['plainaddress', 'a@b', '@example.com', 'a b@example.com']) {
        await expect400(
          await create(resource, { ...validBody(resource, refs), [field]: email }),
          EMAIL,
          field,
        );
      }
    });

    it.each(PHONES)('%s.%s must be 10 digits', async (resource, field) => {
      for (const phone of ['091234567', '09123456789', '09123abcde', '+249912345678']) {
        await expect400(
          await create(resource, { ...validBody(resource, refs), [field]: phone }),
          PHONE,
          field,
        );
      }
    });

    it('checks a well-formed email and phone on update', async () => {
      const employee = (await create('employees', validBody('employees', refs))).json();
      await expect400(
        await update('employees', employee._id, { employee_emial: 'nope' }),
        EMAIL,
        'employee_emial',
      );
      await expect400(
        await update('employees', employee._id, { employee_phone_number: '123' }),
        PHONE,
        'employee_phone_number',
      );
    });
  });

  describe('references', () => {
    const MISSING_ID = '0123456789abcdef01234567';
    const REFERENCES: [PlainResource, string][] = [
      ['buses', 'bus_owner_companyId'],
      ['employees', 'positionId'],
      ['trips', 'busId'],
      ['trips', 'trip_originId'],
      ['trips', 'trip_destinationId'],
      ['trips', 'trip_ticket_priceId'],
    ];

    it.each(REFERENCES)(
      '%s: a %s that matches nothing answers 400 naming the field',
      async (resource, field) => {
        const response = await create(resource, { ...validBody(resource, refs), [field]: MISSING_ID });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(field);
        expect(response.json().errors).toHaveProperty(field);
        const list = await t.staff.get(resourceUrl(resource, 'list'));
        expect(JSON.stringify(list.json())).not.toContain(MISSING_ID);
      },
    );

    it.each(REFERENCES)(
      '%s: an update to a %s that matches nothing answers 400 naming the field',
      async (resource, field) => {
        const created = (await create(resource, validBody(resource, refs))).json();
        const response = await update(resource, created._id, { [field]: MISSING_ID });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(field);
        expect(response.json().errors).toHaveProperty(field);
      },
    );

    it('a reference must be an _id string, not the populated object', async () => {
      const response = await create('buses', {
        ...validBody('buses', refs),
        bus_owner_companyId: refs.company,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty('bus_owner_companyId');
    });
  });

  describe('lengths and optional fields', () => {
    it('refuses an over-long text with a message, not a database error', async () => {
      const response = await create('origins', { origin_city: 'x'.repeat(201) });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Must be at most 200 characters.');
      const report = await create('reports', {
        ...validBody('reports', refs),
        report_description: 'y'.repeat(20_001),
      });
      expect(report.statusCode).toBe(400);
      expect(report.json().errors).toHaveProperty('report_description');
    });

    it('a lost item without its optional fields is accepted; they answer null', async () => {
      const { email: _email, ...body } = validBody('lostItems', refs);
      const response = await create('lostItems', body);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ email: null, brand: null, boarding_time: null });
    });
  });
});
