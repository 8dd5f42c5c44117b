// Size of the staff back-office: bytes a first visit of /login downloads (the page, its entry script and
// every script that one imports statically), the same in Arabic (plus the Arabic messages and the
// right-to-left styles it loads before the first paint), what signing in adds (the react-admin app), and
// the whole build. Gzip level 9, as a server or CDN would send it.
// Usage: node --import tsx bench/admin-size.ts   (after `npx vite build --mode admin`; builds if missing)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist/admin');
const ASSETS = 'admin-assets';

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  execFileSync('npx', ['vite', 'build', '--mode', 'admin'], { cwd: ROOT, stdio: 'inherit' });
}

const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
const relative = (url: string) => url.replace(/^\//, '');

/** Static imports of a built module (`import … from "./x.js"`, `import "./x.js"`), not import(). */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  const found = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)];
  return found.map((match) => path.posix.join(path.posix.dirname(file), match[1]));
}

/** The files and everything they import statically. */
function closure(start: Iterable<string>): Set<string> {
  const files = new Set(start);
  const pending = [...files].filter((file) => file.endsWith('.js'));
  while (pending.length) {
    for (const dependency of staticImports(pending.pop()!)) {
      if (!files.has(dependency)) {
        files.add(dependency);
        pending.push(dependency);
      }
    }
  }
  return files;
}

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
const raw = (file: string) => fs.statSync(path.join(DIST, file)).size;
const sum = (files: Iterable<string>, size: (file: string) => number) =>
  [...files].reduce((n, f) => n + size(f), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entry = new Set(['index.html']);
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  if (tag.startsWith('<script') && / src=/.test(tag)) entry.add(relative(attr(tag, 'src')!));
  if (tag.startsWith('<link') && /rel="(stylesheet|modulepreload)"/.test(tag))
    entry.add(relative(attr(tag, 'href')!));
}

// The build writes a .gz and a .br copy beside each file (served instead of it): count each file once.
const chunks = fs
  .readdirSync(path.join(DIST, ASSETS))
  .filter((name) => !/\.(?:gz|br)$/.test(name))
  .map((name) => `${ASSETS}/${name}`);
// Lazy chunks are named after their source module (App.tsx, ar.ts, rtlCache.ts).
const lazy = (prefix: string) => chunks.filter((file) => path.posix.basename(file).startsWith(`${prefix}-`));

const login = closure(entry);
const loginArabic = closure([...login, ...lazy('ar'), ...lazy('rtlCache')]);
const signedIn = closure([...login, ...lazy('App')]);
const everything = new Set(['index.html', ...chunks]);

const rows: [string, Set<string>][] = [
  ['/login, first visit (English)', login],
  ['/login, first visit (Arabic)', loginArabic],
  ['after sign-in (English)', signedIn],
  ['whole build', everything],
];

console.log('Staff back-office (dist/admin), gzip -9:');
for (const [label, files] of rows) {
  console.log(
    `  ${label.padEnd(32)} ${kb(sum(files, gzip)).padStart(10)} gzip  ${kb(sum(files, raw)).padStart(10)} raw  (${files.size} files)`,
  );
}
console.log('\nFiles of the /login first visit:');
for (const file of login) console.log(`  ${file.padEnd(56)} ${kb(gzip(file)).padStart(10)} gzip`);
