// The operator's ticket-signing key (Ed25519, Node's crypto): generated once and kept in the database, so
// every API node signs with it and a backup carries it. Tickets carry a signed code (shared/ticket-code.ts);
// conductors' phones get the public key with a trip's manifest and check codes offline.
import type { Db } from '../db/schema.ts';
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import {
  readTicketCode,
  type TicketClaim,
  ticketCode,
  ticketMessage,
  toBase64Url,
} from '../../shared/ticket-code.ts';

const SECRET_NAME = 'ticket_ed25519';

export interface TicketSigner {
  /** The public key, raw 32 bytes as base64url (what the conductor app verifies with). */
  publicKey: string;
  code(claim: TicketClaim): string;
  /** The claim of a code whose signature is ours; undefined for anything else. */
  verify(code: string): TicketClaim | undefined;
}

export function ticketSigner(privateKey: KeyObject): TicketSigner {
  const publicKey = createPublicKey(privateKey);
  // An Ed25519 SPKI key is a fixed 12-byte header and the raw 32-byte key.
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    publicKey: toBase64Url(raw),
    code: (claim) =>
      ticketCode(claim, toBase64Url(sign(null, Buffer.from(ticketMessage(claim)), privateKey))),
    verify: (code) => {
      const read = readTicketCode(code);
      if (!read) return undefined;
      const signature = Buffer.from(read.signature, 'base64url');
      return signature.length === 64 && verify(null, Buffer.from(read.message), publicKey, signature)
        ? read.claim
        : undefined;
    },
  };
}

/** The key from the database, made on first use (several nodes starting at once keep the first one written). */
export async function loadTicketSigner(db: Db): Promise<TicketSigner> {
  const made = generateKeyPairSync('ed25519')
    .privateKey.export({ format: 'der', type: 'pkcs8' })
    .toString('base64');
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: made })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return ticketSigner(
    createPrivateKey({ key: Buffer.from(row.value, 'base64'), format: 'der', type: 'pkcs8' }),
  );
}
