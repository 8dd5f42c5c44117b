// Reads QR codes off the main thread with jsQR, for browsers without BarcodeDetector (Chromium on Linux and
// Windows, Firefox, older phones). Loaded on demand by lib/scanner.ts, never with the app's first load.
import jsQR from 'jsqr';

interface Job {
  id: number;
  data?: Uint8ClampedArray;
  width?: number;
  height?: number;
  /** Photos may be negatives or screenshots of dark themes; camera frames are read as they are. */
  invert?: boolean;
}

self.onmessage = (event: MessageEvent<Job>) => {
  const { id, data, width, height, invert } = event.data;
  if (!data || !width || !height) return self.postMessage({ id });
  const code = jsQR(data, width, height, { inversionAttempts: invert ? 'attemptBoth' : 'dontInvert' });
  self.postMessage({ id, text: code?.data || undefined });
};
