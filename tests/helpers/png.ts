// The one PNG encoder for the tests (server and e2e). It writes every chunk and CRC itself, so the IHDR says
// exactly what a test asks, even a size that the pixel data does not back (a decompression bomb's disguise).
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG whose IHDR declares width × height, around raw scanlines (each: filter byte, then RGB). */
export function encodePng(
  width: number,
  height: number,
  raw: Buffer,
  deflate: zlib.ZlibOptions = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, deflate)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `rows` scanlines of `width` pixels: filter byte 0 ("none") and then pixel bytes, all `fill` or from `fill(n)`. */
export function scanlines(width: number, rows: number, fill: number | ((bytes: number) => Buffer)): Buffer {
  const rowLength = 1 + width * 3;
  const raw = typeof fill === 'number' ? Buffer.alloc(rowLength * rows, fill) : fill(rowLength * rows);
  for (let row = 0; row < rows; row++) raw[row * rowLength] = 0;
  return raw;
}
