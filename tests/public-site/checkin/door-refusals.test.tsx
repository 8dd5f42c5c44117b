// The server's two refusals at the door, in the conductor's words (issue 18): a trip that is not one this
// conductor checks (403 NOT_DOOR_TRIP: its package is not downloaded, an ID given for it is not kept), and an
// account that sent its hourly share of scans (429 TOO_MANY_SCANS: the scans stay on the phone, the checking
// goes on, and they are sent later). Each in English and Arabic, never the server's English.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkinAr } from '../../../shared/i18n/checkin/ar.ts';
import { checkinEn } from '../../../shared/i18n/checkin/en.ts';
import { App } from '../../../public-site/checkin/App.tsx';
import { createController, type Controller } from '../../../public-site/checkin/lib/controller.ts';
import { applyDocumentLang, type Lang } from '../../../public-site/checkin/lib/i18n.ts';
import { createSession } from '../../../public-site/checkin/lib/session.ts';
import { verifySignature } from '../../../public-site/checkin/lib/signature.ts';
import { openStore } from '../../../public-site/checkin/lib/store.ts';
import { CHECKIN_ROUTES } from '../../../shared/routes.ts';
import { fakeServer, makeKeys, ticket, tripPackage, TRIP_ID, type Keys } from './fixtures.ts';

let keys: Keys;
let phones = 0;
const controllers: Controller[] = [];
beforeAll(async () => {
  keys = await makeKeys();
});
afterEach(() => {
  cleanup();
  controllers.splice(0).forEach((c) => c.dispose());
});

async function openApp(lang: Lang, path: string) {
  const paid = ticket({ seats: [7] });
  const server = fakeServer(tripPackage(keys, [paid]));
  const controller = createController({
    api: server.api,
    store: openStore(`door-${++phones}`),
    verify: verifySignature,
    deviceId: 'phone-DOOR',
    isOnline: () => true,
  });
  controllers.push(controller);
  await controller.init();
  await controller.download(TRIP_ID);
  const m = lang === 'ar' ? checkinAr : checkinEn;
  applyDocumentLang(lang, m);
  history.replaceState(null, '', path);
  render(
    <App
      session={createSession(async () => new Response(null, { status: 503 }))}
      controller={controller}
      initialUser={{ _id: 'u1', full_name: 'Idris Bakheet', role: 'conductor' }}
      initialLang={lang}
      initialMessages={m}
    />,
  );
  return { paid, server, controller, m };
}

describe.each(['en', 'ar'] as const)('refusals at the door (%s)', (lang) => {
  it('a trip that is not the conductor’s: the download says so', async () => {
    const { server, m } = await openApp(lang, CHECKIN_ROUTES.home);
    server.state.notDoorTrip = true;
    fireEvent.click(await waitFor(() => screenButton(document.body, m.trips.update)));
    const note = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-problem="notDoorTrip"]');
      if (!found) throw new Error('no note yet');
      return found;
    });
    expect(note.textContent).toBe(m.trips.notDoorTrip);
  });

  it('too many scans this hour: the scans stay on the phone and the screen says why', async () => {
    const { paid, server, controller, m } = await openApp(lang, `/check-in/trip/${TRIP_ID}`);
    server.state.tooManyScans = true;
    await controller.check(TRIP_ID, { ticketId: paid.ticketId });
    fireEvent.click(await screen.findByRole('button', { name: m.sync.syncNow }));
    const note = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-problem="tooMany"]');
      if (!found) throw new Error('no note yet');
      return found;
    });
    expect(note.textContent).toBe(m.sync.tooManyScans);
    expect(controller.pending()).toBe(1);
    server.state.tooManyScans = false;
    await controller.syncNow();
    expect(controller.pending()).toBe(0);
  });
});

function screenButton(within: HTMLElement, name: string) {
  const button = [...within.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!button) throw new Error(`no button ${name}`);
  return button;
}
