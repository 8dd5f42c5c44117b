// Amiri (Arabic and Latin in one TTF, shipped through npm) parsed once per process, and the work fontkit would
// otherwise repeat for every ticket kept across tickets: reading the 400 KB file costs ~75 ms; Amiri's OpenType
// rules make shaping ~0.5 ms per string, Latin included, and most strings on a ticket (labels, cities) repeat;
// decoding each glyph's outline again for every PDF's font subset was a quarter of the rendering time; the
// regular weight only sets the labels, so its encoded subset is the same on every ticket.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { LruMap } from '../lru-map.ts';

const require = createRequire(import.meta.url);

export const TICKET_FONT_FILES = {
  regular: '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf',
  bold: '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf',
} as const;

export type TicketFont = keyof typeof TICKET_FONT_FILES;

/** Shaped strings kept per font, least recently used dropped first. */
const MAX_CACHED_RUNS = 2000;

/** pdfkit scales a run's positions in place, so every caller gets its own copy of them. */
class CopiedRun implements fontkit.GlyphRun {
  constructor(
    readonly glyphs: readonly object[],
    readonly positions: fontkit.GlyphPosition[],
  ) {}

  get advanceWidth(): number {
    return this.positions.reduce((sum, position) => sum + position.xAdvance, 0);
  }
}

/**
 * Characters that Amiri never joins, substitutes or kerns against each other: a string made only of them lays
 * out as its characters side by side (tests/server/ticket-fonts.test.ts checks this against fontkit). Ticket
 * ids and booking times, new on every ticket, are then assembled from cached characters instead of running
 * every OpenType rule again (~0.3 ms each).
 */
export const INDEPENDENT_CHARACTERS = /^[0-9 :,./-]+$/;

function cachedLayout(font: fontkit.Font): fontkit.Font['layout'] {
  const runs = new LruMap<string, fontkit.GlyphRun>(MAX_CACHED_RUNS);
  const remembered = (text: string, features: Parameters<fontkit.Font['layout']>[1]) =>
    runs.getOrMake(`${JSON.stringify(features ?? null)}\u0000${text}`, () => font.layout(text, features));
  return (text, features) => {
    const parts =
      text.length > 1 && INDEPENDENT_CHARACTERS.test(text)
        ? Array.from(text, (character) => remembered(character, features))
        : [remembered(text, features)];
    const positions = parts.flatMap((run) =>
      run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
        xAdvance,
        yAdvance,
        xOffset,
        yOffset,
      })),
    );
    return new CopiedRun(
      parts.flatMap((run) => run.glyphs),
      positions,
    );
  };
}

/**
 * fontkit's glyph objects live as long as the font, but the subsetter calls their private `_decode()` (a full
 * outline parse) for every document. Its result never changes, so each glyph decodes once. Should a fontkit
 * release rename the method, this does nothing and tickets only get slower.
 */
function onceDecodedGlyphs(font: fontkit.Font): fontkit.Font['getGlyph'] {
  const seen = new WeakSet<fontkit.Glyph>();
  return (id, codePoints) => {
    const glyph = font.getGlyph(id, codePoints);
    if (!glyph || seen.has(glyph)) return glyph;
    seen.add(glyph);
    const decode = glyph._decode;
    if (typeof decode === 'function') {
      let decoded: { value: unknown } | undefined;
      glyph._decode = function (this: fontkit.Glyph) {
        decoded ??= { value: decode.call(this) };
        return decoded.value;
      };
    }
    return glyph;
  };
}

/** Encoded subsets kept per font: the labels' font has the same glyphs on every ticket. */
const MAX_CACHED_SUBSETS = 16;

/**
 * A PDF embeds the subset of the font its text uses. A subset's bytes depend only on its glyphs in the order
 * they were first used, so equal lists share one encoding.
 */
function cachedSubsets(font: fontkit.Font): fontkit.Font['createSubset'] {
  const encoded = new LruMap<string, Uint8Array>(MAX_CACHED_SUBSETS);
  // `this` is the font with caches, so the subset reads glyphs through `onceDecodedGlyphs`.
  return function (this: fontkit.Font) {
    const subset = font.createSubset.call(this);
    const encode = subset.encode.bind(subset);
    subset.encode = () => encoded.getOrMake(subset.glyphs.join(','), encode);
    return subset;
  };
}

/** The parsed font as pdfkit sees it: tables read through the prototype; shaping, glyphs and subsets remembered. */
function withCaches(font: fontkit.Font): fontkit.Font {
  return Object.create(font, {
    layout: { value: cachedLayout(font) },
    getGlyph: { value: onceDecodedGlyphs(font) },
    createSubset: { value: cachedSubsets(font) },
  }) as fontkit.Font;
}

let parsed: Record<TicketFont, fontkit.Font> | undefined;

function loadFonts(): Record<TicketFont, fontkit.Font> {
  const load = (name: TicketFont) =>
    withCaches(fontkit.create(readFileSync(require.resolve(TICKET_FONT_FILES[name]))));
  return { regular: load('regular'), bold: load('bold') };
}

/** Makes `doc.font('regular')` and `doc.font('bold')` use the shared parsed fonts. */
export function registerTicketFonts(doc: PDFKit.PDFDocument): void {
  parsed ??= loadFonts();
  for (const name of Object.keys(TICKET_FONT_FILES) as TicketFont[]) {
    // pdfkit 0.20 accepts a fontkit font object (anything with a `layout` method); its types only list files and buffers.
    doc.registerFont(name, parsed[name] as unknown as Uint8Array);
  }
}
