// The conductor app's two figures, in real Chromium against the real server (demo data, SQLite or
// TEST_DATABASE_URL):
//  1. First load of /check-in on a fresh visit: every file the page and its service worker fetch (the worker
//     precaches the shell), each counted once, gzip -9 of the file as built (the .gz/.br the build writes beside
//     each file are not counted again). Budget 60 KB gzip; the QR reader loaded on demand is listed apart.
//  2. Verdict time offline: a trip of 40 tickets downloaded, the network cut, then CHECKS checks typed into the
//     field (a keyboard scanner's way): signed codes (Ed25519 checked; valid, then duplicates), ticket numbers,
//     tampered codes and unknown numbers. Per check: code to verdict on screen (data-ms) and the check itself
//     (signature and rules: data-check-ms; the IndexedDB write follows the verdict); p50, p99 and max.
// Usage: node --import tsx bench/checkin.ts   [CHECKS=1000]   (builds dist/checkin when missing or stale)
// Exits 1 over the size budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { tomorrow, findTrips, freeSeats, getTrip } from '../tests/e2e/helpers/api.ts';
import { launchBrowser } from '../tests/e2e/helpers/browser.ts';
import {
  conductorPage,
  counterSale,
  createConductor,
  downloadTrip,
  ensureCheckinBuilt,
  renderTicket,
  serviceWorkerReady,
  tamper,
  words,
} from '../tests/e2e/helpers/checkin.ts';
import { percentile, ROOT, startServer } from './lib/server.ts';

const DIST = path.join(ROOT, 'dist/checkin');
const BUDGET_GZIP = 60 * 1024;
const CHECKS = Number(process.env.CHECKS ?? 1000);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

ensureCheckinBuilt();
const server = await startServer({ DEMO_DATA: '1', DATABASE_URL: undefined }, { ownPostgres: true });
const browser = await launchBrowser();
let overBudget = false;
try {
  // 1. First load.
  const fresh = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow' });
  const loaded = new Set<string>();
  fresh.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/')) loaded.add(pathname);
  });
  const page = await fresh.newPage();
  await page.goto('/check-in');
  await serviceWorkerReady(page);
  await page.waitForLoadState('networkidle');
  // What the service worker fetched to precache (in case the browser reports its requests apart).
  const precached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const name of names)
      for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  for (const url of precached) loaded.add(new URL(url).pathname);
  loaded.add('/check-in/sw.js');
  for (const file of fs.readdirSync(DIST)) if (/^workbox-.*\.js$/.test(file)) loaded.add(`/check-in/${file}`);
  await fresh.close();

  const fileOf = (pathname: string) =>
    pathname === '/check-in' || pathname === '/check-in/'
      ? 'index.html'
      : pathname.replace(/^\/check-in\//, '');
  const rows = [...new Set([...loaded].map(fileOf))].sort().map((file) => {
    const bytes = fs.readFileSync(path.join(DIST, file));
    return {
      file,
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        .length,
    };
  });
  console.log(
    `first visit of /check-in (page and service worker)${'raw'.padStart(12)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`,
  );
  for (const row of rows)
    console.log(
      `  ${row.file.padEnd(58)}${kb(row.raw).padStart(10)}${kb(row.gzip).padStart(10)}${kb(row.brotli).padStart(10)}`,
    );
  const total = rows.reduce(
    (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
  console.log(
    `  ${'total'.padEnd(58)}${kb(total.raw).padStart(10)}${kb(total.gzip).padStart(10)}${kb(total.brotli).padStart(10)}`,
  );
  const later = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((file) => /^qr-worker-.*\.js$/.test(file))
    .map((file) => fs.readFileSync(path.join(DIST, 'assets', file)));
  for (const reader of later)
    console.log(
      `  not in the first load: the QR reader (jsQR worker) ${kb(zlib.gzipSync(reader, { level: 9 }).length)} gzip`,
    );
  const bundle = rows
    .filter((row) => row.file.endsWith('.js'))
    .map((row) => fs.readFileSync(path.join(DIST, row.file), 'utf8'))
    .join('\n');
  for (const marker of ['react-admin', 'ZodError', '@mui/material'])
    if (bundle.includes(marker)) throw new Error(`${marker} found in the first load`);
  overBudget = total.gzip > BUDGET_GZIP;
  console.log(
    `${overBudget ? 'OVER' : 'within'} budget: ${kb(total.gzip)} gzip (budget ${kb(BUDGET_GZIP)})\n`,
  );

  // 2. Verdict time offline.
  const [trip] = await findTrips(server.url, 'Khartoum', 'Kassala', tomorrow());
  const tickets = [];
  for (const seat of freeSeats(await getTrip(server.url, trip._id), 40))
    tickets.push(await counterSale(server.url, trip, [seat]));
  const codes = tickets.map((ticket) => renderTicket(ticket.pdf).code);
  const who = await createConductor(server.url, [trip._id]);
  const { context, page: phone } = await conductorPage(browser, server.url, who, 'en');
  await serviceWorkerReady(phone);
  await downloadTrip(phone, 'en', trip._id, tomorrow());
  await phone
    .locator(`[data-phone-trip="${trip._id}"]`)
    .getByRole('link', { name: words('en').trips.open })
    .click();
  await context.setOffline(true);
  const field = phone.getByLabel(words('en').check.ticketNumber);
  const button = phone.getByRole('button', { name: words('en').check.checkButton, exact: true });
  const shown: number[] = [];
  const checked: number[] = [];
  const verdicts = new Map<string, number>();
  let last: string | null = null;
  for (let i = 0; i < CHECKS; i++) {
    const n = i % tickets.length;
    const input = [codes[n], tickets[n].ticketId, tamper(codes[n]), String(9_000_000_000_000 + i)][i % 4];
    await field.fill(input);
    await button.click();
    const timing = await phone.waitForFunction((previous) => {
      const panel = document.querySelector('[data-testid=verdict]');
      const scan = panel?.getAttribute('data-scan');
      if (!panel || !scan || scan === previous || panel.getAttribute('data-timed') !== scan) return false;
      return [
        scan,
        panel.getAttribute('data-verdict'),
        panel.getAttribute('data-ms'),
        panel.getAttribute('data-check-ms'),
      ];
    }, last);
    const [scan, verdict, ms, checkMs] = (await timing.jsonValue()) as string[];
    last = scan;
    shown.push(Number(ms));
    checked.push(Number(checkMs));
    verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
  }
  await context.close();
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(44)} p50 ${percentile(sorted, 50).toFixed(1)} ms   p99 ${percentile(sorted, 99).toFixed(1)} ms   max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
  };
  console.log(
    `verdicts offline: ${CHECKS} checks over ${tickets.length} tickets (${[...verdicts].map(([v, n]) => `${v} ${n}`).join(', ')})`,
  );
  line('code or number → verdict on screen', shown);
  line('the check itself (signature and rules)', checked);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(overBudget ? 1 : 0);
