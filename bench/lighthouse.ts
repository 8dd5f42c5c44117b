// Lighthouse (mobile preset) on the public pages in English and Arabic, with Debian's chromium.
// Prints Performance and Accessibility per page; exits 1 when a score is below 95.
//   npm run build && node --import tsx bench/lighthouse.ts
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { bookingForm, makeTrips } from './lib/fixtures.ts';
import { login, startServer } from './lib/server.ts';

const TARGET = 95;
const server = await startServer({ DEMO_DATA: '1' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let failed = false;
try {
  const token = await login(server.url);
  const [trip] = await makeTrips(server.url, token, 1, 45);
  await fetch(`${server.url}/api/bookings/createBooking`, {
    method: 'POST',
    body: bookingForm(trip, [3, 4]),
  });
  const pages = ['/', '/create-booking', `/trip-details/${trip.id}`, '/cancel-reservation'];
  console.log(`Lighthouse ${'mobile'} — page, language: performance / accessibility`);
  for (const language of ['en', 'ar']) {
    for (const page of pages) {
      // The site keeps the language choice in localStorage; ?lang= sets it for the first paint.
      const url = `${server.url}${page}${language === 'ar' ? '?lang=ar' : ''}`;
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (result!.lhr.runtimeError) console.log(`      runtime error: ${result!.lhr.runtimeError.message}`);
      const categories = result!.lhr.categories;
      const performance = Math.round((categories.performance.score ?? 0) * 100);
      const accessibility = Math.round((categories.accessibility.score ?? 0) * 100);
      if (performance < TARGET || accessibility < TARGET) failed = true;
      console.log(`  ${page.replace(trip.id, '{id}')} ${language}: ${performance} / ${accessibility}`);
      if (accessibility < TARGET) {
        for (const audit of Object.values(result!.lhr.audits))
          if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
            console.log(`      ${audit.id}: ${audit.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
if (failed) process.exitCode = 1;
