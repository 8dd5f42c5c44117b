// The signed code in a ticket's QR: fixed vectors from a fixed key (Ed25519 is deterministic), the conductor
// app's verifier (@noble/ed25519) agreeing with the server's (Node's crypto), and a property: every
// single-character change of a code is refused.
import { createPrivateKey } from 'node:crypto';
import * as ed from '@noble/ed25519';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, readTicketCode, toBase64Url } from '../../shared/ticket-code.ts';
import { ticketSigner } from '../../server/tickets/signing.ts';

// A fixed test key: the PKCS#8 wrapping of the 32-byte seed 0x01 0x02 … 0x20.
const SEED = Buffer.from(Array.from({ length: 32 }, (_, i) => i + 1));
const key = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), SEED]),
  format: 'der',
  type: 'pkcs8',
});
const signer = ticketSigner(key);
const claim = { ticketId: '4829104736251', tripId: '6b0360bc1c22c679935a4b03', seats: [4, 3] };

describe('ticket codes', () => {
  it('matches its test vectors, and an independent Ed25519 (@noble/ed25519) signs the same bytes', async () => {
    expect(signer.publicKey).toBe('ebVWLo_mVPlAeLES6KmLp5AfhTrmlb7X4OORC60ElmQ');
    const code = signer.code(claim);
    expect(code).toBe(
      'R1.4829104736251.6b0360bc1c22c679935a4b03.3-4.' +
        'HV9ErZHyFdgbFuJdc49ush_l6dTBCsbax251G2CoXVaV6edbDQj_TvzNkAIhUhIP_XQkS97K4YLLmt3lnqEFAA',
    );
    expect(toBase64Url(await ed.getPublicKeyAsync(SEED))).toBe(signer.publicKey);
    const message = new TextEncoder().encode('R1.4829104736251.6b0360bc1c22c679935a4b03.3-4');
    expect(code.endsWith(toBase64Url(await ed.signAsync(message, SEED)))).toBe(true);
    expect(signer.verify(code)).toEqual({ ...claim, seats: [3, 4] });
  });

  it('verifies in the conductor app as on the server', async () => {
    const code = signer.code(claim);
    const read = readTicketCode(code)!;
    const ok = await ed.verifyAsync(
      fromBase64Url(read.signature),
      new TextEncoder().encode(read.message),
      fromBase64Url(signer.publicKey),
    );
    expect(ok).toBe(true);
    const other = ticketSigner(
      createPrivateKey({
        key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]),
        format: 'der',
        type: 'pkcs8',
      }),
    );
    expect(
      await ed.verifyAsync(
        fromBase64Url(read.signature),
        new TextEncoder().encode(read.message),
        fromBase64Url(other.publicKey),
      ),
    ).toBe(false);
  });

  it('refuses every single-character change of a code', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.R';
    fc.assert(
      fc.property(
        fc.record({
          ticketId: fc.stringMatching(/^[1-9]\d{12}$/),
          tripId: fc.stringMatching(/^[0-9a-f]{24}$/),
          seats: fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
        }),
        fc.nat(),
        fc.nat(),
        (random, at, pick) => {
          const code = signer.code(random);
          expect(signer.verify(code)).toBeDefined();
          const i = at % code.length;
          const replacement = alphabet[pick % alphabet.length];
          fc.pre(replacement !== code[i]);
          const changed = code.slice(0, i) + replacement + code.slice(i + 1);
          expect(signer.verify(changed), changed).toBeUndefined();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads nothing from what is not a code', () => {
    for (const text of ['', '4829104736251', 'R1.123.abc.1.x', `${signer.code(claim)}x`])
      expect(signer.verify(text)).toBeUndefined();
  });
});
