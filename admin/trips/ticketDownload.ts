// The ticket of a counter sale as a file: the answer's base64 PDF saved as ticket-<ticketId>.pdf.

export function base64ToBlob(base64: string, type = 'application/pdf'): Blob {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

export const ticketFileName = (ticketId: string) => `ticket-${ticketId}.pdf`;

/** Hands the browser a file to save. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** An idempotency key for one sale attempt (crypto.randomUUID needs a secure context; this does not). */
export function newSaleKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
