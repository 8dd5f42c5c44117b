// Ed25519 signatures of ticket codes, checked on the phone with the public key of the downloaded trip
// (@noble/ed25519: the same verdict on every browser, WebCrypto's Ed25519 being too recent for many phones).
import { verifyAsync } from '@noble/ed25519';
import { fromBase64Url } from '../../../shared/ticket-code.ts';

const keys = new Map<string, Uint8Array>();
const encoder = new TextEncoder();

export type VerifySignature = (message: string, signature: string, publicKey: string) => Promise<boolean>;

/** Whether `signature` (base64url) is the key's over `message`; false for anything malformed. */
export const verifySignature: VerifySignature = async (message, signature, publicKey) => {
  try {
    let key = keys.get(publicKey);
    if (!key) keys.set(publicKey, (key = fromBase64Url(publicKey)));
    // Strict RFC 8032 rules, as the server's OpenSSL applies them.
    return await verifyAsync(fromBase64Url(signature), encoder.encode(message), key, { zip215: false });
  } catch {
    return false;
  }
};
