// Settlement statements as a PDF (issue 24, /api/analytics/settlement?format=pdf) on both databases: one page
// per company, read back with pdftotext, carries the figures the JSON answer has (sales, refunds, commission,
// net owed, each payment method) and the company's names in both languages; a company's manager gets a
// statement naming their company alone; sales are not printed (400).
import { describe, expect, it } from 'vitest';
import { PASSENGER, pdfText } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { bookWithProof, newPhone, type Doc } from './helpers/payments.ts';
import { khartoumToday } from '../../shared/rules.ts';
import { statementAmount } from '../../server/resources/analytics/settlement-pdf.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

// pdftotext may wrap Arabic runs in direction marks and split a word at a glyph gap: compare without them.
const bare = (text: string) => text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069\s]/g, '');

describe.each(dialects)('settlement statements (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('prints a statement per company with the JSON’s figures; a company’s staff gets theirs alone', async () => {
    const today = khartoumToday();
    const period = `from=${today}&to=${today}`;
    const a = await makeTrip(t, t.token, { seats: 10, price: 1250 });
    const b = await makeTrip(t, t.token, { seats: 10, price: 3400 });
    const names = { a: `Tawfiq Express ${a.company._id}`, b: `Kordofani Lines ${b.company._id}` };
    for (const [company, en, ar, commission] of [
      [a.company, names.a, 'سفريات التوفيق', 10],
      [b.company, names.b, 'الكردفاني للبصات', 0],
    ] as const) {
      const set = await t.staff.patch(`/api/companies/updateCompany/${company._id}`, {
        company_name: en,
        company_name_ar: ar,
        company_commission: commission,
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    const counter = (trip: Doc, seats: number[]) =>
      t.staff.post('/api/bookings/counterSale', {
        tripId: trip._id,
        seats,
        passengerInfo: { ...PASSENGER, phone: newPhone() },
        paymentMethod: 'cash',
      });
    const cash = (await counter(a.trip, [1, 2])).json().booking;
    const bank = await bookWithProof(t, a.trip, [3], `ST-${a.trip._id}`);
    await t.staff.patch(`/api/bookings/verifyPayment/${bank._id}`);
    await t.staff.patch(`/api/bookings/cancelBooking/${cash._id}`);
    expect((await counter(b.trip, [1])).statusCode).toBe(201);

    const json = (await t.staff.get(`/api/analytics/settlement?${period}`)).json();
    const answer = await t.staff.get(`/api/analytics/settlement?${period}&format=pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toContain(`settlement-${today}-${today}.pdf`);
    const text = pdfText(answer.rawPayload);
    // One page per company of the answer (other tests' companies included), each with its figures.
    const pages = text.split('\f').filter((page) => page.trim());
    expect(pages).toHaveLength(json.companies.length);
    for (const id of [a.company._id, b.company._id]) {
      const line = json.companies.find((company: Doc) => company.companyId === id);
      const page = pages.find((p) => p.includes(line.company.en));
      expect(page, line.company.en).toBeDefined();
      expect(bare(page!)).toContain(bare(line.company.ar));
      expect(page).toContain(`${today} – ${today}`);
      for (const key of ['sales', 'refundsOwed', 'commission', 'netOwed'])
        expect(page, key).toContain(statementAmount(line[key]));
      for (const method of line.methods) expect(page).toContain(statementAmount(method.sales));
      expect(page).toContain('Net owed to the company');
      expect(bare(page!)).toContain(bare('الصافي المستحق للشركة'));
    }
    const lineA = json.companies.find((company: Doc) => company.companyId === a.company._id);
    expect(lineA.sales).toBe(3 * 1250);
    expect(lineA.methods.map((m: Doc) => m.method).sort()).toEqual(['bankak', 'cash']);
    const pageA = pages.find((p) => p.includes(names.a))!;
    expect(pageA).toContain('Bankak');
    expect(pageA).toContain('Cash');

    // A company's manager: a statement of their company, naming no other.
    const manager = { email: `st-${a.company._id}@rihla.test`, password: 'acacia-ferry-nile-7' };
    const asManager = client(t, await staffToken(t, manager, 'manager', a.company._id));
    const own = await asManager.get(`/api/analytics/settlement?${period}&format=pdf`);
    expect(own.statusCode).toBe(200);
    const ownText = pdfText(own.rawPayload);
    expect(ownText).toContain(names.a);
    for (const other of json.companies.filter((line: Doc) => line.companyId !== a.company._id)) {
      expect(ownText).not.toContain(other.company.en);
      expect(bare(ownText)).not.toContain(bare(other.company.ar));
    }
    expect(ownText.split('\f').filter((page) => page.trim())).toHaveLength(1);
    expect(
      (await asManager.get(`/api/analytics/settlement?${period}&format=pdf&companyId=${b.company._id}`))
        .statusCode,
    ).toBe(404);
  });

  it('prints a page saying nothing moved for an empty period; sales are not printed', async () => {
    const empty = await t.staff.get('/api/analytics/settlement?from=2001-01-01&to=2001-01-31&format=pdf');
    expect(empty.statusCode).toBe(200);
    expect(pdfText(empty.rawPayload)).toContain('No money moved in this period.');
    const sales = await t.staff.get('/api/analytics/sales?from=2001-01-01&to=2001-01-31&format=pdf');
    expect(sales.statusCode).toBe(400);
  });
});
