// Company payment accounts (issue 24): a company with its own account has its trips' travellers pay there (the
// public trip answer, the unpaid ticket); a company without one leaves them to the operator's account of
// Settings; a company's desk matches a bank statement against its own bookings alone. Both databases.
import { describe, expect, it } from 'vitest';
import { createUser } from '../../server/auth/users.repository.ts';
import { makeTrip, newUserBody, unique } from './helpers/fixtures.ts';
import { bookWithProof, type Doc, importStatement, newPhone } from './helpers/payments.ts';
import { bookingFields, PASSENGER, pdfText, postBooking } from './helpers/bookings.ts';
import { queueBookingMessage } from '../../server/messages/messages.service.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const OPERATOR = {
  PAYMENT_BANKAK_ACCOUNT: '7000111',
  PAYMENT_ACCOUNT_NAME: 'Rihla Ltd',
  PAYMENT_WALLETS: 'MTN:0998765432',
};
const MAPPING = JSON.stringify({ reference: 'Reference', amount: 'Amount', date: 'Date' });

describe.each(dialects)('company payment accounts (%s)', (dialect) => {
  const t = useTestApp(dialect, { env: OPERATOR });
  let own: Awaited<ReturnType<typeof makeTrip>>;
  let plain: Awaited<ReturnType<typeof makeTrip>>;

  it('keeps a company’s own account, and refuses a malformed one with 400', async () => {
    own = await makeTrip(t, t.token);
    plain = await makeTrip(t, t.token);
    const update = (body: object) => t.staff.patch(`/api/companies/updateCompany/${own.company._id}`, body);
    const bad = await update({ company_wallets: 'Zain Cash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('company_wallets');
    expect((await update({ company_bankak_account: '12ab' })).statusCode).toBe(400);
    const good = await update({
      company_bankak_account: '1234567',
      company_account_name: 'Kassala Express',
      company_wallets: 'Zain Cash:0912345678, Bankak Wallet:0923456789',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ company_bankak_account: '1234567' });
  });

  it('tells the traveller of a trip where to pay: its company’s account, else the operator’s', async () => {
    const mine = (await client(t).get(`/api/trips/getTrip/${own.trip._id}`)).json();
    expect(mine.paymentInstructions).toEqual({
      bankakAccount: '1234567',
      accountName: 'Kassala Express',
      wallets: [
        { name: 'Zain Cash', number: '0912345678' },
        { name: 'Bankak Wallet', number: '0923456789' },
      ],
      source: 'company',
    });
    // The public view says nothing else of the company's.
    expect(mine.busId.bus_owner_companyId).not.toHaveProperty('company_tin');
    const operator = (await client(t).get(`/api/trips/getTrip/${plain.trip._id}`)).json();
    expect(operator.paymentInstructions).toEqual({
      bankakAccount: '7000111',
      accountName: 'Rihla Ltd',
      wallets: [{ name: 'MTN', number: '0998765432' }],
      source: 'operator',
    });
  });

  // Where to pay is remembered with the trip's answer: a change of the company's account or of the trip's bus
  // must show on the next look, as a change of Settings does.
  it('shows a change of the company’s account, or of the trip’s bus, on the next look at the trip', async () => {
    // In the evening: the bus it moves to already has a trip that morning.
    const fresh = await makeTrip(t, t.token, { time: '7:00 pm' });
    const payTo = async () =>
      (await client(t).get(`/api/trips/getTrip/${fresh.trip._id}`)).json().paymentInstructions;
    expect((await payTo()).source).toBe('operator');
    expect((await payTo()).bankakAccount).toBe('7000111');
    const changed = await t.staff.patch(`/api/companies/updateCompany/${fresh.company._id}`, {
      company_bankak_account: '5556667',
      company_account_name: 'Gedaref Lines',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await payTo()).toMatchObject({
      bankakAccount: '5556667',
      accountName: 'Gedaref Lines',
      source: 'company',
    });
    // The trip moves to a bus of the company with the account of the first test.
    const moved = await t.staff.patch(`/api/trips/updateTrip/${fresh.trip._id}`, { busId: own.bus._id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await payTo()).toMatchObject({ bankakAccount: '1234567', source: 'company' });
  });

  it('prints the company’s account on an unpaid ticket', async () => {
    const booking = await bookWithProof(t, own.trip, [3], `TRX-${unique()}`);
    const pdf = await client(t).get(
      `/api/bookings/ticket?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
    );
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Pay to: Bankak 1234567 (Kassala Express)');
    expect(text).toContain('Zain Cash 0912345678');
    const other = await bookWithProof(t, plain.trip, [3], `TRX-${unique()}`);
    const plainPdf = await client(t).get(
      `/api/bookings/ticket?ticketId=${other.ticketId}&phone=${other.passengerInfo.phone}`,
    );
    expect(pdfText(plainPdf.rawPayload)).not.toContain('Pay to');
  });

  it('names the trip’s company’s account in the unpaid ticket and the hold warning, else the operator’s (en and ar)', async () => {
    const textsOf = async (bookingId: string) =>
      (
        await t.database.db
          .selectFrom('messages')
          .select(['kind', 'text', 'segments'])
          .where('bookingId', '=', bookingId)
          .orderBy('created_at')
          .execute()
      ).map((row) => ({ ...row, segments: Number(row.segments) }));
    const sell = async (trip: typeof own, seat: number, language: 'en' | 'ar') => {
      const fields = bookingFields(trip.trip, [seat], {
        passengerInfo: JSON.stringify({ ...PASSENGER, phone: newPhone() }),
        language,
      });
      const sold = await postBooking(t, fields);
      expect(sold.statusCode, sold.body).toBe(201);
      const booking = sold.json().booking as Doc;
      // The hold warning is read back from the database (the sale's ticket is written from what it holds).
      await queueBookingMessage(t.database.db, 'hold_expiring', booking._id, new Date());
      return textsOf(booking._id);
    };
    const [ticketEn, holdEn] = await sell(own, 8, 'en');
    expect(ticketEn.text).toContain('unpaid, pay to Bankak 1234567 by ');
    expect(holdEn.text).toContain('Pay to Bankak 1234567 and send the proof by ');
    const [ticketAr, holdAr] = await sell(own, 9, 'ar');
    expect(ticketAr.text).toContain('إلى بنكك 1234567 قبل ');
    expect(holdAr.text).toContain('ادفع إلى بنكك 1234567 وأرسل الإشعار');
    const operatorTexts = [...(await sell(plain, 8, 'en')), ...(await sell(plain, 9, 'ar'))];
    expect(operatorTexts[0].text).toContain('pay to Bankak 7000111');
    expect(operatorTexts[1].text).toContain('Pay to Bankak 7000111');
    expect(operatorTexts[2].text).toContain('إلى بنكك 7000111');
    expect(operatorTexts[3].text).toContain('ادفع إلى بنكك 7000111');
    for (const message of [ticketEn, holdEn, ticketAr, holdAr]) expect(message.text).not.toContain('7000111');
    for (const message of operatorTexts) expect(message.text).not.toContain('1234567');
    for (const message of [ticketEn, holdEn, ticketAr, holdAr, ...operatorTexts]) {
      // Within its budget: English one GSM-7 segment, Arabic two (tests/shared/message-segments.test.ts).
      expect(message.segments, message.text).toBe(/[\u0600-\u06FF]/.test(message.text) ? 2 : 1);
    }
  });

  const reference = (booking: Doc) => booking.paymentReference as string;
  const amount = (booking: Doc) => booking.totalTicketPrice[0];
  const statementOf = (...bookings: Doc[]) =>
    ['Date,Reference,Amount', ...bookings.map((b) => `2026-11-27,${reference(b)},${amount(b)}`)].join('\n');
  const status = async (booking: Doc) =>
    (await t.staff.get(`/api/bookings/getBooking/${booking._id}`)).json().paymentStatus;
  /** A cashier of this company, signed in. */
  const companyCashier = async (companyId: string) => {
    const email = `cashier-${unique()}@accounts.rihla.test`;
    const password = 'kassala-acacia-ferry';
    await createUser(t.database.db, { ...newUserBody(password), email, role: 'cashier' }, t.app.clock.now());
    await t.database.db.updateTable('users').set({ companyId }).where('email', '=', email).execute();
    return (
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
    ).json().access_token as string;
  };

  it('matches a company desk’s statement against its own bookings alone', async () => {
    const mine = await bookWithProof(t, own.trip, [5], `TRX-${unique()}`);
    const theirs = await bookWithProof(t, plain.trip, [5], `TRX-${unique()}`);
    const token = await companyCashier(own.company._id);
    const response = await importStatement(t, token, statementOf(mine, theirs), { mapping: MAPPING });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.matched.map((row: Doc) => row.bookingId)).toEqual([mine._id]);
    expect(response.body).not.toContain(theirs._id);
    expect(await status(mine)).toBe('verified');
    expect(await status(theirs)).toBe('proof_submitted');
  });

  it('a statement pays only the bookings paid into its account: a company’s, or the operator’s for companies without one', async () => {
    // A second company with its own account: its travellers never pay into the first's, nor the operator's.
    const second = await makeTrip(t, t.token);
    const set = await t.staff.patch(`/api/companies/updateCompany/${second.company._id}`, {
      company_bankak_account: '2345678',
      company_account_name: 'Port Sudan Lines',
    });
    expect(set.statusCode, set.body).toBe(200);
    const a = await bookWithProof(t, own.trip, [6], `TRX-${unique()}`);
    const b = await bookWithProof(t, second.trip, [6], `TRX-${unique()}`);
    const o = await bookWithProof(t, plain.trip, [6], `TRX-${unique()}`);
    const everything = statementOf(a, b, o);
    const matchedBy = async (token: string, fields: Record<string, string>) => {
      const response = await importStatement(t, token, everything, { mapping: MAPPING, ...fields });
      expect(response.statusCode, response.body).toBe(200);
      for (const booking of [a, b, o])
        if (!response.json().matched.some((row: Doc) => row.bookingId === booking._id))
          expect(response.body).not.toContain(booking._id);
      return response.json().matched.map((row: Doc) => row.bookingId);
    };

    // Company A's desk: the right reference and amount of B's booking verify nothing.
    const cashierA = await companyCashier(own.company._id);
    expect(await matchedBy(cashierA, { dryRun: 'true' })).toEqual([a._id]);
    // …nor when it names company B, or a company that does not exist: as if they did not exist (404).
    for (const companyId of [second.company._id, plain.company._id, 'no-such-company']) {
      const named = await importStatement(t, cashierA, everything, { mapping: MAPPING, companyId });
      expect(named.statusCode, companyId).toBe(404);
      expect(named.body).not.toContain(b._id);
    }
    // Naming its own company is the same as naming none.
    expect(await matchedBy(cashierA, { dryRun: 'true', companyId: own.company._id })).toEqual([a._id]);

    // The platform's staff: B's statement pays B's booking alone.
    expect(await matchedBy(t.token, { companyId: second.company._id })).toEqual([b._id]);
    // The operator's statement (no company named) pays the bookings of companies without an account: not A's,
    // even with A's reference and amount.
    expect(await matchedBy(t.token, {})).toEqual([o._id]);
    expect(await status(a)).toBe('proof_submitted');
    expect(await status(b)).toBe('verified');
    expect(await status(o)).toBe('verified');
    // A company without an account of its own has no statement of its own; an unknown company is not there.
    const none = await importStatement(t, t.token, everything, {
      mapping: MAPPING,
      companyId: plain.company._id,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('companyId');
    expect((await importStatement(t, t.token, everything, { companyId: 'no-such-company' })).statusCode).toBe(
      404,
    );
    // A's own statement, imported by A's desk, pays A's.
    expect(await matchedBy(cashierA, {})).toEqual([a._id]);
    expect(await status(a)).toBe('verified');
  });

  it('the operator’s statement still pays a booking told to pay the operator after its company opened an account', async () => {
    // Transfers take hours: a traveller pays into the account the ticket named, whatever the company does since.
    const later = await makeTrip(t, t.token);
    const told = await bookWithProof(t, later.trip, [7], `TRX-${unique()}`);
    const ticket = (await t.staff.get(`/api/trips/getTrip/${later.trip._id}`)).json();
    expect(ticket.paymentInstructions.source).toBe('operator');
    const opened = await t.staff.patch(`/api/companies/updateCompany/${later.company._id}`, {
      company_bankak_account: '3456789',
      company_account_name: 'Gedaref Express',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    // Sold after the account opened: told to pay the company, so the operator's statement leaves it.
    const after = await bookWithProof(t, later.trip, [8], `TRX-${unique()}`);
    const response = await importStatement(t, t.token, statementOf(told, after), { mapping: MAPPING });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().matched.map((row: Doc) => row.bookingId)).toEqual([told._id]);
    expect(await status(told)).toBe('verified');
    expect(await status(after)).toBe('proof_submitted');
    // Another company's desk still cannot reach it.
    const cashierA = await companyCashier(own.company._id);
    const theirs = await importStatement(t, cashierA, statementOf(after), { mapping: MAPPING });
    expect(theirs.json().matched).toEqual([]);
    // The company's own statement pays the one told to pay it.
    const own2 = await importStatement(t, t.token, statementOf(after), {
      mapping: MAPPING,
      companyId: later.company._id,
    });
    expect(own2.json().matched.map((row: Doc) => row.bookingId)).toEqual([after._id]);
  });
});
