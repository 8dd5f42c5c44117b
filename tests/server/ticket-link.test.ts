// The look-up link in a ticket's text message (issue 20): the operator's site address (Settings; PUBLIC_URL is
// its first value) makes every ticket message end with "<address>/t/<ticket id>" (the id said there only), which
// the server redirects to the look-up with the number filled in. Blank: no link, and the Arabic ticket of a paid
// seat stays one text.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/schema.ts';
import { queueBookingMessages } from '../../server/messages/messages.service.ts';
import { SETTINGS_MESSAGES } from '../../shared/settings.ts';
import { bookingFields, postBooking } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { newPhone } from './helpers/payments.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('the ticket message’s look-up link (%s)', (dialect) => {
  const t = useTestApp(dialect, { env: { PUBLIC_URL: 'https://Rihla.SD/' } });
  let seat = 0;
  const ticketMessage = async (language: 'ar' | 'en') => {
    const { trip } = await makeTrip(t, t.token, { seats: 40 });
    const passengerInfo = JSON.stringify({ firstName: 'Amna', lastName: 'Idris', phone: newPhone() });
    const sold = await postBooking(t, bookingFields(trip, [++seat], { passengerInfo, language }));
    expect(sold.statusCode, sold.body).toBe(201);
    const booking = sold.json().booking;
    const message = await (t.app.db as Db)
      .selectFrom('messages')
      .selectAll()
      .where('bookingId', '=', booking._id)
      .where('kind', '=', 'ticket')
      .executeTakeFirstOrThrow();
    return { booking, message };
  };

  it('PUBLIC_URL is the first value, as a text prints it; each ticket message ends with its link', async () => {
    const settings = await t.staff.get('/api/settings/getSettings');
    expect(settings.json().site_address).toBe('rihla.sd');
    const arabic = await ticketMessage('ar');
    expect(arabic.message.text.endsWith(`\nrihla.sd/t/${arabic.booking.ticketId}`)).toBe(true);
    // The link's 13 digits are the ticket id: the text says it once.
    expect(arabic.message.text.split(arabic.booking.ticketId)).toHaveLength(2);
    expect(arabic.message.segments).toBe(2);
    const english = await ticketMessage('en');
    expect(english.message.text).toMatch(/^Rihla ticket: .*\nrihla\.sd\/t\/\d{13}$/s);
    expect(english.message.text.split(english.booking.ticketId)).toHaveLength(2);
    expect(english.message.segments).toBe(1);
  });

  it('an admin changes or clears the address; a bad one is refused in words and changes nothing', async () => {
    const current = (await t.staff.get('/api/settings/getSettings')).json();
    const { _id, ...form } = current;
    void _id;
    for (const bad of [
      'javascript:alert(1)',
      'rihla',
      'ftp://rihla.sd',
      'rihla.sd/<b>',
      'x'.repeat(60) + '.sd',
    ]) {
      const refused = await t.staff.patch('/api/settings/updateSettings', { ...form, site_address: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toBe(SETTINGS_MESSAGES.siteAddress);
    }
    expect((await t.staff.get('/api/settings/getSettings')).json().site_address).toBe('rihla.sd');

    const changed = await t.staff.patch('/api/settings/updateSettings', {
      ...form,
      site_address: 'HTTP://Tickets.Example.com/SD/',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().site_address).toBe('http://tickets.example.com/SD');
    const linked = await ticketMessage('en');
    expect(linked.message.text).toContain(`\nhttp://tickets.example.com/SD/t/${linked.booking.ticketId}`);

    // A form of before the address existed leaves it as it is; a blank one sends tickets without a link.
    const { site_address, ...older } = form;
    void site_address;
    expect((await t.staff.patch('/api/settings/updateSettings', older)).json().site_address).toBe(
      'http://tickets.example.com/SD',
    );
    expect(
      (await t.staff.patch('/api/settings/updateSettings', { ...form, site_address: '' })).statusCode,
    ).toBe(200);
    const plain = await ticketMessage('ar');
    expect(plain.message.text).not.toContain('/t/');
    expect(plain.message.text).toContain(plain.booking.ticketId);
    expect(plain.message.text).not.toContain('\n');
  });

  it('the sale writes its ticket message from what it holds; it says exactly what the database read back says', async () => {
    for (const language of ['ar', 'en'] as const) {
      const { booking, message } = await ticketMessage(language);
      await (t.app.db as Db)
        .transaction()
        .execute((trx) =>
          queueBookingMessages(trx, 'ticket', [booking._id], new Date(), { event: 'read-back' }),
        );
      const readBack = await (t.app.db as Db)
        .selectFrom('messages')
        .select('text')
        .where('dedupe_key', '=', `ticket:${booking._id}:read-back`)
        .executeTakeFirstOrThrow();
      expect(message.text).toBe(readBack.text);
    }
  });

  it('/t/<ticket id> opens the look-up with the number filled in; anything else opens it empty', async () => {
    const link = await client(t).get('/t/4820193746152');
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('/cancel-reservation?ticketId=4820193746152');
    for (const odd of ['/t/123', '/t/4820193746152%22%3E%3Cscript%3E', '/t/%2F%2Fevil.example']) {
      const answer = await client(t).get(odd);
      expect(answer.statusCode, odd).toBe(302);
      expect(answer.headers.location, odd).toBe('/cancel-reservation');
    }
  });
});
