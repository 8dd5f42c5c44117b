// Answers held in memory are compressed in one call (brotli preferred, gzip otherwise) and arrive intact.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../server/http/compression.ts';
import { bookingFields, type TripDoc } from './helpers/bookings.ts';
import { createOk, makeTrip } from './helpers/fixtures.ts';
import { multipart } from './helpers/multipart.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe.each(dialects)('compressed answers (%s)', (dialect) => {
  const t = useTestApp(dialect);

  // The OpenAPI document: a large JSON answer held in memory (staff only, as the API's map is).
  const getDocs = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${t.token}`, ...headers },
    });

  it('sends brotli to a client that accepts it, and the JSON survives', async () => {
    const plain = await getDocs({});
    expect(plain.statusCode).toBe(200);
    const response = await getDocs({ 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends gzip when brotli is refused', async () => {
    const response = await getDocs({ 'accept-encoding': 'br;q=0, gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('sends the answer as it is to a client that accepts no compression', async () => {
    const response = await getDocs({ 'accept-encoding': 'identity' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().openapi).toMatch(/^3\./);
  });

  it('compresses a booking answer (its PDF ticket in base64) and it decodes to the booking and the PDF', async () => {
    const trip = (await makeTrip(t, t.token, { seats: 10 })).trip as TripDoc;
    const { payload, headers } = multipart(bookingFields(trip, [4]));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/createBooking',
      payload,
      headers: { ...headers, 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString());
    expect(body.booking.seats).toEqual([4]);
    const pdf = Buffer.from(body.pdfBlob, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Base64 spends 8 bits on 6 (+33 %); compressing wins nearly all of it back (the PDF's own streams and
    // fonts are compressed already, so the answer comes out about the size of the PDF itself).
    expect(response.rawPayload.length).toBeLessThan(body.pdfBlob.length * 0.8);
  });

  it('compresses a remembered search once, and its new text after a write changes it', async () => {
    const made = await makeTrip(t, t.token, { seats: 10 });
    // Four trips that day on two buses, so that the answer is worth compressing (≥ 1 KB).
    const other = await createOk(t, t.token, '/api/buses/createBus', {
      bus_number: `${made.bus.bus_number}-2`,
      bus_owner_companyId: made.company._id,
      bus_number_of_seats: 10,
      bus_status: 'In Service',
      date_ofLast_oil_service: '2026-10-01',
    });
    for (const [bus, time] of [
      [made.bus._id, '7:00 pm'],
      [other._id, '9:00 am'],
      [other._id, '7:00 pm'],
    ])
      await createOk(t, t.token, '/api/trips/createTrip', {
        busId: bus,
        trip_originId: made.origin._id,
        trip_destinationId: made.destination._id,
        trip_date: made.trip.trip_date,
        trip_boarding_time: time,
        trip_ticket_priceId: made.price._id,
      });
    const url = `/api/trips/filterTrips?origin=${made.origin._id}&destination=${made.destination._id}&date=${made.trip.trip_date}`;
    const search = (encoding: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    const decoded = (response: Awaited<ReturnType<typeof search>>) =>
      JSON.parse(
        (response.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(response.rawPayload)
          : zlib.gunzipSync(response.rawPayload)
        ).toString(),
      );
    const plain = await search('identity');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const [first, again, gzip] = [await search('br'), await search('br'), await search('gzip')];
    expect(first.headers['content-encoding']).toBe('br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(decoded(again)).toEqual(plain.json());
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toEqual(plain.json());
    // The bus renamed: the search's new text is compressed, not the remembered form of the old one.
    const renamed = await t.staff.patch(`/api/buses/updateBus/${made.bus._id}`, { bus_number: 'R-1' });
    expect(renamed.statusCode).toBe(200);
    const after = decoded(await search('br'));
    expect(after).toEqual((await search('identity')).json());
    const numbers = after.map((trip: { busId: { bus_number: string } }) => trip.busId.bus_number);
    expect(numbers.filter((n: string) => n === 'R-1')).toHaveLength(2);
  });

  it('leaves small answers alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
