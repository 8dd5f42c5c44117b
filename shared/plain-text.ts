// Text people type, as it is stored and shown: control characters and invisible formatting characters (zero
// width spaces and joiners, direction marks, bidi overrides and isolates, byte-order marks) dropped. An
// override turns "Fatima <RLO>gnp.exe" around on a staff screen, and a bell or an escape has no place in a name
// or a message; a one-line text loses its line breaks and tabs too, a message keeps them.
/* eslint-disable no-control-regex -- matching control characters is the point */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const INVISIBLE_BUT_LINES =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
/* eslint-enable no-control-regex */

/** One line of text as stored: invisible characters dropped, then trimmed. */
export const cleanLine = (value: string) => value.replace(INVISIBLE, '').trim();

/** Text of several lines as stored: invisible characters but line breaks and tabs dropped, then trimmed. */
export const cleanLines = (value: string) => value.replace(INVISIBLE_BUT_LINES, '').trim();
