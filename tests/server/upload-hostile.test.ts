// Hostile payment proofs on createBooking: path-traversal file names, polyglots, decompression bombs dressed
// as images, oversized and extra file parts. A refused proof leaves nothing behind: no booking row, no seat
// held, no payment_proofs row, no file anywhere under DATA_DIR. An accepted one is a payment_proofs row under a
// generated name; the client's name is never used, and no file is written (where it points or anywhere else).
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/rules.ts';
import { encodePng, scanlines } from '../helpers/png.ts';
import { futureDate, makeTrip } from './helpers/fixtures.ts';
import { type FormPart, formData } from './helpers/endpoints.ts';
import { dataDirEntries, expectNoProofFiles, expectProofStored, proofNames } from './helpers/bookings.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';
import type { Tables } from '../../server/db/schema.ts';

// --- Image bytes, written by hand so that every header field (and every CRC) is exactly what we claim. ---

/** A PNG whose IHDR declares width × height; its pixel data is `rows` rows of that width, deflated. */
const png = (width: number, height: number, rows = height) =>
  encodePng(width, height, scanlines(width, rows, 0x20));
const PNG = png(2, 2);

/** A baseline JPEG skeleton whose frame header (SOF0) declares width × height; `fill` 0xFF bytes precede it. */
function jpeg(width: number, height: number, fill = 0): Buffer {
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app0 = Buffer.concat([
    Buffer.from([0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
  ]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    Buffer.alloc(fill, 0xff),
    sof,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A WebP (extended format, VP8X) whose canvas is width × height. */
function webp(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'ascii');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write('WEBP', 8, 'ascii');
  return Buffer.concat([riff, vp8x]);
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const text = (value: string) => Buffer.from(value, 'utf8');

/** Files that are not JPEG, PNG, WebP or HEIC by their bytes, whatever they claim to be. */
const NOT_IMAGES: { label: string; data: Buffer; filename: string; contentType: string }[] = [
  {
    label: 'PHP then PNG bytes',
    data: Buffer.concat([text('<?php system($_GET["c"]); ?>'), PNG]),
    filename: 'proof.png',
    contentType: 'image/png',
  },
  {
    label: 'HTML then PNG bytes',
    data: Buffer.concat([text('<html><script>alert(1)</script></html>'), PNG]),
    filename: 'proof.png',
    contentType: 'image/png',
  },
  {
    label: 'HTML with a BOM',
    data: text('\ufeff<!doctype html><script>alert(document.cookie)</script>'),
    filename: 'proof.jpg',
    contentType: 'image/jpeg',
  },
  { label: 'GIF', data: GIF, filename: 'proof.gif', contentType: 'image/gif' },
  { label: 'GIF named .png', data: GIF, filename: 'proof.png', contentType: 'image/png' },
  {
    label: 'SVG with a script',
    data: text(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>',
    ),
    filename: 'proof.svg',
    contentType: 'image/svg+xml',
  },
  {
    label: 'PDF',
    data: text(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /OpenAction <</S /JavaScript /JS (app.alert(1))>> >> endobj\n%%EOF',
    ),
    filename: 'proof.pdf',
    contentType: 'application/pdf',
  },
  {
    label: 'ZIP',
    data: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]),
    filename: 'proof.png',
    contentType: 'image/png',
  },
  {
    label: 'ELF executable',
    data: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(60)]),
    filename: 'proof.jpg',
    contentType: 'image/jpeg',
  },
  {
    label: 'BMP',
    data: Buffer.concat([text('BM'), Buffer.alloc(60)]),
    filename: 'proof.bmp',
    contentType: 'image/bmp',
  },
  {
    label: 'TIFF',
    data: Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), Buffer.alloc(60)]),
    filename: 'proof.tif',
    contentType: 'image/tiff',
  },
  { label: 'plain text', data: text('I paid, trust me'), filename: 'proof.png', contentType: 'image/png' },
];

const BOMBS: { label: string; data: Buffer }[] = [
  { label: 'PNG declaring 100000×100000 (valid CRCs)', data: png(100_000, 100_000, 1) },
  { label: 'PNG declaring 1×60000000', data: png(1, 60_000_000, 1) },
  { label: 'JPEG declaring 65500×65500', data: jpeg(65_500, 65_500) },
  { label: 'WebP declaring 16384×16384', data: webp(16_384, 16_384) },
];

const fileStamp = (file: string) =>
  fs.existsSync(file) && fs.statSync(file).isFile() ? fs.statSync(file).mtimeMs : undefined;

