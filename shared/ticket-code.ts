// The code in a ticket's QR: the ticket id, its trip and seats, signed with the operator's Ed25519 key. A
// conductor's phone checks the signature offline with the public key, so a copied ticket is caught by its
// second scan and an edited or made-up one by its signature. Pure functions: signing and verifying are done
// by whoever holds the key (the server with Node's crypto, the conductor app with @noble/ed25519).
//
//   R1.<13-digit ticket id>.<trip _id>.<seats joined by ->.<signature, base64url>

/**
 * How a code is drawn as a QR symbol, on the PDF and on the traveller's phone alike (the same symbol): byte
 * mode, error correction M, a fixed mask (every mask is valid; searching for the best one cost time per
 * ticket), and the quiet zone of light modules scanners need around it.
 */
export const TICKET_QR = { errorCorrectionLevel: 'M', maskPattern: 2, quietZone: 4 } as const;

export interface TicketClaim {
  ticketId: string;
  tripId: string;
  seats: number[];
}

const PATTERN = /^R1\.(\d{13})\.([A-Za-z0-9]{1,32})\.(\d{1,3}(?:-\d{1,3}){0,2})\.([A-Za-z0-9_-]{86})$/;

/** The signed part of a code: what the signature covers. */
export function ticketMessage(claim: TicketClaim): string {
  return `R1.${claim.ticketId}.${claim.tripId}.${[...claim.seats].sort((a, b) => a - b).join('-')}`;
}

export function ticketCode(claim: TicketClaim, signature: string): string {
  return `${ticketMessage(claim)}.${signature}`;
}

/** A code's claim, the message its signature covers and the signature; undefined when it is not one. */
export function readTicketCode(
  code: string,
): { claim: TicketClaim; message: string; signature: string } | undefined {
  const match = PATTERN.exec(code.trim());
  if (!match) return undefined;
  const claim = { ticketId: match[1], tripId: match[2], seats: match[3].split('-').map(Number) };
  const signature = match[4];
  // 86 characters carry 516 bits for 512: the last one's spare bits must be zero, or two spellings of one
  // signature would both pass and a changed code would not be caught.
  if (toBase64Url(fromBase64Url(signature)) !== signature) return undefined;
  // The seats must be written as the signature covers them (sorted), not just the same set.
  if (match[3] !== [...claim.seats].sort((a, b) => a - b).join('-')) return undefined;
  return { claim, message: ticketMessage(claim), signature };
}

/** base64url of bytes and back, without Node's Buffer (the conductor app runs in a browser). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
