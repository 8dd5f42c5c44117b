// Text people type, as it is stored and shown: control characters and invisible formatting characters dropped
// (Unicode's Cc and Cf: zero-width spaces and joiners, direction marks, bidi overrides and isolates, word
// joiners, soft hyphens, tag characters, byte-order marks), and the fillers that print as blank (Hangul's). An
// override turns "Fatima <RLO>gnp.exe" around on a staff screen, a word joiner makes "Nile\u2060 Express" a
// second company that reads as the first, and a bell or an escape has no place in a name or a message. A
// one-line text loses its line breaks and tabs too; a message keeps them, and its joiners (emoji, Persian).
const INVISIBLE = /[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;
const INVISIBLE_BUT_LINES = /(?![\t\n\r\u200C\u200D])[\p{Cc}\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

/** One line of text as stored: invisible characters dropped, then trimmed. */
export const cleanLine = (value: string) => value.replace(INVISIBLE, '').trim();

/** Text of several lines as stored: invisible characters but line breaks, tabs and joiners dropped, then trimmed. */
export const cleanLines = (value: string) => value.replace(INVISIBLE_BUT_LINES, '').trim();
