// Turns camera frames and photos into the text of their QR code: the browser's BarcodeDetector where it has
// one (Android, macOS, ChromeOS), otherwise jsQR in a worker, fetched on first use (or when a trip is
// downloaded, so the service worker keeps it for offline days) and never part of the app's first load.

export type ReadImage = (
  source: CanvasImageSource,
  width: number,
  height: number,
  options?: { photo?: boolean },
) => Promise<string | undefined>;

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

async function nativeDetector(): Promise<Detector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: any }).BarcodeDetector;
  if (!Native) return undefined;
  try {
    const formats: string[] | undefined = await Native.getSupportedFormats?.();
    return formats && !formats.includes('qr_code') ? undefined : new Native({ formats: ['qr_code'] });
  } catch {
    return undefined;
  }
}

let worker: Worker | undefined;
let ready: Promise<Worker> | undefined;
let jobs = 0;
const waiting = new Map<number, (text: string | undefined) => void>();

function startWorker(): Promise<Worker> {
  ready ??= new Promise<Worker>((resolve, reject) => {
    const made = new Worker(new URL('./qr-worker.ts', import.meta.url), { type: 'module', name: 'qr' });
    made.onmessage = (event: MessageEvent<{ id: number; text?: string }>) => {
      if (event.data.id === 0) return resolve(made);
      waiting.get(event.data.id)?.(event.data.text);
      waiting.delete(event.data.id);
    };
    made.onerror = (event) => {
      event.preventDefault();
      made.terminate();
      worker = undefined;
      ready = undefined;
      for (const done of waiting.values()) done(undefined);
      waiting.clear();
      reject(new Error('QR reader unavailable'));
    };
    made.postMessage({ id: 0 });
    worker = made;
  });
  return ready;
}

let canvas: HTMLCanvasElement | undefined;

/** The image's pixels, scaled down so that its longer side is at most `max`. */
function pixels(source: CanvasImageSource, width: number, height: number, max: number): ImageData {
  const scale = Math.min(1, max / Math.max(width, height));
  canvas ??= document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/** A reader for camera frames and photos; rejects when no reader can be loaded (offline, never fetched). */
export async function createReader(): Promise<ReadImage> {
  const native = await nativeDetector();
  if (native)
    return async (source) => {
      const [found] = await native.detect(source).catch(() => []);
      return found?.rawValue || undefined;
    };
  const qr = await startWorker();
  return (source, width, height, { photo = false } = {}) => {
    const image = pixels(source, width, height, photo ? 1400 : 720);
    const id = ++jobs;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      qr.postMessage({ id, data: image.data, width: image.width, height: image.height, invert: photo }, [
        image.data.buffer,
      ]);
    });
  };
}

/** Fetches the fallback reader now (while online), so the service worker has it for offline use. */
export function warmScanner() {
  if ((globalThis as { BarcodeDetector?: unknown }).BarcodeDetector) return;
  // The service worker keeps only what is fetched through it: on a first visit the page is not controlled yet,
  // so the reader is fetched again once it is.
  const sw = navigator.serviceWorker;
  if (sw && !sw.controller) sw.addEventListener('controllerchange', refetchReader, { once: true });
  if (!worker) startWorker().catch(() => undefined);
}

function refetchReader() {
  if (!worker || waiting.size) return;
  worker.terminate();
  worker = undefined;
  ready = undefined;
  startWorker().catch(() => undefined);
}

/** The QR text of a photo the conductor picked. */
export async function readPhoto(file: Blob): Promise<string | undefined> {
  const read = await createReader();
  const bitmap = await createImageBitmap(file);
  try {
    return await read(bitmap, bitmap.width, bitmap.height, { photo: true });
  } finally {
    bitmap.close();
  }
}
