// Text people type loses what prints as nothing or turns text around (shared/plain-text.ts): one definition
// for passenger names and every text field of the registry.
import { describe, expect, it } from 'vitest';
import { cleanLine, cleanLines } from '../../shared/plain-text.ts';

const HIDDEN = [
  '\u0007', // bell
  '\u001b', // escape
  '\u00ad', // soft hyphen
  '\u061c', // Arabic letter mark
  '\u200b', // zero-width space
  '\u200e', // left-to-right mark
  '\u202e', // right-to-left override
  '\u2060', // word joiner
  '\u2066', // left-to-right isolate
  '\u206f', // nominal digit shapes
  '\ufeff', // byte-order mark
  '\u{e0041}', // tag letter A
  '\u3164', // Hangul filler
];

describe('plain text', () => {
  it('drops every invisible and control character from a line, and trims it', () => {
    for (const hidden of HIDDEN)
      expect(cleanLine(` Nile${hidden} Express `), escape(hidden)).toBe('Nile Express');
    expect(cleanLine('Nile\tExpress\n')).toBe('NileExpress');
    expect(cleanLine('النيل السريع')).toBe('النيل السريع');
  });

  it('keeps a message’s lines, tabs and joiners, and drops the rest', () => {
    expect(cleanLines('First line\r\n\tsecond \u202eline\u0007')).toBe('First line\r\n\tsecond line');
    expect(cleanLines('👨\u200d👩\u200d👧 می\u200cخواهم')).toBe('👨\u200d👩\u200d👧 می\u200cخواهم');
    for (const hidden of HIDDEN) expect(cleanLines(`a${hidden}b`), escape(hidden)).toBe('ab');
  });
});
