// One line of mixed Arabic and Latin text, laid out with the Unicode bidi algorithm and drawn with pdfkit.
// pdfkit shapes Arabic (joined letters) but places words left to right, so we split each line into direction
// runs in visual order and draw them ourselves. Each run goes to pdfkit whole (`features: []` stops pdfkit from
// cutting it into words); fontkit then reverses any run whose first real script is right-to-left, so a run is
// handed over in logical order when that reversal is what it needs, and pre-reversed when it is not.
import bidiFactory from 'bidi-js';
import { LruMap } from '../lru-map.ts';

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

export interface BidiLine {
  /** The paragraph's direction: the line's start is on this side. */
  direction: Direction;
  /** Runs from left to right, each ready to hand to pdfkit with `features: []`. */
  runs: string[];
}

// fontkit picks a run's direction from the first character of a script other than Common/Inherited/Unknown
// (fontkit/src/layout/Script.js): mirror that test to know when it will reverse a run.
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const RTL_SCRIPTS = [
  'Arabic',
  'Hebrew',
  'Syriac',
  'Thaana',
  'Cypriot',
  'Kharoshthi',
  'Phoenician',
  'Nko',
  'Lydian',
  'Avestan',
  'Imperial_Aramaic',
  'Inscriptional_Pahlavi',
  'Inscriptional_Parthian',
  'Old_South_Arabian',
  'Old_Turkic',
  'Samaritan',
  'Mandaic',
  'Meroitic_Cursive',
  'Meroitic_Hieroglyphs',
  'Manichaean',
  'Mende_Kikakui',
  'Nabataean',
  'Old_North_Arabian',
  'Palmyrene',
  'Psalter_Pahlavi',
];
const RTL_SCRIPT = new RegExp(`[${RTL_SCRIPTS.map((script) => `\\p{Script=${script}}`).join('')}]`, 'u');

function fontkitReverses(text: string): boolean {
  for (const char of text) {
    if (!NO_SCRIPT.test(char)) return RTL_SCRIPT.test(char);
  }
  return false;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function reverseGraphemes(text: string): string {
  return Array.from(graphemes.segment(text), (part) => part.segment)
    .reverse()
    .join('');
}

/** Lays out one line (no line breaks in `text`). `base` forces the paragraph direction; `auto` takes the first strong letter. */
export function bidiLine(text: string, base: Direction | 'auto' = 'auto'): BidiLine {
  if (text.length === 0) return { direction: base === 'rtl' ? 'rtl' : 'ltr', runs: [] };
  const embedding = bidi.getEmbeddingLevels(text, base);
  const { levels } = embedding;
  const direction: Direction = embedding.paragraphs[0].level % 2 === 1 ? 'rtl' : 'ltr';
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const order = bidi.getReorderedIndices(text, embedding);

  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= order.length; i++) {
    const rtl = levels[order[start]] % 2 === 1;
    const step = rtl ? -1 : 1;
    if (i < order.length && levels[order[i]] === levels[order[start]] && order[i] === order[i - 1] + step)
      continue;
    // order[start..i-1] is one run: a contiguous logical range at one level.
    const from = Math.min(order[start], order[i - 1]);
    const to = Math.max(order[start], order[i - 1]);
    let logical = '';
    for (let c = from; c <= to; c++) logical += mirrored.get(c) ?? text[c];
    runs.push(rtl === fontkitReverses(logical) ? logical : reverseGraphemes(logical));
    start = i;
  }
  return { direction, runs };
}

export interface TextBox {
  x: number;
  /** The baseline. */
  y: number;
  width: number;
  /** `start` is the left edge for a left-to-right line and the right edge for a right-to-left one. */
  align: 'left' | 'right' | 'start';
  font: string;
  size: number;
  color: string;
}

/** Lines laid out already: the labels and terms are the same on every ticket. */
const MAX_CACHED_LINES = 500;
const lines = new LruMap<string, BidiLine>(MAX_CACHED_LINES);

/** Draws one line in the box, shrinking the type if the line is wider than the box. */
export function drawBidiText(doc: PDFKit.PDFDocument, text: string, box: TextBox): void {
  const line = lines.getOrMake(text, () => bidiLine(text));
  doc.font(box.font).fontSize(box.size);
  const widths = line.runs.map((run) => doc.widthOfString(run, { features: [] }));
  const total = widths.reduce((sum, width) => sum + width, 0);
  const scale = total > box.width ? box.width / total : 1;
  if (scale < 1) doc.fontSize(box.size * scale);
  const right = box.align === 'right' || (box.align === 'start' && line.direction === 'rtl');
  let x = right ? box.x + box.width - total * scale : box.x;
  doc.fillColor(box.color);
  line.runs.forEach((run, i) => {
    doc.text(run, x, box.y, { lineBreak: false, features: [], baseline: 'alphabetic' });
    x += widths[i] * scale;
  });
}
