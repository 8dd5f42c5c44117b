// Reading the back-office's message trees in tests: every leaf by its dotted key, the %{placeholders} of a
// string, and the source files of the back-office (to find the keys its screens name).
import fs from 'node:fs';
import path from 'node:path';

export type Tree = { [key: string]: Tree | string };

/** Every string of a message tree, by its dotted key. */
export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(at, value);
    else for (const [k, v] of leaves(value, at)) found.set(k, v);
  }
  return found;
}

export const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();

export const ADMIN = path.resolve(import.meta.dirname, '../../../admin');

/** The .ts and .tsx files below a folder. */
export function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(file) : /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
