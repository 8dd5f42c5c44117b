// Tiny real images for payment-proof tests. The PNG is built by tests/helpers/png.ts (chunks, CRC and zlib
// data written by hand, so it decodes in any viewer); the JPEG (4×3) and WebP (1×1) were drawn by Chromium's canvas and
// checked to decode there.
import { encodePng } from '../../helpers/png.ts';

const GREEN: [number, number, number] = [11, 110, 79];

/** A valid RGB PNG of the given size, filled with one colour. */
export function makePng(width = 2, height = 2, rgb = GREEN): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return encodePng(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

export const PNG = makePng();

export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8t' +
    'MC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAAR' +
    'CAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAA' +
    'AQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdgFEv/9k=',
  'base64',
);

export const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

/** A PNG whose header claims width × height pixels but whose data is one tiny row (a decompression bomb's disguise). */
export function pngClaiming(width: number, height: number): Buffer {
  return encodePng(width, height, Buffer.from([0, ...GREEN]));
}

export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
