// Entry of the conductors' app (/check-in): the language, this phone's name and its downloaded trips from
// IndexedDB, then the screens; the service worker that keeps the app for offline days is registered after.
import { render } from 'preact';
import { App } from './App.tsx';
import { checkinApi } from './lib/api.ts';
import { createController } from './lib/controller.ts';
import { newDeviceName } from './lib/device.ts';
import { applyDocumentLang, loadMessages, storedLang } from './lib/i18n.ts';
import { warmScanner } from './lib/scanner.ts';
import { createSession } from './lib/session.ts';
import { verifySignature } from './lib/signature.ts';
import { openStore } from './lib/store.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './styles.css';

async function start() {
  let lang = storedLang();
  const messages = await loadMessages(lang).catch(() => {
    lang = 'en';
    return loadMessages('en');
  });
  applyDocumentLang(lang, messages);
  const session = createSession();
  const store = openStore();
  const controller = createController({
    api: checkinApi(session),
    store,
    verify: verifySignature,
    deviceId: await store.deviceId(newDeviceName),
    warmScanner,
  });
  await controller.init();
  render(
    <App
      session={session}
      controller={controller}
      initialUser={(await store.rememberedUser()) ?? null}
      initialLang={lang}
      initialMessages={messages}
    />,
    document.getElementById('app')!,
  );
  controller.start();
  registerServiceWorker();
}

void start();
