// The server serves dist/public-site and dist/admin: build them when the specs need them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.ts';

export function ensurePublicSiteBuilt() {
  if (fs.existsSync(path.join(ROOT, 'dist/public-site/index.html'))) return;
  execFileSync('npx', ['vite', 'build', '--mode', 'public'], { cwd: ROOT, stdio: 'inherit' });
}

/** Builds dist/admin when it is missing or older than the back-office's sources. */
export function ensureAdminBuilt() {
  const built = path.join(ROOT, 'dist/admin/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
      const file = path.join(dir, entry.name);
      return Math.max(latest, entry.isDirectory() ? newest(file) : fs.statSync(file).mtimeMs);
    }, 0);
  const sources = Math.max(newest(path.join(ROOT, 'admin')), newest(path.join(ROOT, 'shared')));
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  execFileSync('npx', ['vite', 'build', '--mode', 'admin'], { cwd: ROOT, stdio: 'inherit' });
}
