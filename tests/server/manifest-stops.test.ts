// The checkpoints' manifest of a trip with stops (issue 23), as pure functions: each seat's stops in a column
// of its own, and stop by stop who boards and who gets off; a trip without stops keeps today's columns.
import { describe, expect, it } from 'vitest';
import {
  manifestCsv,
  manifestLines,
  manifestPdf,
  type ManifestTrip,
  stopLines,
} from '../../server/resources/boarding/manifest.ts';
import type { TripTraveller } from '../../server/resources/boarding/boarding.repository.ts';

const booking = (seat: number, boardingStop: number, alightingStop: number, name: string): TripTraveller => ({
  bookingId: `b${seat}-${boardingStop}`,
  ticketId: `12345678901${seat}${boardingStop}`,
  seats: [seat],
  phone: '+249912345678',
  bookerName: name,
  paymentStatus: 'verified',
  verifiedVia: 'counter',
  isCancelled: false,
  noShow: false,
  boardingStop,
  alightingStop,
  travellers: [],
  boardings: [],
});

const stops = [
  { en: 'Khartoum', ar: 'الخرطوم' },
  { en: 'Wad Madani', ar: 'ود مدني' },
  { en: 'Gedaref', ar: 'القضارف' },
  { en: 'Kassala', ar: 'كسلا' },
  { en: 'Port Sudan', ar: 'بورتسودان' },
];
const trip: ManifestTrip = {
  route: { en: 'Khartoum to Port Sudan', ar: 'من الخرطوم إلى بورتسودان' },
  stops,
  date: '2026-12-01',
  time: '9:00 am',
  bus: 'KH-1201',
  company: 'Nile Express',
};
const bookings = [
  booking(7, 1, 3, 'Amna Osman'),
  booking(7, 3, 4, 'Yousif Hamid'),
  booking(3, 2, 4, 'Halima Adam'),
];

describe('the manifest of a trip with stops', () => {
  it('names each seat’s stops in both languages', () => {
    const lines = manifestLines(bookings, true, stops);
    expect(lines.map((line) => [line.seat, line.stops])).toEqual([
      [3, 'Gedaref – Port Sudan / القضارف – بورتسودان'],
      [7, 'Wad Madani – Kassala / ود مدني – كسلا'],
      [7, 'Kassala – Port Sudan / كسلا – بورتسودان'],
    ]);
    const csv = manifestCsv(lines, trip).toString('utf8');
    expect(csv).toContain('Stops / المحطات');
    expect(csv).toContain('Wad Madani – Kassala');
  });

  it('lists who boards and who gets off at each stop', () => {
    const byStop = stopLines(trip, manifestLines(bookings, true, stops));
    expect(byStop).toHaveLength(5);
    expect(byStop[2]).toEqual({
      en: 'Gedaref: boarding 3; getting off –',
      ar: 'القضارف: يركبون 3؛ ينزلون –',
    });
    expect(byStop[3]!.en).toBe('Kassala: boarding 7; getting off 7');
    expect(byStop[4]!.en).toBe('Port Sudan: boarding –; getting off 3, 7');
  });

  it('keeps a trip without stops as it was, and draws the PDF of one with stops', async () => {
    const plain = { ...trip, stops: undefined };
    const lines = manifestLines([booking(5, 0, 1, 'Omer Ali')], true);
    expect(lines[0]!.stops).toBeUndefined();
    expect(manifestCsv(lines, plain).toString('utf8')).not.toContain('Stops');
    expect(stopLines(plain, lines)).toEqual([]);
    const pdf = await manifestPdf(trip, manifestLines(bookings, true, stops));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
