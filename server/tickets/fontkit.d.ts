// fontkit 2 ships no types; this declares the little the ticket renderer uses.
declare module 'fontkit' {
  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    readonly glyphs: readonly object[];
    readonly positions: GlyphPosition[];
    readonly advanceWidth: number;
  }
  export interface Glyph {
    readonly id: number;
    /** Private: parses the glyph's outline record (see fonts.ts). */
    _decode?: () => unknown;
  }
  export interface Subset {
    /** Glyph ids of the original font, in the order they were first used. */
    readonly glyphs: number[];
    encode(): Uint8Array;
  }
  export interface Font {
    createSubset(): Subset;
    readonly postscriptName: string;
    layout(text: string, features?: string[] | Record<string, boolean>): GlyphRun;
    getGlyph(id: number, codePoints?: number[]): Glyph | null;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
