// Payment proofs: recognised by their bytes (never the name or declared type), at most 5 MB, stored under a
// generated name in the database (payment_proofs, never a file), served to signed-in staff only; files an
// older version left under DATA_DIR/uploads move into the database at start.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importProofFiles } from '../../server/sales/index.ts';
import { client, dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import { makeTrip } from './helpers/fixtures.ts';
import {
  book,
  bookingFields,
  expectNoProofFiles,
  expectProofStored,
  postBooking,
  proofNames,
  storedCounts,
  storedProof,
  type TripDoc,
} from './helpers/bookings.ts';
import { GIF, JPEG, makePng, PNG, pngClaiming, WEBP } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';

const MB = 1024 * 1024;
const GENERATED_NAME =
  /^\/api\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp)$/;
const MIME = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** A real PNG followed by filler bytes, `size` bytes in all (viewers ignore data after IEND). */
const paddedPng = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0x20)]);

describe.each(dialects)('payment proofs (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let trip: TripDoc;
  let seat = 0;
  const nextSeat = () => ++seat;

  beforeAll(async () => {
    trip = (await makeTrip(t, t.token, { seats: 100, price: 700 })).trip;
  });

  const upload = (data: Buffer, filename: string, contentType: string) =>
    postBooking(t, bookingFields(trip, [nextSeat()]), { filename, contentType, data });

  it.each([
    ['a PNG named x.txt and sent as text/plain', PNG, 'x.txt', 'text/plain', 'png'],
    [
      'a JPEG named photo.heic and sent as octet-stream',
      JPEG,
      'photo.heic',
      'application/octet-stream',
      'jpg',
    ],
    ['a WebP with no extension', WEBP, 'screenshot', 'image/webp', 'webp'],
  ] as const)(
    'accepts %s, stored under a generated name with the right type',
    async (_case, data, filename, type, ext) => {
      const before = await proofNames(t);
      const response = await upload(data, filename, type);
      expect(response.statusCode, response.body).toBe(201);
      const booking = response.json().booking;
      expect(booking.bankakScreenshot).toMatch(GENERATED_NAME);
      expect(booking.bankakScreenshot.endsWith(`.${ext}`)).toBe(true);
      expect(booking.bankakScreenshot).not.toContain(filename);
      const name = await expectProofStored(t, booking, data, MIME[ext]);
      expect(await proofNames(t)).toEqual([...before, name].sort());
      expectNoProofFiles(t.dataDir);
    },
  );

  it('never uses the client file name, even one that tries to leave the uploads folder', async () => {
    const before = await proofNames(t);
    const response = await upload(PNG, '../../../escaped.png', 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json().booking;
    expect(booking.bankakScreenshot).toMatch(GENERATED_NAME);
    const name = await expectProofStored(t, booking, PNG, 'image/png');
    expect(await proofNames(t)).toEqual([...before, name].sort());
    expect((await proofNames(t)).every((stored) => !stored.includes('escaped'))).toBe(true);
    for (const dir of [t.dataDir, path.join(t.dataDir, 'uploads'), path.dirname(t.dataDir)])
      expect(fs.existsSync(path.join(dir, 'escaped.png')), dir).toBe(false);
    expectNoProofFiles(t.dataDir);
  });

  it.each([
    [
      'text bytes named x.png and sent as image/png',
      Buffer.from('just some text, not a picture'),
      'x.png',
      'image/png',
    ],
    [
      'a PDF named proof.jpg',
      Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      'proof.jpg',
      'image/jpeg',
    ],
    ['a GIF (an image, but not one of JPEG, PNG, WebP)', GIF, 'proof.gif', 'image/gif'],
    [
      'an HTML page named proof.png',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'proof.png',
      'image/png',
    ],
  ])('answers 415 for %s, storing nothing', async (_case, data, filename, type) => {
    const before = await storedCounts(t);
    const proofs = await proofNames(t);
    const response = await upload(data, filename, type);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json().message).toMatch(/JPEG, PNG, WebP/);
    expect(await storedCounts(t)).toEqual(before);
    expect(await proofNames(t)).toEqual(proofs);
    expectNoProofFiles(t.dataDir);
  });

  it('answers 413 for a file over 5 MB, storing nothing', async () => {
    const before = await storedCounts(t);
    const proofs = await proofNames(t);
    const response = await upload(paddedPng(5 * MB + 1), 'big.png', 'image/png');
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toMatch(/5 MB/);
    expect(await storedCounts(t)).toEqual(before);
    expect(await proofNames(t)).toEqual(proofs);
    expectNoProofFiles(t.dataDir);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const data = paddedPng(5 * MB);
    const response = await upload(data, 'large.png', 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().booking.bankakScreenshot).toMatch(GENERATED_NAME);
    await expectProofStored(t, response.json().booking, data, 'image/png');
  });

  it('answers 413 for a small PNG whose header claims a huge picture (decompression bomb)', async () => {
    const before = await storedCounts(t);
    const proofs = await proofNames(t);
    const response = await upload(pngClaiming(20_000, 20_000), 'bomb.png', 'image/png');
    expect(response.statusCode, response.body).toBe(413);
    expect(await storedCounts(t)).toEqual(before);
    expect(await proofNames(t)).toEqual(proofs);
    expectNoProofFiles(t.dataDir);
    // A genuine, larger screenshot is fine.
    expect((await upload(makePng(1080, 40), 'screen.png', 'image/png')).statusCode).toBe(201);
  });

  it('treats an empty file part (a form sent with no file chosen) as no payment proof', async () => {
    const proofs = await proofNames(t);
    const response = await upload(Buffer.alloc(0), '', 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().booking.bankakScreenshot).toBeNull();
    expect(await proofNames(t)).toEqual(proofs);
  });

  it('answers 413, never 500, for two files in one form, storing nothing', async () => {
    const before = await storedCounts(t);
    const proofs = await proofNames(t);
    const fields = bookingFields(trip, [nextSeat()]);
    const first = multipart(fields, { filename: 'a.png', contentType: 'image/png', data: PNG });
    const second = multipart({}, { filename: 'b.png', contentType: 'image/png', data: PNG });
    // Splice the second form's file part in before the first form's closing boundary.
    const boundary = first.headers['content-type'].split('boundary=')[1];
    const secondBoundary = second.headers['content-type'].split('boundary=')[1];
    const secondPart = second.payload
      .toString('latin1')
      .replaceAll(secondBoundary, boundary)
      .replace(`--${boundary}--\r\n`, '');
    const payload = Buffer.concat([
      first.payload.subarray(0, first.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(secondPart, 'latin1'),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/createBooking',
      headers: first.headers,
      payload,
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await storedCounts(t)).toEqual(before);
    expect(await proofNames(t)).toEqual(proofs);
    expectNoProofFiles(t.dataDir);
  });

  it('serves the proof at its bankakScreenshot path to staff only, with the same bytes', async () => {
    const response = await upload(JPEG, 'bankak.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const url: string = response.json().booking.bankakScreenshot;

    const anonymous = await client(t).get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.equals(JPEG)).toBe(false);
    const forged = await client(t, 'not.a.token').get(url);
    expect(forged.statusCode).toBe(401);

    const staff = await t.staff.get(url);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('image/jpeg');
    expect(staff.headers['x-content-type-options']).toBe('nosniff');
    expect(staff.rawPayload.equals(JPEG)).toBe(true);
  });

  it.each([
    '/api/uploads/..%2Frihla.db',
    '/api/uploads/..%2F..%2Frihla.db',
    '/api/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/api/uploads/rihla.db',
    '/api/uploads/..',
    '/api/uploads/00000000-0000-0000-0000-000000000000.png',
    '/api/uploads/00000000-0000-0000-0000-000000000000.png%00.db',
  ])('answers 404 to staff for %s, never a file outside the uploads', async (url) => {
    const response = await t.staff.get(url);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.body).not.toContain('SQLite format');
  });

  it('moves a proof an older version left as a file into the database, removes orphans, and is idempotent', async () => {
    const booking = await book(t, trip, [nextSeat()]);
    const referenced = `${randomUUID()}.jpg`;
    const orphan = `${randomUUID()}.png`;
    const url = `/api/uploads/${referenced}`;
    const uploadsDir = path.join(t.dataDir, 'uploads');
    fs.mkdirSync(uploadsDir);
    fs.writeFileSync(path.join(uploadsDir, referenced), JPEG);
    fs.writeFileSync(path.join(uploadsDir, orphan), PNG);
    await t.database.db
      .updateTable('bookings')
      .set({ bankakScreenshot: url })
      .where('id', '=', booking._id)
      .execute();
    const before = await proofNames(t);
    expect((await t.staff.get(url)).statusCode).toBe(404);

    expect(await importProofFiles(t.database.db, t.dataDir)).toEqual({ moved: 1, removed: 1, kept: 0 });
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
    expect(await proofNames(t)).toEqual([...before, referenced].sort());
    await expectProofStored(t, { _id: booking._id, bankakScreenshot: url }, JPEG, 'image/jpeg');
    expect((await t.staff.get(`/api/uploads/${orphan}`)).statusCode).toBe(404);
    const imported = await storedProof(t, referenced);

    // Again: nothing to move, nothing changed.
    expect(await importProofFiles(t.database.db, t.dataDir)).toEqual({ moved: 0, removed: 0, kept: 0 });
    expect(await proofNames(t)).toEqual([...before, referenced].sort());
    expect(await storedProof(t, referenced)).toEqual(imported);
    // A file whose name is already stored (another node that still sees it) is removed, not stored twice.
    fs.writeFileSync(path.join(uploadsDir, referenced), PNG);
    expect(await importProofFiles(t.database.db, t.dataDir)).toEqual({ moved: 0, removed: 0, kept: 0 });
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
    expect(await proofNames(t)).toEqual([...before, referenced].sort());
    expect(await storedProof(t, referenced)).toEqual(imported);

    fs.rmdirSync(uploadsDir);
    expectNoProofFiles(t.dataDir);
  });
});
