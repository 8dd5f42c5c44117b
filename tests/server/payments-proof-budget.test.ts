// The bytes of payment proofs an address may send (issue 18, item 8): refused uploads counted against the
// budget, so six 4.9 MB uploads to unknown tickets locked an honest traveller behind the same carrier address
// out for an hour. Only stored proofs count, per address and in total; a refused upload is answered before its
// file is read.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { book } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { makePng } from './helpers/images.ts';
import { sendProof } from './helpers/payments.ts';
import { multipart } from './helpers/multipart.ts';
import { dialects } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const MB = 1024 * 1024;
const CARRIER = '10.20.30.40';
/** A proof of about 200 KB: a PNG with noise in it (it does not compress away). */
const honestProof = () => {
  const png = makePng(2, 2, [1, 2, 3]);
  return Buffer.concat([png, Buffer.alloc(200 * 1024 - png.length, 7)]);
};

describe.each(dialects)('payment proof bytes (%s)', (dialect) => {
  const t = useTestApp(dialect, {
    env: { PROOF_BYTES_PER_IP_PER_HOUR: String(30 * MB), PROOF_BYTES_PER_HOUR: String(60 * MB) },
  });
  const waiting = async (seat: number) => {
    const { trip } = await makeTrip(t, t.token);
    const booking = await book(t, trip, [seat]);
    return { ticketId: booking.ticketId, phone: booking.passengerInfo.phone };
  };

  it('refused uploads do not count: six 4.9 MB proofs to unknown tickets, then an honest one passes', async () => {
    const junk = Buffer.alloc(Math.floor(4.9 * MB), 1);
    for (let i = 0; i < 6; i++) {
      const response = await sendProof(t, { ticketId: `99999999999${10 + i}`, phone: '0912345678' }, junk, {
        ip: CARRIER,
      });
      expect(response.statusCode, response.body).toBe(404);
    }
    // Refused for what the image is (not an image): not stored, not counted either.
    const booking = await waiting(1);
    for (let i = 0; i < 7; i++)
      expect((await sendProof(t, booking, junk, { ip: CARRIER })).statusCode).toBe(415);
    const honest = await sendProof(t, booking, honestProof(), { ip: CARRIER });
    expect(honest.statusCode, honest.body).toBe(200);
  });

  it('stored proofs count, per address and in total', async () => {
    const { trip } = await makeTrip(t, t.token, { seats: 60 });
    const big = (seed: number) => {
      const png = makePng(2, 2, [seed, 9, 9]);
      return Buffer.concat([png, Buffer.alloc(4 * MB, seed)]);
    };
    const proofFrom = async (seat: number, ip: string) => {
      const booking = await book(t, trip, [seat]);
      return sendProof(t, { ticketId: booking.ticketId, phone: booking.passengerInfo.phone }, big(seat), {
        ip,
        reference: `BIG-${seat}`,
      });
    };
    // 30 MB an address: seven 4 MB proofs fit, the eighth does not.
    for (let seat = 1; seat <= 7; seat++) expect((await proofFrom(seat, '10.0.0.1')).statusCode).toBe(200);
    const eighth = await proofFrom(8, '10.0.0.1');
    expect(eighth.statusCode).toBe(429);
    expect(eighth.json().message).toBe(
      'Too many payment proofs were sent from this address. Please try again later.',
    );
    // 60 MB from everyone: another address gets about as much again, then nobody does.
    let seat = 9;
    let refused: number | undefined;
    for (; seat < 30 && refused === undefined; seat++) {
      const response = await proofFrom(seat, `10.0.1.${seat}`);
      if (response.statusCode === 429) refused = seat;
      else expect(response.statusCode).toBe(200);
    }
    expect(refused).toBeDefined();
    const now = await proofFrom(seat, '10.0.2.1');
    expect(now.statusCode).toBe(429);
    expect(now.json().code).toBe('RATE_LIMITED');
    expect(now.json().message).toBe(
      'Too many payment proofs are arriving right now. Please try again in a while.',
    );
    const stored = await t.database.db
      .selectFrom('payment_proofs')
      .select((eb) => eb.fn.sum<number>('size').as('bytes'))
      .executeTakeFirst();
    expect(Number(stored?.bytes)).toBeLessThanOrEqual(60 * MB);
  });

  it('over a socket: a proof for an unknown ticket is answered before its 5 MB file is sent', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { payload, headers } = multipart(
      { ticketId: '9999999999901', phone: '0912345678', paymentReference: 'X-1', paymentMethod: 'bankak' },
      { filename: 'shot.png', contentType: 'image/png', data: Buffer.alloc(5 * MB - 4096, 2) },
    );
    const fileStarts = payload.indexOf('\r\n\r\n', payload.indexOf('filename=')) + 4;
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/bookings/submitProof HTTP/1.1\r\nHost: x\r\nContent-Type: ${headers['content-type']}\r\n` +
        `Content-Length: ${payload.length}\r\n\r\n`,
    );
    // The fields and the file's first 64 KB; the rest never comes.
    socket.write(payload.subarray(0, fileStarts + 64 * 1024));
    const guard = setTimeout(() => socket.destroy(new Error('no answer')), 10_000);
    await closed;
    clearTimeout(guard);
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('No booking matches this ticket ID and phone number.');
  });
});
