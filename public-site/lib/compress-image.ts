// Payment screenshots and photos of receipts are often several megabytes: on costly mobile data we send
// a JPEG re-encoded in the browser instead, large enough to stay legible (longest side up to 2400 px,
// a phone screenshot's own size) and always under the server's 5 MB limit.
import { MAX_UPLOAD_BYTES } from '../../shared/rules.ts';

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const SERVER_READS_AS_IS = ['image/heic', 'image/heif'];
/** Below this an accepted image is sent as it is. */
export const COMPRESS_ABOVE_BYTES = 1024 * 1024;
const MAX_SIDE = 2400;
const QUALITIES = [0.85, 0.75, 0.6, 0.45];
/** Aim for a file that a weak connection sends in reasonable time. */
const TARGET_BYTES = 1.5 * 1024 * 1024;

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

async function toJpeg(file: File): Promise<Blob> {
  const image = await decode(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new ProofError('unreadable');
  context.fillStyle = '#fff'; // transparent PNG areas become white, not black
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  let blob = await encode(canvas, QUALITIES[0]);
  for (const quality of QUALITIES.slice(1)) {
    if (blob.size <= TARGET_BYTES) break;
    blob = await encode(canvas, quality);
  }
  return blob;
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
