// Payment screenshots and photos of receipts are often several megabytes, and a traveller's upload may run
// at 150 kbit/s (a megabyte takes almost a minute, and the server stops waiting after REQUEST_TIMEOUT_MS):
// the browser re-encodes them as a JPEG of at most ~240 KB that staff can still read. The longest side goes
// to 1600 px (a receipt photo's print, a screenshot's text stay legible), the quality steps down, and only
// if that is not enough the image shrinks further, never below 1000 px.
import { MAX_UPLOAD_BYTES } from '../../shared/rules.ts';

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const SERVER_READS_AS_IS = ['image/heic', 'image/heif'];
/** What a proof should weigh at most: about 13 s of upload at 150 kbit/s. */
export const TARGET_BYTES = 240 * 1024;
/** Below this an accepted image is sent as it is. */
export const COMPRESS_ABOVE_BYTES = TARGET_BYTES;
const SIDES = [1600, 1280, 1000];
const QUALITIES = [0.8, 0.7, 0.6, 0.5];

export type ProofProblem = 'notImage' | 'tooLarge' | 'unreadable';

export class ProofError extends Error {
  constructor(readonly problem: ProofProblem) {
    super(problem);
  }
}

export interface PreparedProof {
  blob: Blob;
  name: string;
  originalSize: number;
}

function decode(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new ProofError('unreadable'));
    };
    image.src = url;
  });
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new ProofError('unreadable'))),
      'image/jpeg',
      quality,
    ),
  );
}

function draw(image: HTMLImageElement, maxSide: number): HTMLCanvasElement {
  const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new ProofError('unreadable');
  context.fillStyle = '#fff'; // transparent PNG areas become white, not black
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The first encoding at or under TARGET_BYTES (largest side first, best quality first), else the smallest. */
async function toJpeg(file: File): Promise<Blob> {
  const image = await decode(file);
  let smallest: Blob | null = null;
  for (const side of SIDES) {
    const canvas = draw(image, side);
    for (const quality of QUALITIES) {
      const blob = await encode(canvas, quality);
      if (blob.size <= TARGET_BYTES) return blob;
      if (!smallest || blob.size < smallest.size) smallest = blob;
    }
    // Already smaller than the next size: shrinking further would not help.
    if (Math.max(canvas.width, canvas.height) < side) break;
  }
  return smallest!;
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'payment'}.jpg`;

export async function prepareProof(file: File): Promise<PreparedProof> {
  const accepted = ACCEPTED_TYPES.includes(file.type);
  if (accepted && file.size <= COMPRESS_ABOVE_BYTES)
    return { blob: file, name: file.name, originalSize: file.size };
  if (!accepted && !file.type.startsWith('image/')) throw new ProofError('notImage');
  // Large images, and other image types the browser can read (HEIC on iPhones), become a JPEG.
  const jpeg = await toJpeg(file).catch((error: unknown) => {
    // The server also reads HEIC, which most browsers other than Safari cannot decode: send it as it is.
    if (SERVER_READS_AS_IS.includes(file.type) && file.size <= MAX_UPLOAD_BYTES) return null;
    throw accepted ? error : new ProofError('notImage');
  });
  if (!jpeg) return { blob: file, name: file.name, originalSize: file.size };
  const best = accepted && file.size < jpeg.size ? file : jpeg;
  if (best.size > MAX_UPLOAD_BYTES) throw new ProofError('tooLarge');
  return { blob: best, name: best === file ? file.name : jpegName(file.name), originalSize: file.size };
}
