// Registers the service worker (built by vite-plugin-pwa / Workbox) that keeps the app shell for offline use.
// Its scope is /check-in itself (the server allows it with Service-Worker-Allowed). A new version waits until
// the conductor chooses to reload: never in the middle of boarding.
import { CHECKIN_BASE, CHECKIN_SW_SCOPE } from '../../../shared/routes.ts';

type Listener = (apply: () => void) => void;
const listeners = new Set<Listener>();

/** Called with a function that switches to the new version, when one is waiting. */
export function onUpdateReady(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .register(`${CHECKIN_BASE}/sw.js`, { scope: CHECKIN_SW_SCOPE })
    .then((registration) => {
      const announce = (waiting: ServiceWorker) => {
        const apply = () => {
          navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), {
            once: true,
          });
          waiting.postMessage({ type: 'SKIP_WAITING' });
        };
        listeners.forEach((listener) => listener(apply));
      };
      if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
        });
      });
    })
    .catch(() => undefined);
}
