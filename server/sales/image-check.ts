// Recognises a payment proof by its bytes (never its name or declared type) and refuses images whose
// declared size would blow up when decoded (decompression bombs dressed as small files).
import { fileTypeFromBuffer } from 'file-type';

export const ACCEPTED_IMAGES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
} as const;
export type AcceptedMime = keyof typeof ACCEPTED_IMAGES;

/** A phone screenshot is a few megapixels; 50 is far beyond any real one. */
const MAX_PIXELS = 50_000_000;

export async function recogniseImage(
  bytes: Buffer,
): Promise<{ mime: AcceptedMime; ext: string } | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.mime in ACCEPTED_IMAGES)) return undefined;
  const mime = type.mime as AcceptedMime;
  return { mime, ext: ACCEPTED_IMAGES[mime] };
}

/** Width × height read from the image header, where the format makes that cheap; undefined otherwise. */
export function declaredPixels(bytes: Buffer, mime: AcceptedMime): number | undefined {
  if (mime === 'image/png' && bytes.length >= 24) return bytes.readUInt32BE(16) * bytes.readUInt32BE(20);
  if (mime === 'image/jpeg') return jpegPixels(bytes);
  if (mime === 'image/webp') return webpPixels(bytes);
  return heicPixels(bytes);
}

/** HEIC keeps each image's size in an 'ispe' box: version/flags, then width and height. */
function heicPixels(bytes: Buffer): number | undefined {
  let largest: number | undefined;
  for (
    let at = bytes.indexOf('ispe');
    at >= 0 && at + 16 <= bytes.length;
    at = bytes.indexOf('ispe', at + 4)
  ) {
    const pixels = bytes.readUInt32BE(at + 8) * bytes.readUInt32BE(at + 12);
    largest = Math.max(largest ?? 0, pixels);
  }
  return largest;
}

function jpegPixels(bytes: Buffer): number | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    // Any number of 0xFF fill bytes may stand before a marker.
    while (bytes[offset + 1] === 0xff && offset + 10 < bytes.length) offset++;
    const marker = bytes[offset + 1];
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return bytes.readUInt16BE(offset + 5) * bytes.readUInt16BE(offset + 7);
    }
    offset += 2 + length;
  }
  return undefined;
}

function webpPixels(bytes: Buffer): number | undefined {
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30)
    return (bytes.readUIntLE(24, 3) + 1) * (bytes.readUIntLE(27, 3) + 1);
  if (chunk === 'VP8 ' && bytes.length >= 30)
    return (bytes.readUInt16LE(26) & 0x3fff) * (bytes.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return ((bits & 0x3fff) + 1) * (((bits >> 14) & 0x3fff) + 1);
  }
  return undefined;
}

/** Too many pixels, or a size that cannot be read (which a real camera or screenshot file always has). */
export function isTooLarge(bytes: Buffer, mime: AcceptedMime): boolean {
  const pixels = declaredPixels(bytes, mime);
  return pixels === undefined || pixels > MAX_PIXELS;
}
