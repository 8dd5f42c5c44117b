// Makes real PNG files for the payment-proof upload: a small flat one, or a large noisy one that a
// phone photo would resemble in size (several megabytes, over the server's 5 MB limit as it is).
import { randomBytes } from 'node:crypto';
import { encodePng, scanlines } from '../../helpers/png.ts';

/** An RGB PNG; `noise` fills it with random pixels (which PNG cannot compress). */
export function makePng(width: number, height: number, { noise = false } = {}): Buffer {
  return encodePng(width, height, scanlines(width, height, noise ? randomBytes : 0xc8), { level: 1 });
}
