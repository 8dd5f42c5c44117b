// Amiri (Arabic and Latin in one TTF, shipped through npm) parsed once per process, and the work fontkit would
// otherwise repeat for every ticket kept across tickets: reading the 400 KB file costs ~75 ms; Amiri's OpenType
// rules make shaping ~0.5 ms per string, Latin included, and most strings on a ticket (labels, cities) repeat;
// decoding each glyph's outline again for every PDF's font subset was a quarter of the rendering time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

const FILES = {
  regular: '@expo-google-fonts/amiri/400Regular/Amiri_400Regular.ttf',
  bold: '@expo-google-fonts/amiri/700Bold/Amiri_700Bold.ttf',
} as const;

export type TicketFont = keyof typeof FILES;

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

function cachedLayout(font: fontkit.Font): fontkit.Font['layout'] {
  const runs = new Map<string, fontkit.GlyphRun>();
  return (text, features) => {
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = runs.get(key);
    if (run) {
      runs.delete(key);
    } else {
      run = font.layout(text, features);
      if (runs.size >= MAX_CACHED_RUNS) runs.delete(runs.keys().next().value as string);
    }
    runs.set(key, run);
    const positions = run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
      xAdvance,
      yAdvance,
      xOffset,
      yOffset,
    }));
    return new CopiedRun(run.glyphs, positions);
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

/** The parsed font as pdfkit sees it: tables and subsetting read through the prototype, two methods remembered. */
function withCaches(font: fontkit.Font): fontkit.Font {
  return Object.create(font, {
    layout: { value: cachedLayout(font) },
    getGlyph: { value: onceDecodedGlyphs(font) },
  }) as fontkit.Font;
}

let parsed: Record<TicketFont, fontkit.Font> | undefined;

function loadFonts(): Record<TicketFont, fontkit.Font> {
  const load = (name: TicketFont) => withCaches(fontkit.create(readFileSync(require.resolve(FILES[name]))));
  return { regular: load('regular'), bold: load('bold') };
}

/** Makes `doc.font('regular')` and `doc.font('bold')` use the shared parsed fonts. */
export function registerTicketFonts(doc: PDFKit.PDFDocument): void {
  parsed ??= loadFonts();
  for (const name of Object.keys(FILES) as TicketFont[]) {
    // pdfkit 0.20 accepts a fontkit font object (anything with a `layout` method); its types only list files and buffers.
    doc.registerFont(name, parsed[name] as unknown as Uint8Array);
  }
}
