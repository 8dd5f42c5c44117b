// A traveller on a weak mobile connection books a ticket, in Arabic, on a fresh cache: home → search →
// seats → passenger form with a 1.5 MB phone photo as the payment proof → booking → ticket. The real server
// (DEMO_DATA=1, payment instructions set) and Debian's chromium, throttled through the DevTools protocol to
// 400 kbit/s down, 150 kbit/s up and 400 ms of latency. Prints, for each step, the bytes received (pages and
// API answers; the ticket PDF, which comes inside the booking's answer, apart) and the time the traveller
// waited; the proof as the browser reduced it and the time its upload took, apart.
//   npm run bench:journey   (builds the public site first; BENCH_JOURNEY_VERBOSE=1 lists every request)
// Goals: ≤ 60 KB of pages and API answers, ≤ 12 s of waiting besides the proof's upload, a proof ≤ 250 KB.
// Exits 1 when one is missed.
import zlib from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { ar as m } from '../shared/i18n/public/ar.ts';
import { khartoumToday } from '../shared/rules.ts';
import { ARABIC_NAMES } from '../server/demo/demo-data.ts';
import { launchBrowser } from '../tests/e2e/helpers/browser.ts';
import { ensurePublicSiteBuilt } from '../tests/e2e/helpers/build.ts';
import { startServer } from './lib/server.ts';

const LINK = { latencyMs: 400, downKbit: 400, upKbit: 150 };
const GOALS = { bytes: 60 * 1024, waitMs: 12_000, proof: 250 * 1024 };
const PHOTO_BYTES = 1.5 * 1024 * 1024;
const verbose = process.env.BENCH_JOURNEY_VERBOSE === '1';

interface Request {
  id: string;
  step: string;
  url: string;
  type: string;
  bytes: number;
  status?: number;
  encoding?: string;
  cached?: boolean;
  done: boolean;
}

