// Names in both languages: cities and companies carry an optional Arabic name that staff edit, that travellers'
// answers carry, that lists find by either name, and that the ticket prints on its Arabic side.
import { describe, expect, it } from 'vitest';
import { book, pdfText } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe.each(dialects)('Arabic names (%s)', (dialect) => {
  const t = useTestApp(dialect);

  it('keeps an Arabic name beside a city and a company, finds them by either, prints it on the ticket', async () => {
    const { trip, origin, destination, company } = await makeTrip(t, t.token);
    const suffix = origin.origin_city.split(' ').pop();
    expect(origin.origin_city_ar).toBeNull();
    const named = await t.staff.patch(`/api/origins/updateOrigin/${origin._id}`, {
      origin_city_ar: `الخرطوم ${suffix}`,
    });
    expect(named.statusCode, named.body).toBe(200);
    await t.staff.patch(`/api/destination/updateDestination/${destination._id}`, {
      destination_city_ar: 'كسلا',
    });
    await t.staff.patch(`/api/companies/updateCompany/${company._id}`, { company_name_ar: 'النيل السريع' });

    const found = await t.staff.get(
      `/api/origins/getAllOrigins?q=${encodeURIComponent(`الخرطوم ${suffix}`)}`,
    );
    expect(found.json().map((city: { _id: string }) => city._id)).toEqual([origin._id]);

    const publicTrip = (await client(t).get(`/api/trips/getTrip/${trip._id}`)).json();
    expect(publicTrip.trip_originId.origin_city_ar).toBe(`الخرطوم ${suffix}`);
    expect(publicTrip.busId.bus_owner_companyId.company_name_ar).toBe('النيل السريع');

    const booking = await book(t, trip, [2]);
    const [match] = (
      await client(t).get(
        `/api/bookings/filterBookings?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
      )
    ).json();
    expect(match.trip).toMatchObject({ destination_city_ar: 'كسلا', company_name_ar: 'النيل السريع' });
    const ticket = await client(t).get(
      `/api/bookings/ticket?ticketId=${booking.ticketId}&phone=${booking.passengerInfo.phone}`,
    );
    const text = pdfText(ticket.rawPayload);
    expect(text).toContain(origin.origin_city);
    // pdftotext may split an Arabic word at a glyph gap and wraps runs in direction marks: compare without them.
    const letters = text.replace(/[\s\u200e\u200f\u202a-\u202e]/g, '');
    for (const name of ['كسلا', 'النيلالسريع']) expect(letters).toContain(name);
  });
});
