// Message catalogues of the public site. English is written first and its shape is the contract: every
// other language must give the same keys (any wording), so a missing Arabic string fails the type check.

/** English literal types widened to plain strings, keeping the nesting. */
export type Widen<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Widen<Item>[]
    : { [Key in keyof T]: Widen<T[Key]> };

export type Lang = 'en' | 'ar';
export const LANGS: readonly Lang[] = ['en', 'ar'];
export const DEFAULT_LANG: Lang = 'en';
