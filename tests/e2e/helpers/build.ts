// The server serves dist/public-site: build it once when it is missing.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './server.ts';

export function ensurePublicSiteBuilt() {
  if (fs.existsSync(path.join(ROOT, 'dist/public-site/index.html'))) return;
  execFileSync('npx', ['vite', 'build', '--mode', 'public'], { cwd: ROOT, stdio: 'inherit' });
}
