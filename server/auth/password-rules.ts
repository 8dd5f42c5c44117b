// New staff passwords: at least 10 characters and not easy to guess. zxcvbn-ts estimates how many guesses a
// password needs from dictionaries of common passwords, names and words and keyboard patterns; a score of 3
// (about 10⁸ guesses) or more is asked for. Signing in keeps the specification's 6-character check.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const NEW_PASSWORD_MIN_LENGTH = 10;
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/** Why a new password is refused, in words; undefined when it is good. `related`: the account's own details. */
export function newPasswordProblem(password: string, related: string[] = []): string | undefined {
  if (password.length < NEW_PASSWORD_MIN_LENGTH)
    return `A new password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long.`;
  if (zxcvbn().check(password, related.filter(Boolean)).score < MIN_SCORE)
    return 'This password is too common or too easy to guess. Choose a longer one, for example a few unrelated words.';
  return undefined;
}
