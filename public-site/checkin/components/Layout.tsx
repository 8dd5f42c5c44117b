// The frame of every screen: the app's name, whether the phone is online and what waits to be sent, the
// language switch; banners for an ended session and for a new version of the app.
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { CHECKIN_BASE } from '../../../shared/routes.ts';
import { useApp, useOnline } from '../lib/app-context.ts';
import { fill, useI18n } from '../lib/i18n.ts';
import { onUpdateReady } from '../lib/service-worker.ts';

export function Layout({ children }: { children: ComponentChildren }) {
  const { m, lang, setLang } = useI18n();
  const { session, controller, user, setUser } = useApp();
  const online = useOnline();
  const [update, setUpdate] = useState<(() => void) | null>(null);
  useEffect(() => onUpdateReady((apply) => setUpdate(() => apply)), []);
  const pending = controller.pending();

  return (
    <>
      <header class="bar">
        <a class="bar-title" href={CHECKIN_BASE}>
          {m.app.title}
        </a>
        <span class={`pill ${online ? 'pill-on' : 'pill-off'}`} data-testid="connection">
          {online ? m.app.online : m.app.offline}
        </span>
        {pending > 0 && (
          <span
            class="pill pill-wait"
            data-testid="pending-badge"
            role="status"
            aria-label={fill(m.app.pendingLabel, { count: pending })}
          >
            <bdi dir="ltr">{pending}</bdi>
          </span>
        )}
        <span class="bar-end">
          <button
            type="button"
            class="bar-button"
            lang={lang === 'ar' ? 'en' : 'ar'}
            aria-label={m.app.switchLanguageLabel}
            onClick={() => void setLang(lang === 'ar' ? 'en' : 'ar')}
          >
            {m.app.switchLanguage}
          </button>
        </span>
      </header>
      {update && (
        <p class="banner">
          {m.app.updateReady}{' '}
          <button type="button" class="link-button" onClick={update}>
            {m.app.reload}
          </button>
        </p>
      )}
      {user && session.hasEnded() && (
        <p class="banner banner-warn" role="alert">
          {m.signIn.expired}{' '}
          <button type="button" class="link-button" onClick={() => setUser(null)}>
            {m.signIn.submit}
          </button>
        </p>
      )}
      <main id="main">{children}</main>
    </>
  );
}
