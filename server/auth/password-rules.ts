// New staff passwords: at least 10 characters and not easy to guess. zxcvbn-ts estimates how many guesses a
// password needs from dictionaries of common passwords, names and words and keyboard patterns; a score of 3
// (about 10⁸ guesses) or more is asked for. Signing in keeps the specification's 6-character check.
//
// zxcvbn counts every extra piece of a password as at least 10⁴ more guesses, so any three pieces pass:
// `old-pass-1`, `Rihla@2026` and `bus-ticket-1` did. An attacker who aims at Rihla tries Rihla's own words
// first: the product, its cities, staff vocabulary, the person's name and e-mail, joined by a separator and
// finished with a number or a symbol. A matcher of its own ("rihla phrase") sees such a run as one piece and
// prices it by those words' ranks, so it scores as weak as it is.
import { type Matcher, type MatchExtended, type MatchOptions, ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const NEW_PASSWORD_MIN_LENGTH = 10;
const MIN_SCORE = 3;

/** Rihla's own words, most likely first: what an attacker who knows the product tries before anything else. */
const PRODUCT_WORDS = [
  ...['rihla', 'sudan', 'bus', 'ticket', 'admin', 'pass', 'password', 'old', 'new', 'staff', 'travel'],
  ...['trip', 'seat', 'booking', 'tickets', 'buses', 'cashier', 'manager', 'conductor', 'office', 'login'],
  ...['welcome', 'change', 'user', 'secret', 'bankak', 'pay', 'money', 'road', 'coach', 'express'],
  // Sudan's cities and towns buses link (parts of two-word names chain as a phrase: Port-Sudan, WadMadani).
  ...['khartoum', 'omdurman', 'bahri', 'port', 'kassala', 'atbara', 'wad', 'madani', 'gedaref', 'obeid'],
  ...['nyala', 'dongola', 'wadi', 'halfa', 'kosti', 'sennar', 'damazin', 'shendi', 'karima', 'merowe'],
  ...['geneina', 'fasher', 'kadugli', 'rabak', 'suakin', 'nile', 'sinja', 'halfaya', 'tokar', 'dilling'],
];

/** Words of at least 3 letters in a name, an e-mail, a city ("amna.osman@rihla.sd": amna, osman, rihla). */
export function wordsOf(texts: string[]): string[] {
  return texts.flatMap((text) => text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
}

const SEPARATOR = /^[^\p{L}\p{N}]$/u;
/** What people finish such a password with: a symbol, up to four digits, a symbol. */
const ENDING = /^[^\p{L}\p{N}]?(\d{1,4})?[^\p{L}\p{N}]?/u;
const SEPARATOR_CHOICES = 10;
const SYMBOL_CHOICES = 30;

interface Found {
  i: number;
  j: number;
  rank: number;
}

function guessesOfEnding(ending: string): number {
  const digits = ending.match(/\d+/)?.[0] ?? '';
  const symbols = ending.length - digits.length;
  const year = digits.length === 4 && Number(digits) >= 1950 && Number(digits) < 2050;
  return SYMBOL_CHOICES ** symbols * (year ? 100 : 10 ** digits.length);
}

type PhraseMatch = MatchExtended & { guesses: number };

/**
 * Runs of known words joined by at most one separator each, with and without the ending that follows: for
 * each start and end, the cheapest run only (what zxcvbn needs), so the work stays linear in the words found.
 */
function phrases(password: string, ranks: Map<string, number>): PhraseMatch[] {
  const lower = password.toLowerCase();
  const found: Found[] = [];
  for (const [word, rank] of ranks)
    for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + word.length))
      found.push({ i: at, j: at + word.length - 1, rank });
  found.sort((a, b) => a.i - b.i || a.j - b.j);
  const matches: PhraseMatch[] = [];
  const emit = (i: number, j: number, guesses: number) =>
    matches.push({ pattern: 'rihlaPhrase', i, j, token: password.slice(i, j + 1), guesses });
  for (const first of found) {
    // Guesses of the cheapest run from `first` to each end: a word's rank, lower case or capitalised, and
    // each join one of the separators or none.
    const best = new Map<number, { guesses: number; words: number }>([
      [first.j, { guesses: first.rank * 2, words: 1 }],
    ]);
    for (const next of found) {
      if (next.i <= first.j) continue;
      const joined = SEPARATOR.test(password[next.i - 1]) ? best.get(next.i - 2) : undefined;
      const before = best.get(next.i - 1) ?? joined;
      if (!before) continue;
      const guesses = before.guesses * next.rank * 2 * SEPARATOR_CHOICES;
      if (guesses < (best.get(next.j)?.guesses ?? Infinity))
        best.set(next.j, { guesses, words: before.words + 1 });
    }
    for (const [end, { guesses, words }] of best) {
      if (words > 1) emit(first.i, end, guesses);
      const ending = password.slice(end + 1).match(ENDING)?.[0] ?? '';
      if (ending) emit(first.i, end + ending.length, guesses * guessesOfEnding(ending));
    }
  }
  return matches;
}

const PRODUCT_RANKS = new Map(PRODUCT_WORDS.map((word, n) => [word, n + 1]));

const rihlaPhrase: Matcher = {
  Matching: class {
    // The person's own words (zxcvbn's user inputs) count as the likeliest of all.
    match({ password, userInputsOptions }: MatchOptions) {
      const own = Object.keys(userInputsOptions?.rankedDictionary ?? {}).filter((word) => word.length >= 3);
      return phrases(password, new Map([...PRODUCT_RANKS, ...own.map((word) => [word, 1] as const)]));
    }
  } as unknown as Matcher['Matching'],
  scoring: (match) => (match as { guesses: number }).guesses,
  feedback: () => null,
};

let checker: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory(
    {
      dictionary: { ...common.dictionary, ...en.dictionary, rihla: PRODUCT_WORDS },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    },
    { rihlaPhrase },
  ));

/**
 * Why a new password is refused, in words; undefined when it is good. `related`: the account's own details
 * (names, e-mail) and the operator's (its cities), whose words count as the product's own.
 */
export function newPasswordProblem(password: string, related: string[] = []): string | undefined {
  if (password.length < NEW_PASSWORD_MIN_LENGTH)
    return `A new password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long.`;
  const own = related.filter(Boolean);
  if (zxcvbn().check(password, [...own, ...wordsOf(own)]).score < MIN_SCORE)
    return 'This password is too common or too easy to guess. Choose a longer one, for example a few unrelated words.';
  return undefined;
}
