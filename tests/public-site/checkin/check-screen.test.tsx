// The check screen as the conductor uses it, offline: a typed number gives a large green verdict with the
// seats and travellers; the same ticket again, the red duplicate alarm with the first scan's time and "this
// phone"; a forged number, red; an ID added at the door is queued and shown in the passenger list. In Arabic
// the page reads right to left with the ticket number isolated left to right.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { render as renderPlainly } from 'preact';
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
let screens = 0;
const controllers: Controller[] = [];
beforeAll(async () => {
  keys = await makeKeys();
});
const unmounts: (() => void)[] = [];
afterEach(() => {
  cleanup();
  unmounts.splice(0).forEach((unmount) => unmount());
  controllers.splice(0).forEach((c) => c.dispose());
});

/**
 * The app on a phone that downloaded the trip, then (unless `stayOnline`) lost its connection, at `path`.
 * `silentServer`: the browser still says online but the server no longer answers (a page reloaded offline).
 * `asMainDoes`: rendered by Preact itself and started at once, as main.tsx does (testing-library's render runs
 * the effects before it returns, which a browser does not).
 */
async function openCheckScreen(
  lang: Lang,
  { stayOnline = false, silentServer = false, asMainDoes = false, path = `/check-in/trip/${TRIP_ID}` } = {},
) {
  const paid = ticket({ seats: [7, 8] });
  const server = fakeServer(tripPackage(keys, [paid]));
  const online = { value: true };
  const controller = createController({
    api: server.api,
    store: openStore(`screen-${++screens}`),
    verify: verifySignature,
    deviceId: 'phone-TEST',
    isOnline: () => online.value,
  });
  controllers.push(controller);
  await controller.init();
  await controller.download(TRIP_ID);
  online.value = stayOnline || silentServer;
  server.state.online = stayOnline;
  const m = lang === 'ar' ? checkinAr : checkinEn;
  applyDocumentLang(lang, m);
  history.replaceState(null, '', path);
  const app = (
    <App
      session={createSession(async () => new Response(null, { status: 503 }))}
      controller={controller}
      initialUser={{ _id: 'u1', full_name: 'Idris Bakheet', role: 'conductor' }}
      initialLang={lang}
      initialMessages={m}
    />
  );
  if (asMainDoes) {
    const root = document.body.appendChild(document.createElement('div'));
    renderPlainly(app, root);
    controller.start();
    unmounts.push(() => {
      renderPlainly(null, root);
      root.remove();
    });
  } else render(app);
  return { paid, server, controller, m };
}

async function typeTicket(m: typeof checkinEn, text: string) {
  fireEvent.input(screen.getByLabelText(m.check.ticketNumber), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: m.check.checkButton }));
}

