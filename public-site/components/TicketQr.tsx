// A ticket's signed code as the QR symbol the conductor scans: the same symbol the PDF prints (shared
// TICKET_QR), drawn as one SVG path of dark runs on white, with its quiet zone. Loaded with My tickets only.
import { create } from 'qrcode/lib/core/qrcode.js';
import { TICKET_QR } from '../../shared/ticket-code.ts';

interface Props {
  code: string;
  label: string;
}

function qrPath(code: string): { size: number; path: string } {
  const { modules } = create([{ data: code, mode: 'byte' }], {
    errorCorrectionLevel: TICKET_QR.errorCorrectionLevel,
    maskPattern: TICKET_QR.maskPattern,
  });
  const count = modules.size;
  const quiet = TICKET_QR.quietZone;
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < count && modules.get(row, col)) col++;
      path += `M${start + quiet} ${row + quiet}h${col - start}v1h${start - col}z`;
    }
  }
  return { size: count + 2 * quiet, path };
}

export function TicketQr({ code, label }: Props) {
  const { size, path } = qrPath(code);
  return (
    <svg
      class="ticket-qr"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shape-rendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
