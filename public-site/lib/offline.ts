// The public site's service worker (vite-plugin-pwa / Workbox, vite.config.ts), which keeps the shell, My
// tickets and both languages for visits with no network. Registered only once a traveller has a ticket to keep
// (a ticket saved after a booking or a look-up) or opens My tickets: this module comes with those, never with
// a first visit, which downloads nothing more for it. A new version takes over at the next visit.
export function keepOffline() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
