// The ticket's signed code (shared/ticket-code.ts) as a QR code, drawn as vector rectangles: sharp at any zoom.
import QRCode from 'qrcode';
import { TICKET_QR } from '../../shared/ticket-code.ts';

/**
 * Draws the code's modules in the square at (x, y), `size` points wide. Scanners need a light quiet zone of 4
 * modules around it (size / 49 each for a signed code, a version-8 symbol): the caller leaves that space blank.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, value: string, x: number, y: number, size: number): void {
  // Byte mode and a fixed mask: the signed code is ~135 characters, and letting qrcode search for the best
  // segmentation and mask cost 2.4 ms a ticket (0.15 ms so); every mask is valid and scanners read them all.
  const { modules } = QRCode.create([{ data: Buffer.from(value, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: TICKET_QR.errorCorrectionLevel,
    maskPattern: TICKET_QR.maskPattern,
  });
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