describe('the check screen', () => {
  it('shows green with seats and travellers, then the red duplicate alarm, then red for an unknown number', async () => {
    const { paid, m } = await openCheckScreen('en');
    await typeTicket(m, paid.ticketId);
    const valid = await screen.findByTestId('verdict');
    expect(valid.dataset.verdict).toBe('valid');
    expect(valid.className).toContain('verdict-green');
    expect(valid.textContent).toContain(m.verdicts.valid);
    expect(valid.textContent).toContain('7, 8');
    expect(valid.textContent).toContain('Amna Osman');
    expect(valid.textContent).toContain('Passport ending 4567');

    await typeTicket(m, paid.ticketId);
    await waitFor(() => expect(screen.getByTestId('verdict').dataset.verdict).toBe('already_boarded'));
    const duplicate = screen.getByTestId('verdict');
    expect(duplicate.className).toContain('verdict-red');
    expect(duplicate.textContent).toMatch(/First boarded \d\d:\d\d:\d\d on this phone\./);

    await typeTicket(m, '1111111111111');
    await waitFor(() => expect(screen.getByTestId('verdict').dataset.verdict).toBe('forged'));
    expect(screen.getByTestId('verdict').textContent).toContain('No ticket 1111111111111 on the list');
    expect(screen.getByTestId('sync').dataset.pending).toBe('3');

    await typeTicket(m, '12345');
    expect(await screen.findByText(m.check.badNumber)).toBeTruthy();
  });

  it('says Offline when the server is silent at start, however soon after the first render the probe fails', async () => {
    // The probe fails at once (a resolved promise), before the next frame; the screen must still learn it,
    // though nothing else changes afterwards.
    const { controller, m } = await openCheckScreen('en', { silentServer: true, asMainDoes: true });
    await waitFor(() => expect(screen.getByTestId('connection').textContent).toContain(m.app.offline));
    expect(controller.connected()).toBe(false);
  });

  it('adds a missing ID at the door, queued while offline, and lists it', async () => {
    const { paid, controller, m } = await openCheckScreen('en');
    await typeTicket(m, paid.ticketId);
    await screen.findByTestId('verdict');
    const seat8 = screen.getByTestId('verdict').querySelector('[data-seat="8"]')!;
    fireEvent.click(seat8.querySelector('button')!);
    const form = await screen.findByTestId('id-form');
    fireEvent.input(form.querySelector('[name=fullName]')!, { target: { value: 'Huda Ali' } });
    fireEvent.click(screen.getByRole('button', { name: m.idForm.save }));
    expect(await screen.findByText(m.idForm.problems.idType)).toBeTruthy();
    fireEvent.change(form.querySelector('[name=idType]')!, { target: { value: 'national_card' } });
    fireEvent.input(form.querySelector('[name=idNumber]')!, { target: { value: 'ab 12-345' } });
    fireEvent.click(screen.getByRole('button', { name: m.idForm.save }));
    expect((await screen.findByTestId('id-outcome')).textContent).toBe(m.idForm.queued);
    expect(controller.edits()).toMatchObject([
      { seat: 8, idType: 'national_card', idNumber: 'AB12345', state: 'pending' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('verdict').querySelector('[data-seat="8"]')!.textContent).toContain(
        'National ID card ending 2345',
      ),
    );
  });

  it('reads right to left in Arabic, with the ticket number isolated', async () => {
    const { paid, m } = await openCheckScreen('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await typeTicket(m, paid.ticketId);
    const verdict = await screen.findByTestId('verdict');
    expect(verdict.textContent).toContain(checkinAr.verdicts.valid);
    const isolated = [...verdict.querySelectorAll('bdi[dir=ltr]')].map((node) => node.textContent);
    expect(isolated).toContain(paid.ticketId);
  });
});

// The server's two refusals at the door, in the conductor's words (issue 18): a trip that is not one this
// conductor checks (403 NOT_DOOR_TRIP: its package is not downloaded), and an account that sent its hourly
// share of scans (429 TOO_MANY_SCANS: the scans stay on the phone and are sent later). Never the server's English.
describe.each(['en', 'ar'] as const)('refusals at the door (%s)', (lang) => {
  it.each(['notDoorTrip', 'notYourTrip'] as const)(
    'a trip that is not the conductor’s (%s: outside their days, or not assigned): the download says so',
    async (refusal) => {
      const { server, m } = await openCheckScreen(lang, { stayOnline: true, path: CHECKIN_ROUTES.home });
      server.state[refusal] = true;
      fireEvent.click(await waitFor(() => screenButton(document.body, m.trips.update)));
      const note = await waitFor(() => {
        const found = document.querySelector<HTMLElement>(`[data-problem="${refusal}"]`);
        if (!found) throw new Error('no note yet');
        return found;
      });
      expect(note.textContent).toBe(m.trips[refusal]);
    },
  );

  it('too many scans this hour: the scans stay on the phone and the screen says why', async () => {
    const { paid, server, controller, m } = await openCheckScreen(lang, { stayOnline: true });
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
