// The ticket PDF, read back with poppler (pdftotext, pdfinfo, pdftoppm) and zbar (zbarimg) like a person or
// a scanner at the bus door would read it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { bidiLine } from '../../server/tickets/bidi-text.ts';
import { TICKET_LABELS, TICKET_TITLE } from '../../server/tickets/labels.ts';
import { renderTicket, type TicketData } from '../../server/tickets/ticket-pdf.ts';

const run = promisify(execFile);

async function commandExists(command: string): Promise<boolean> {
  return run('which', [command]).then(
    () => true,
    () => false,
  );
}

const hasZbar = await commandExists('zbarimg');
if (!hasZbar) console.warn('zbarimg not found (Debian package zbar-tools): the QR code is not decoded.');

const dir = await mkdtemp(join(tmpdir(), 'rihla-ticket-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

let files = 0;
async function saved(pdf: Buffer): Promise<string> {
  const file = join(dir, `ticket-${++files}.pdf`);
  await writeFile(file, pdf);
  return file;
}

// pdftotext -layout writes right-to-left stretches in logical order between U+202B and U+202C marks.
async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  return stdout.replace(/[\u202a-\u202e]/g, '');
}

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
}

async function pdfWords(file: string): Promise<Word[]> {
  const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']);
  const pattern = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  return Array.from(stdout.matchAll(pattern), ([, xMin, yMin, xMax, yMax, text]) => ({
    text,
    xMin: Number(xMin),
    yMin: Number(yMin),
    xMax: Number(xMax),
    yMax: Number(yMax),
  }));
}

/** The words on the same line as `word`. */
function lineOf(words: Word[], word: string): Word[] {
  const anchor = words.find((w) => w.text === word);
  if (!anchor) throw new Error(`"${word}" is not on the page`);
  return words.filter((w) => Math.abs(w.yMin - anchor.yMin) < 0.5);
}

async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', [file]);
  return Object.fromEntries(
    stdout.split('\n').map((line) => [line.split(':')[0], line.slice(line.indexOf(':') + 1).trim()]),
  );
}

const ticket: TicketData = {
  ticketId: '4829104736251',
  passengerName: 'فاطمة عثمان الطيب',
  companyName: 'Nile Express',
  busNumber: 'KH-1042',
  tripDate: '2026-11-25',
  boardingTime: '7:00 pm',
  originCity: 'Khartoum',
  destinationCity: 'Port Sudan',
  seats: [14, 3],
  passengerCount: 2,
  total: 90000,
  currency: 'SDG',
  bookingDate: '2026-11-21T12:05:00.000Z',
  paid: true,
};

