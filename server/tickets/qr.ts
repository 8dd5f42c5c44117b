// The ticket id as a QR code, drawn as vector rectangles: a few hundred bytes, sharp at any zoom.
import QRCode from 'qrcode';

/**
 * Draws the code's modules in the square at (x, y), `size` points wide. Scanners need a light quiet zone of 4
 * modules (size / 21 each for a 13-digit id) around it: the caller leaves that space blank.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, value: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const unit = size / count;
  // One rectangle per horizontal stretch of dark modules, all in one path and one fill (no seams between them).
  for (let row = 0; row < count; row++) {
    let col = 0;
    while (col < count) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      doc.rect(x + start * unit, y + row * unit, (col - start) * unit, unit);
    }
  }
  doc.fill('#000000');
}
