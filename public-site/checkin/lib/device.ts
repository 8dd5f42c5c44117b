// A phone's name in scans, e.g. "phone-K7QX": short enough to read out at the door when two phones disagree.
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newDeviceName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return `phone-${Array.from(bytes, (byte) => LETTERS[byte % LETTERS.length]).join('')}`;
}
