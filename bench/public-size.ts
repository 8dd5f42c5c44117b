// Budget of the public site: bytes a traveller downloads on a first visit of /create-booking (the HTML
// page, its stylesheet, its entry script and every script that one imports statically — chunks loaded
// later on demand, such as the Arabic messages or the trip page, are not part of the first visit).
// Usage: node --import tsx bench/public-size.ts   (after `npx vite build --mode public`; builds if missing)
// Exits 1 above the budget of 30 KB gzip.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist/public-site');
const BUDGET_GZIP = 30 * 1024;

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  execFileSync('npx', ['vite', 'build', '--mode', 'public'], { cwd: ROOT, stdio: 'inherit' });
}

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const firstVisit = new Set<string>();

for (const tag of tags) {
  if (tag.startsWith('<script') && / src=/.test(tag)) firstVisit.add(attr(tag, 'src')!);
  if (tag.startsWith('<link') && /rel="(stylesheet|modulepreload)"/.test(tag))
    firstVisit.add(attr(tag, 'href')!);
}

/** Static imports of a built module (`import … from "./x.js"`, `import "./x.js"`), not import(). */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  const found = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)];
  return found.map((match) => path.posix.join(path.posix.dirname(file), match[1]));
}

const pending = [...firstVisit].filter((file) => file.endsWith('.js'));
while (pending.length) {
  for (const dependency of staticImports(pending.pop()!)) {
    if (!firstVisit.has(dependency)) {
      firstVisit.add(dependency);
      pending.push(dependency);
    }
  }
}

interface Row {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const measure = (file: string, bytes: Buffer): Row => ({
  file,
  raw: bytes.length,
  gzip: zlib.gzipSync(bytes, { level: 9 }).length,
  brotli: zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length,
});

const rows = [
  measure('/create-booking (index.html)', Buffer.from(html)),
  ...[...firstVisit].map((file) => measure(file, fs.readFileSync(path.join(DIST, file.replace(/^\//, ''))))),
];
const total = rows.reduce(
  (sum, row) => ({
    file: 'total',
    raw: sum.raw + row.raw,
    gzip: sum.gzip + row.gzip,
    brotli: sum.brotli + row.brotli,
  }),
  { file: 'total', raw: 0, gzip: 0, brotli: 0 },
);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
console.log(
  `${'first visit of /create-booking'.padEnd(44)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`,
);
for (const row of [...rows, total])
  console.log(`${row.file.padEnd(44)}${kb(row.raw)}${kb(row.gzip)}${kb(row.brotli)}`);

if (total.gzip > BUDGET_GZIP) {
  console.error(`Over budget: ${kb(total.gzip).trim()} gzip > ${kb(BUDGET_GZIP).trim()}`);
  process.exit(1);
}
console.log(`Within budget: ${kb(total.gzip).trim()} gzip ≤ ${kb(BUDGET_GZIP).trim()}`);