describe.each(dialects)('hostile payment proofs (%s)', (dialect) => {
  const t = useTestApp(dialect);
  let trip: { _id: string; trip_ticket_priceId: { price: number } };
  let uploadsDir: string;
  let seat = 0;

  beforeAll(async () => {
    trip = (await makeTrip(t, t.token, { seats: 100, date: futureDate(5) })).trip;
    uploadsDir = path.join(t.dataDir, 'uploads');
  });

  const count = async (table: keyof Tables) => {
    const row = await t.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  function bookingForm(
    files: FormPart[],
    options: { seats?: number[]; tripId?: string; total?: number } = {},
  ) {
    const seats = options.seats ?? [++seat];
    return formData([
      { name: 'tripId', value: options.tripId ?? trip._id },
      { name: 'seats', value: JSON.stringify(seats) },
      {
        name: 'passengerInfo',
        value: JSON.stringify({ firstName: 'Musa', lastName: 'Yousif', phone: '0912345678' }),
      },
      {
        name: 'totalTicketPrice',
        value: String(options.total ?? seats.length * trip.trip_ticket_priceId.price),
      },
      { name: 'bookingDate', value: new Date().toISOString() },
      ...files,
    ]);
  }
  const proof = (
    data: Buffer,
    filename = 'proof.png',
    contentType = 'image/png',
    name = 'bankakScreenshot',
  ) => ({
    name,
    filename,
    contentType,
    data,
  });
  const post = (form: ReturnType<typeof formData>) =>
    t.app.inject({ method: 'POST', url: '/api/bookings/createBooking', ...form });

  function expectJsonMessage(response: LightMyRequestResponse, label: string) {
    expect(response.headers['content-type'], label).toMatch(/^application\/json/);
    expect(response.json().message, label).toEqual(expect.any(String));
  }

  /** Sends the form and checks it was refused with one of `statuses` and left nothing at all behind. */
  async function expectRefused(label: string, form: ReturnType<typeof formData>, statuses: number[]) {
    const before = {
      proofs: await proofNames(t),
      bookings: await count('bookings'),
      seats: await count('booking_seats'),
    };
    const response = await post(form);
    expect(statuses, `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
      response.statusCode,
    );
    expectJsonMessage(response, label);
    expect(await proofNames(t), label).toEqual(before.proofs);
    expect(await count('bookings'), label).toBe(before.bookings);
    expect(await count('booking_seats'), label).toBe(before.seats);
    expectNoProofFiles(t.dataDir, label);
    return response;
  }

  /**
   * Sends the form (PNG bytes, whatever the name and type claim), expects 201 and answers the stored proof's
   * name after checking what and where it is.
   */
  async function expectStored(label: string, data: Buffer, filename: string, contentType = 'image/png') {
    const before = { proofs: await proofNames(t), files: dataDirEntries(t.dataDir) };
    // Where the client's name would point if it were used as a path (outside DATA_DIR for the traversals).
    const target = path.resolve(uploadsDir, filename.replace(/\\/g, '/'));
    const targetBefore = fileStamp(target);
    const response = await post(bookingForm([proof(data, filename, contentType)]));
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(201);
    const booking = response.json().booking;
    // One row of this booking under a generated name, holding these bytes as a PNG, served as such to staff.
    const name = await expectProofStored(t, booking, data, 'image/png', label);
    // Exactly one new proof, and it is that one; no file was written, neither where the client's name
    // pointed nor anywhere under DATA_DIR.
    expect(await proofNames(t), label).toEqual([...before.proofs, name].sort());
    expect(dataDirEntries(t.dataDir), label).toEqual(before.files);
    expectNoProofFiles(t.dataDir, label);
    expect(fileStamp(target), label).toBe(targetBefore);
    return { name, url: booking.bankakScreenshot as string };
  }

  describe('path traversal in the file name', () => {
    const names = [
      '../../etc/passwd.png',
      '..\\..\\x.png',
      '../../../../../../tmp/rihla-owned.png',
      '/etc/cron.d/evil.png',
      'C:\\Windows\\System32\\evil.png',
      '..%2F..%2Fescaped.png',
      'proof.png\u0000.php',
      'proof.php',
      '.htaccess',
      '',
      `${'a'.repeat(2000)}.png`,
      'x"; name="tripId"; filename="y.png',
      'سند الدفع\u202Egnp.exe',
    ];

    it.each(names)(
      'real PNG bytes named %j are stored in the database under a generated name, served as image/png',
      async (filename) => {
        const { name } = await expectStored(filename, PNG, filename);
        expect(name.endsWith('.png')).toBe(true);
        if (filename) expect(name).not.toContain(filename);
      },
    );

    it('what the client claims (name, type) is ignored: PNG bytes named .html as text/html are a .png served as image/png', async () => {
      const polyglot = Buffer.concat([PNG, text('<html><script>alert(document.cookie)</script></html>')]);
      const { name, url } = await expectStored('html name', polyglot, 'proof.html', 'text/html');
      expect(name).toMatch(/\.png$/);
      const served = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${t.token}` },
      });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // Opened as a page, it could run nothing: an API answer's policy allows nothing at all.
      expect(served.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    });

    it('the uploads call serves no file, whatever the name: not one outside the folder, not one inside it', async () => {
      // A file where an older version kept proofs, under a name of the right form: served from disk, it
      // would answer 200. Proofs come from the database only.
      const decoy = '00000000-0000-4000-8000-000000000000.png';
      fs.mkdirSync(uploadsDir);
      fs.writeFileSync(path.join(uploadsDir, decoy), PNG);
      const secret = fs.existsSync(path.join(t.dataDir, 'jwt-secret'))
        ? fs.readFileSync(path.join(t.dataDir, 'jwt-secret'), 'utf8')
        : undefined;
      try {
        for (const name of [
          '..%2Fjwt-secret',
          '..%2Frihla.db',
          '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
          '..%5C..%5Cetc%5Cpasswd',
          'x.png%00.txt',
          decoy,
          encodeURIComponent('../../../../etc/passwd'),
          'a'.repeat(500),
        ]) {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/uploads/${name}`,
            headers: { authorization: `Bearer ${t.token}` },
          });
          expect([400, 404, 414], name).toContain(response.statusCode);
          expectJsonMessage(response, name);
          expect(response.body, name).not.toMatch(/root:|SQLite format|PNG/);
          if (secret) expect(response.body, name).not.toContain(secret);
        }
      } finally {
        fs.rmSync(uploadsDir, { recursive: true });
      }
    });
  });

  describe('files that are not images by their bytes → 415, nothing stored', () => {
    it.each(NOT_IMAGES)('$label', async ({ label, data, filename, contentType }) => {
      const response = await expectRefused(label, bookingForm([proof(data, filename, contentType)]), [415]);
      expect(response.json().message).toMatch(/JPEG, PNG, WebP/);
    });
  });

  describe('decompression bombs dressed as images → refused, nothing stored', () => {
    it.each(BOMBS)('$label', async ({ label, data }) => {
      expect(data.length).toBeLessThan(2000);
      await expectRefused(label, bookingForm([proof(data)]), [413, 415]);
    });

    it('a phone-sized real PNG (2000×1500) is still accepted', async () => {
      await expectStored('2000×1500', png(2000, 1500), 'screenshot.png');
    });

    // JPEG fill bytes (0xFF padding, legal before any marker) must not hide the frame header.
    it('a JPEG bomb whose frame header follows 0xFF fill bytes is refused too', async () => {
      await expectRefused(
        'JPEG bomb with fill bytes',
        bookingForm([proof(jpeg(65_500, 65_500, 3))]),
        [413, 415],
      );
    });
  });

  describe('oversized and extra file parts', () => {
    const big = (bytes: number) => Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);

    it('a 6 MB screenshot → 413, nothing stored', async () => {
      const response = await expectRefused('6 MB', bookingForm([proof(big(6 * 1024 * 1024))]), [413]);
      expect(response.json().message).toMatch(/5 MB/);
    });

    it('one byte over 5 MB → 413; exactly 5 MB is accepted', async () => {
      await expectRefused('5 MB + 1', bookingForm([proof(big(MAX_UPLOAD_BYTES + 1))]), [413]);
      await expectStored('5 MB', big(MAX_UPLOAD_BYTES), 'five.png');
    });

    it('a 6 MB file under another field name → 413, nothing stored', async () => {
      await expectRefused(
        '6 MB avatar',
        bookingForm([proof(big(6 * 1024 * 1024), 'a.png', 'image/png', 'avatar')]),
        [413],
      );
    });

    it('a small file under another field name is not stored (the booking has no proof)', async () => {
      const before = await proofNames(t);
      const response = await post(bookingForm([proof(PNG, 'a.png', 'image/png', 'avatar')]));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().booking.bankakScreenshot).toBeNull();
      expect(await proofNames(t)).toEqual(before);
      expectNoProofFiles(t.dataDir);
    });

    it('two files → 413 with a message, nothing stored', async () => {
      const response = await expectRefused(
        'two screenshots',
        bookingForm([proof(PNG, 'a.png'), proof(PNG, 'b.png')]),
        [413],
      );
      expect(response.json().message).toBe('Please send one payment screenshot only.');
      await expectRefused(
        'screenshot + other',
        bookingForm([proof(PNG, 'a.png'), proof(PNG, 'b.png', 'image/png', 'x')]),
        [413],
      );
    });

    it('too many form fields → 413 with a message, nothing stored', async () => {
      const extra = Array.from({ length: 20 }, (_, i) => ({ name: `extra${i}`, value: 'x' }));
      const response = await expectRefused('many fields', bookingForm([...extra, proof(PNG)]), [413]);
      expect(response.json().message).toBe('The form has too many fields.');
    });
  });

  describe('a good proof with a booking that fails leaves nothing either', () => {
    it('seat taken meanwhile (409), unknown trip (404), changed price (409), bad passenger (400)', async () => {
      const taken = ++seat;
      expect((await post(bookingForm([], { seats: [taken] }))).statusCode).toBe(201);
      const response = await expectRefused(
        'seat taken',
        bookingForm([proof(PNG)], { seats: [taken] }),
        [409],
      );
      expect(response.json()).toMatchObject({ code: 'SEATS_TAKEN', takenSeats: [taken] });
      await expectRefused(
        'unknown trip',
        bookingForm([proof(PNG)], { tripId: '0123456789abcdef01234567' }),
        [404],
      );
      await expectRefused('changed price', bookingForm([proof(PNG)], { total: 1 }), [409]);
      await expectRefused('no such seat', bookingForm([proof(PNG)], { seats: [101] }), [400]);
    });
  });
});