/** Every request the page makes, by step, with the bytes received for it (headers included). */
function recordNetwork(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  let step = 'start';
  cdp.on('Network.requestWillBeSent', (event) => {
    if (requests.has(event.requestId)) return; // a redirect keeps its id
    requests.set(event.requestId, {
      id: event.requestId,
      step,
      url: event.request.url,
      type: event.type ?? 'Other',
      bytes: 0,
      done: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    request.status = event.response.status;
    request.encoding = headers['content-encoding'];
    request.cached = Boolean(event.response.fromDiskCache || event.response.fromPrefetchCache);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.cached = true;
  });
  const finish = (event: { requestId: string; encodedDataLength?: number }) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    request.bytes = event.encodedDataLength ?? 0;
    request.done = true;
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', (event) => finish({ requestId: event.requestId }));
  return {
    requests,
    setStep: (name: string) => (step = name),
    /** Resolves once nothing is on its way (for at least `quietMs`). */
    async idle(quietMs = 300, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if ([...requests.values()].some((r) => !r.done)) quietSince = Date.now();
        else if (Date.now() - quietSince >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the network never went quiet');
    },
  };
}

/** Records, in the page, the multipart uploads (XMLHttpRequest): their files' sizes and timings. */
const UPLOAD_PROBE = `(() => {
  const uploads = (window.__uploads = []);
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    const record = { files: [], fields: 0, start: performance.now(), uploaded: null, answered: null };
    if (body instanceof FormData)
      for (const [name, value] of body.entries())
        if (typeof value === 'string') record.fields += name.length + value.length;
        else record.files.push({ name, size: value.size, type: value.type });
    uploads.push(record);
    this.upload.addEventListener('load', () => (record.uploaded = performance.now()));
    this.addEventListener('loadend', () => (record.answered = performance.now()));
    return send.call(this, body);
  };
})()`;

interface UploadRecord {
  files: { name: string; size: number; type: string }[];
  fields: number;
  start: number;
  uploaded: number | null;
  answered: number | null;
}

/**
 * A phone photo of a paper receipt, as a camera saves it: 3264×2448, lit unevenly, with sensor noise and
 * lines of print, a JPEG of about 1.5 MB (the quality is searched for that size).
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  // Passed as text: tsx would wrap the page's functions in helpers the page does not have.
  const base64 = await page.evaluate<string>(`(async (target) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2448;
    canvas.height = 3264;
    const ctx = canvas.getContext('2d');
    const light = ctx.createRadialGradient(900, 900, 200, 1224, 1632, 2600);
    light.addColorStop(0, '#8a7a66');
    light.addColorStop(1, '#3b342c');
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.save();
    ctx.translate(1224, 1632);
    ctx.rotate(-0.06);
    ctx.fillStyle = '#efece4';
    ctx.fillRect(-850, -1350, 1700, 2700);
    ctx.fillStyle = '#2a2a30';
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    ctx.font = '600 46px monospace';
    for (let line = 0; line < 40; line++) {
      let text = '';
      const length = 8 + Math.floor(random() * 28);
      for (let i = 0; i < length; i++) text += 'ABCDEFGHKLMNPRSTUVXYZ0123456789 .:-'[Math.floor(random() * 35)];
      ctx.fillText(text, -760, -1250 + line * 62);
    }
    ctx.restore();
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < image.data.length; i += 4) {
      const grain = (random() - 0.5) * 22;
      image.data[i] += grain;
      image.data[i + 1] += grain;
      image.data[i + 2] += grain;
    }
    ctx.putImageData(image, 0, 0);
    const encode = (quality) =>
      new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/jpeg', quality));
    let low = 0.3;
    let high = 0.98;
    let best = await encode(0.9);
    for (let i = 0; i < 7; i++) {
      const quality = (low + high) / 2;
      const blob = await encode(quality);
      if (Math.abs(blob.size - target) < Math.abs(best.size - target)) best = blob;
      if (blob.size > target) high = quality;
      else low = quality;
    }
    const bytes = new Uint8Array(await best.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  })(${PHOTO_BYTES})`);
  return Buffer.from(base64, 'base64');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const tomorrow = () =>
  new Date(Date.parse(`${khartoumToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

ensurePublicSiteBuilt();
const server = await startServer({
  DEMO_DATA: '1',
  DATABASE_URL: undefined,
  PAYMENT_BANKAK_ACCOUNT: '3041227700915',
  PAYMENT_ACCOUNT_NAME: 'Rihla Travel Co.',
  PAYMENT_WALLETS: 'Zain Cash:0912345678,MTN MoMo:0998765432',
});
const browser = await launchBrowser();
let failed = false;
try {
  const maker = await browser.newPage();
  const photo = await phonePhoto(maker);
  await maker.close();

  // A new context: an empty cache, nothing remembered.
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'ar-SD',
    acceptDownloads: true,
  });
  await context.addInitScript(UPLOAD_PROBE);
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  const network = recordNetwork(cdp);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LINK.latencyMs,
    downloadThroughput: (LINK.downKbit * 1000) / 8,
    uploadThroughput: (LINK.upKbit * 1000) / 8,
    connectionType: 'cellular3g',
  });

  const waits: { step: string; ms: number; what: string }[] = [];
  /** Times `action`, which ends when the screen the traveller waits for is there. */
  const wait = async (step: string, what: string, action: () => Promise<unknown>) => {
    network.setStep(step);
    const start = performance.now();
    await action();
    waits.push({ step, what, ms: performance.now() - start });
  };
  const origin = ARABIC_NAMES.Khartoum;
  const destination = ARABIC_NAMES.Kassala;
  const combobox = (label: string) => page.getByRole('combobox', { name: label });

  // 1. Home, from a shared link in Arabic. Ready when its search form can be used.
  await wait('home', 'page and the cities', async () => {
    await page.goto('/?lang=ar');
    await page.getByRole('heading', { name: m.home.heroTitle }).waitFor();
    const form = combobox(m.search.origin);
    // Before the search came to the home page (issue 13), the traveller had to open the search page.
    if ((await page.locator('.hero-search').count()) === 0) {
      network.setStep('search');
      await page.getByRole('link', { name: m.home.bookTickets }).click();
    }
    await form.waitFor();
  });
  await network.idle();

  // 2. Search.
  for (const [label, city] of [
    [m.search.origin, origin],
    [m.search.destination, destination],
  ]) {
    await combobox(label).fill(city.slice(0, 3));
    await page.getByRole('option', { name: city, exact: true }).click();
  }
  await page.getByLabel(m.search.date).fill(tomorrow());
  await wait('search', 'the results', async () => {
    await page.getByRole('button', { name: m.search.submit, exact: true }).click();
    await page.getByRole('heading', { name: m.search.resultsTitle }).waitFor();
  });
  await network.idle();

  // 3. Seats: open the later trip (both are free), choose one seat, continue.
  await wait('seats', 'the seat map', async () => {
    await page.getByRole('link', { name: m.trip.reserveSeat }).last().click();
    await page.locator('.seat.available').first().waitFor();
  });
  await network.idle();
  await page.locator('.seat.available').nth(5).click();
  await wait('seats', 'the passenger form', async () => {
    await page.getByRole('button', { name: m.common.continue }).click();
    await page.getByLabel(m.passenger.firstName).waitFor();
  });
  await network.idle();

  // 4. Passenger form and the proof, reduced in the browser as soon as it is picked.
  network.setStep('passenger');
  await page.getByLabel(m.passenger.firstName).fill('آمنة');
  await page.getByLabel(m.passenger.lastName).fill('عثمان');
  await page.getByLabel(m.passenger.phone, { exact: true }).fill('0912345678');
  await wait('passenger', 'the proof reduced', async () => {
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.locator('.proof-ready').waitFor();
  });
  await page.getByLabel(m.payment.reference).fill('TRX 88123 4410');
  await network.idle();

  // 5. Booking: confirm, send (the proof's upload is timed apart), the answer with the ticket.
  await wait('booking', 'the confirmation', async () => {
    await page.getByRole('button', { name: m.common.continue }).click();
    await page.getByRole('dialog', { name: m.confirm.title }).waitFor();
  });
  const downloading = page.waitForEvent('download', { timeout: 300_000 }).catch(() => null);
  let outcome = '';
  await wait('booking', 'the proof sent and the booking answered', async () => {
    await page.getByRole('button', { name: m.confirm.submit }).click();
    // The thank-you screen, or the alert saying the booking failed (a send cut by the server's timeout).
    const thanks = page.getByRole('dialog', { name: m.booking.thanksTitle });
    const failure = page.getByRole('alertdialog');
    await thanks.or(failure).waitFor({ timeout: 300_000 });
    if (await failure.isVisible()) outcome = (await failure.textContent()) ?? 'failed';
  });

  // 6. Ticket: saved from the booking's answer; the thank-you screen's payment status.
  if (!outcome)
    await wait('ticket', 'the ticket saved', async () => {
      await downloading;
      await page.getByRole('dialog', { name: m.booking.thanksTitle }).locator('.pay-status').waitFor();
    });
  await network.idle(1000);

  // Bytes by step; the booking's answer split into the ticket (base64 PDF) and the rest.
  const requests = [...network.requests.values()];
  const booking = requests.find((r) => r.url.includes('/api/bookings/createBooking'));
  let pdfWire = 0;
  let pdfBytes = 0;
  if (booking && !outcome) {
    const { body } = await cdp.send('Network.getResponseBody', { requestId: booking.id });
    const answer = JSON.parse(body);
    pdfBytes = answer.pdfBlob ? Buffer.from(answer.pdfBlob, 'base64').length : 0;
    const rest = Buffer.from(JSON.stringify({ ...answer, pdfBlob: null }));
    const restWire =
      booking.encoding === 'br'
        ? zlib.brotliCompressSync(rest, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }).length
        : booking.encoding === 'gzip'
          ? zlib.gzipSync(rest).length
          : rest.length;
    pdfWire = Math.max(0, booking.bytes - restWire);
  }
  const uploads = await page.evaluate(() => (window as unknown as { __uploads: UploadRecord[] }).__uploads);
  const upload = uploads.find((u) => u.files.length > 0);
  const proofFile = upload?.files.find((f) => f.name === 'bankakScreenshot');
  const uploadMs = upload?.uploaded && upload.start ? upload.uploaded - upload.start : 0;

  const steps = ['home', 'search', 'seats', 'passenger', 'booking', 'ticket'];
  const isApi = (r: Request) => new URL(r.url).pathname.startsWith('/api/');
  console.log(
    `Journey in Arabic on ${LINK.downKbit}/${LINK.upKbit} kbit/s, ${LINK.latencyMs} ms, fresh cache ` +
      `(proof: a ${kb(photo.length)} 3264×2448 JPEG)`,
  );
  console.log(
    `${'step'.padEnd(11)}${'pages'.padStart(10)}${'API'.padStart(10)}${'waiting'.padStart(10)}  for`,
  );
  let totalBytes = 0;
  let totalWait = 0;
  for (const step of steps) {
    const mine = requests.filter((r) => r.step === step);
    const pages = mine.filter((r) => !isApi(r)).reduce((sum, r) => sum + r.bytes, 0);
    const api = mine.filter(isApi).reduce((sum, r) => sum + (r === booking ? r.bytes - pdfWire : r.bytes), 0);
    const stepWaits = waits.filter((w) => w.step === step);
    const ms = stepWaits.reduce((sum, w) => sum + w.ms, 0);
    totalBytes += pages + api;
    totalWait += ms;
    console.log(
      `${step.padEnd(11)}${kb(pages).padStart(10)}${kb(api).padStart(10)}${seconds(ms).padStart(10)}  ` +
        stepWaits.map((w) => `${w.what} ${seconds(w.ms)}`).join('; '),
    );
  }
  const waitBesidesUpload = totalWait - uploadMs;
  console.log(
    `${'total'.padEnd(11)}${kb(totalBytes).padStart(20)}${seconds(totalWait).padStart(10)}  ` +
      `(${seconds(waitBesidesUpload)} besides the proof's upload)`,
  );
  console.log(
    `ticket PDF: ${kb(pdfWire)} on the wire inside the booking's answer (${kb(pdfBytes)} as a file)`,
  );
  console.log(
    `proof: ${kb(photo.length)} picked → ${proofFile ? kb(proofFile.size) : 'none'} sent` +
      ` (${proofFile?.type ?? '?'}); its upload took ${seconds(uploadMs)}, the answer then ` +
      `${seconds(upload?.answered && upload.uploaded ? upload.answered - upload.uploaded : 0)}`,
  );
  // Over the network (not from the cache), and not data: URLs or images made in the page.
  const fetched = requests.filter((r) => !r.cached && r.url.startsWith(server.url));
  const urls = fetched.map((r) => r.url);
  const twice = [...new Set(urls.filter((url, i) => urls.indexOf(url) !== i))];
  console.log(
    `fetched more than once: ${twice.length ? twice.map((u) => new URL(u).pathname).join(', ') : 'none'}`,
  );
  const plain = fetched.filter((r) => r.bytes > 1500 && !r.encoding && r !== booking);
  console.log(
    `not compressed (> 1.5 KB): ${plain.length ? plain.map((r) => new URL(r.url).pathname).join(', ') : 'none'}`,
  );
  if (verbose)
    for (const r of requests)
      console.log(
        `  ${r.step.padEnd(10)}${String(r.status ?? '-').padEnd(4)}${r.type.padEnd(11)}${kb(r.bytes).padStart(9)} ` +
          `${(r.encoding ?? '').padEnd(5)}${r.cached ? 'cache ' : ''}${new URL(r.url).pathname}${new URL(r.url).search}`,
      );

  if (outcome) console.log(`The booking failed: ${outcome}`);
  const missed = [
    outcome && 'no booking',
    totalBytes > GOALS.bytes && `pages and API answers ${kb(totalBytes)} > ${kb(GOALS.bytes)}`,
    waitBesidesUpload > GOALS.waitMs && `waiting ${seconds(waitBesidesUpload)} > ${seconds(GOALS.waitMs)}`,
    (!proofFile || proofFile.size > GOALS.proof) &&
      `proof ${proofFile ? kb(proofFile.size) : 'none'} > ${kb(GOALS.proof)}`,
  ].filter(Boolean);
  if (missed.length) {
    failed = true;
    console.log(`Goals missed: ${missed.join('; ')}`);
  } else console.log('All goals met.');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
if (failed) process.exit(1);
