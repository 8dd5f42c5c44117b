// `npm start` builds the three front ends only when their sources changed since the last build: a second start
// takes a second, not the build's half a minute. The sources' fingerprint (every file under admin/,
// public-site/ and shared/, the build config and the lockfile, by path and content) is kept beside the build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['admin', 'public-site', 'shared', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const MODES = ['public', 'admin', 'checkin'];
const BUILT = ['dist/public-site/index.html', 'dist/admin/index.html', 'dist/checkin/index.html'];
const STAMP = path.join(ROOT, 'dist', '.sources-sha256');

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && !item.parentPath.includes('node_modules'))
    .map((item) => path.relative(ROOT, path.join(item.parentPath, item.name)));
}

export function sourcesFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const fingerprint = sourcesFingerprint();
const upToDate =
  BUILT.every((file) => fs.existsSync(path.join(ROOT, file))) &&
  fs.existsSync(STAMP) &&
  fs.readFileSync(STAMP, 'utf8').trim() === fingerprint;

if (upToDate) {
  console.log('Front ends up to date (their sources have not changed since the last build).');
} else {
  for (const mode of MODES) {
    console.log(`Building the front end: vite build --mode ${mode}`);
    const built = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', mode, '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  fs.writeFileSync(STAMP, `${fingerprint}\n`);
}
