// The ticket renderer's shortcuts must give exactly what fontkit gives: strings of INDEPENDENT_CHARACTERS
// assembled character by character, and the same PDF bytes whether or not the caches are warm.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { INDEPENDENT_CHARACTERS, TICKET_FONT_FILES } from '../../server/tickets/fonts.ts';
import { renderTicket, type TicketData } from '../../server/tickets/ticket-pdf.ts';

const require = createRequire(import.meta.url);
const signature = (run: fontkit.GlyphRun) =>
  run.glyphs.map((glyph, i) => {
    const { xAdvance, yAdvance, xOffset, yOffset } = run.positions[i];
    return [(glyph as fontkit.Glyph).id, xAdvance, yAdvance, xOffset, yOffset];
  });

describe.each(Object.entries(TICKET_FONT_FILES))('%s weight', (_name, file) => {
  const font = fontkit.create(readFileSync(require.resolve(file)));
  const independent = fc.constantFrom(...'0123456789 :,./-');

  it('lays out ticket ids, dates and amounts as their characters side by side', () => {
    fc.assert(
      fc.property(fc.array(independent, { minLength: 2, maxLength: 20 }), (characters) => {
        const text = characters.join('');
        expect(INDEPENDENT_CHARACTERS.test(text)).toBe(true);
        const whole = signature(font.layout(text, []));
        const pieces = characters.flatMap((character) => signature(font.layout(character, [])));
        expect(pieces).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('does not treat letters as independent (they join and kern)', () => {
    expect(INDEPENDENT_CHARACTERS.test('2026-11-21 10:00')).toBe(true);
    expect(INDEPENDENT_CHARACTERS.test('7:00 pm')).toBe(false);
    expect(INDEPENDENT_CHARACTERS.test('سلام')).toBe(false);
  });
});

describe('cached rendering', () => {
  const ticket = (i: number): TicketData => ({
    ticketId: String(4_000_000_000_000 + i * 7919),
    passengerName: i % 2 ? 'Amna Osman' : 'آمنة عثمان',
    companyName: 'Nile Express',
    busNumber: 'KH-1001',
    tripDate: '2026-12-01',
    boardingTime: '9:00 am',
    originCity: 'Khartoum',
    destinationCity: 'Port Sudan',
    seats: [i + 1],
    passengerCount: 1,
    total: 12500,
    currency: 'SDG',
    bookingDate: new Date(Date.UTC(2026, 10, 21, 8, i)).toISOString(),
    paid: i % 2 === 0,
  });

  it('renders the same bytes for a ticket whether it is the first or comes after others', async () => {
    const first = await renderTicket(ticket(7));
    for (let i = 0; i < 5; i++) await renderTicket(ticket(i));
    expect((await renderTicket(ticket(7))).equals(first)).toBe(true);
    expect((await renderTicket(ticket(8))).equals(first)).toBe(false);
  });
});
