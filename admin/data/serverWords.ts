// The server's English sentences that have words of ours (rihla.validation.*: the registry's messages, field
// rules, new passwords, travellers…), so a screen can say them in Arabic too.
import { enOwn } from '../../shared/i18n/admin/en.ts';

type Tree = { [key: string]: Tree | string };

/** English validation sentence → its i18n key. */
const validationKeys = new Map<string, string>();
(function index(tree: Tree, prefix: string) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') validationKeys.set(value, `${prefix}.${key}`);
    else index(value, `${prefix}.${key}`);
  }
})(enOwn.rihla.validation as unknown as Tree, 'rihla.validation');

export const validationKeyOf = (sentence: string): string | undefined => validationKeys.get(sentence);

/**
 * A form's field errors as the server gave them ({field: sentence}), each sentence we know replaced by its
 * key: react-admin translates a field's error, so it then reads in the page's language.
 */
export function fieldErrorKeys(errors: unknown): Record<string, string> | undefined {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).map(([field, sentence]) => [
      field,
      typeof sentence === 'string' ? (validationKeyOf(sentence) ?? sentence) : String(sentence),
    ]),
  );
}
