// Makes real PNG files for the payment-proof upload: a small flat one, or a large noisy one that a
// phone photo would resemble in size (several megabytes, over the server's 5 MB limit as it is).
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG; `noise` fills it with random pixels (which PNG cannot compress). */
export function makePng(width: number, height: number, { noise = false } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rowLength = 1 + width * 3;
  const raw = noise ? randomBytes(rowLength * height) : Buffer.alloc(rowLength * height, 0xc8);
  for (let y = 0; y < height; y++) raw[y * rowLength] = 0; // filter type "none" on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