describe('renderTicket', async () => {
  const pdf = await renderTicket(ticket);
  const file = await saved(pdf);
  const text = await pdfText(file);

  it('is a one-page PDF under 100 KB titled with the ticket id', async () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(100 * 1024);
    const info = await pdfInfo(file);
    expect(info.Pages).toBe('1');
    expect(info.Title).toBe('Rihla ticket 4829104736251');
    expect(info.JavaScript).toBe('no');
  });

  it('prints the ticket id, passenger, trip, seats and total', () => {
    for (const value of [
      '4829104736251',
      'Nile Express',
      'KH-1042',
      'Khartoum',
      'Port Sudan',
      '2026-11-25',
      '7:00 pm',
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('90,000 SDG');
    // The Arabic side writes the amount in ج.س and the time as a ticket does (ARABIC-TERMS.md): «7:00 م».
    // pdftotext gives mixed Arabic and digits in visual order, with embedding marks.
    const visual = text.replace(/[\u202a-\u202e]/g, '');
    expect(visual).toMatch(/90,000 SDG +س\. ?ج ?90,000\n/);
    expect(visual).toMatch(/7:00 pm +م ?7:00\n/);
    expect(text).toContain('2026-11-21 14:05'); // booked at 12:05 UTC: 14:05 in Khartoum
    expect(text).toMatch(/3, 14 +2\n/); // seats, then the number of passengers, on the values' line
  });

  it('prints every label in English and in Arabic, the Arabic words in reading order', () => {
    expect(text).toContain(TICKET_TITLE.en);
    expect(text).toContain(TICKET_TITLE.ar);
    for (const label of Object.values(TICKET_LABELS)) {
      expect(text).toContain(label.en);
      expect(text).toContain(label.ar);
    }
    // Words drawn left to right would come back reversed ("الطيب عثمان فاطمة").
    expect(text).toContain('فاطمة عثمان الطيب');
    expect(text).toContain('Cancellation fees may apply; refunds go to the original payment method.');
    expect(text).toContain('المبالغ إلى وسيلة الدفع الأصلية');
  });

  it('gives the same bytes for the same booking', async () => {
    expect((await renderTicket(ticket)).equals(pdf)).toBe(true);
  });

  it.skipIf(!hasZbar)('carries a QR code that scans to the ticket id (needs zbarimg)', async () => {
    const image = join(dir, 'qr');
    await run('pdftoppm', ['-png', '-r', '100', '-singlefile', file, image]);
    const { stdout } = await run('zbarimg', ['--quiet', '--raw', `${image}.png`]);
    expect(stdout.trim()).toBe('4829104736251');
  });
});

describe('typed text on the ticket', () => {
  it('draws markup, bidi overrides and invisible characters as inert plain text', async () => {
    const name = '<b>Sara</b>\u202e <script>alert(1)</script>\u200f\u200b\u0007 Ali';
    const pdf = await renderTicket({ ...ticket, passengerName: name });
    const file = await saved(pdf);
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    expect(stdout).toContain('<b>Sara</b> <script>alert(1)</script> Ali');
    for (const invisible of ['\u202e', '\u200f', '\u200b', '\u0007']) expect(stdout).not.toContain(invisible);
    expect((await pdfInfo(file)).JavaScript).toBe('no');
  });

  it('shrinks a long mixed Arabic and Latin name to fit beside the QR code', async () => {
    const name = 'علي (أبو محمد) Mohamed Abdelrahman Elsheikh Babiker Osman';
    const file = await saved(await renderTicket({ ...ticket, passengerName: name }));
    const line = lineOf(await pdfWords(file), 'Babiker');
    const shortName = lineOf(
      await pdfWords(await saved(await renderTicket({ ...ticket, passengerName: 'Sara Ali' }))),
      'Sara',
    );
    // The text column runs from the 30 pt margin to 277.5 pt, where the QR code's quiet zone begins.
    expect(Math.min(...line.map((w) => w.xMin))).toBeGreaterThanOrEqual(29.9);
    expect(Math.max(...line.map((w) => w.xMax))).toBeLessThanOrEqual(277.6);
    expect(line[0].yMax - line[0].yMin).toBeLessThan(shortName[0].yMax - shortName[0].yMin);
    const text = await pdfText(file);
    expect(text).toContain('Mohamed Abdelrahman Elsheikh Babiker Osman');
    // (pdftotext reads the brackets back as drawn, mirrored; the picture in docs/ shows them right)
    expect(text).toContain('علي');
    expect(text).toContain('أبو محمد');
  });
});

describe('bidiLine', () => {
  // Runs come left to right; fontkit reverses runs whose script is right-to-left, so those stay in logical order.
  it('puts numbers after Arabic words to their left', () => {
    expect(bidiLine('رقم 123')).toEqual({ direction: 'rtl', runs: ['123', 'رقم '] });
  });

  it('keeps Arabic words inside an English line', () => {
    expect(bidiLine('From من Khartoum')).toEqual({ direction: 'ltr', runs: ['From ', 'من', ' Khartoum'] });
  });

  it('mirrors brackets in right-to-left text', () => {
    expect(bidiLine('علي (أبو محمد)').runs).toEqual(['علي )أبو محمد(']);
  });

  it('hands Arabic-Indic digits over reversed, since fontkit reverses them again', () => {
    expect(bidiLine('خ ١٠٤٢')).toEqual({ direction: 'rtl', runs: ['٢٤٠١', 'خ '] });
  });
});
