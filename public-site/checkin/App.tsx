// The conductors' app: sign in, the day's trips and those on the phone, checking a trip's tickets, and its
// passenger list. Routed in the browser under /check-in (shared/routes.ts).
import { LocationProvider, Route, Router } from 'preact-iso/router';
import { useCallback, useMemo, useState } from 'preact/hooks';
import { CHECKIN_BASE, CHECKIN_ROUTES } from '../../shared/routes.ts';
import { Layout } from './components/Layout.tsx';
import { AppContext } from './lib/app-context.ts';
import type { Controller } from './lib/controller.ts';
import {
  applyDocumentLang,
  I18nContext,
  loadMessages,
  rememberLang,
  type CheckinMessages,
  type Lang,
} from './lib/i18n.ts';
import type { Session } from './lib/session.ts';
import type { RememberedUser } from './lib/types.ts';
import { CheckTrip } from './pages/CheckTrip.tsx';
import { Home } from './pages/Home.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { Passengers } from './pages/Passengers.tsx';

interface Props {
  session: Session;
  controller: Controller;
  initialUser: RememberedUser | null;
  initialLang: Lang;
  initialMessages: CheckinMessages;
}

export function App({ session, controller, initialUser, initialLang, initialMessages }: Props) {
  const [user, setUserState] = useState(initialUser);
  const [language, setLanguage] = useState({ lang: initialLang, m: initialMessages });

  const setUser = useCallback(
    (next: RememberedUser | null) => {
      void controller.store.rememberUser(next);
      setUserState(next);
    },
    [controller],
  );
  const setLang = useCallback(async (lang: Lang) => {
    const m = await loadMessages(lang);
    applyDocumentLang(lang, m);
    rememberLang(lang);
    setLanguage({ lang, m });
  }, []);

  const app = useMemo(() => ({ session, controller, user, setUser }), [session, controller, user, setUser]);
  const i18n = useMemo(() => ({ ...language, setLang }), [language, setLang]);
  return (
    <I18nContext.Provider value={i18n}>
      <AppContext.Provider value={app}>
        <LocationProvider scope={CHECKIN_BASE}>
          <Layout>
            <Router>
              <Route path={CHECKIN_ROUTES.home} component={Home} />
              <Route path={`${CHECKIN_BASE}/`} component={Home} />
              <Route path={CHECKIN_ROUTES.trip} component={CheckTrip} />
              <Route path={CHECKIN_ROUTES.passengers} component={Passengers} />
              <Route default component={NotFound} />
            </Router>
          </Layout>
        </LocationProvider>
      </AppContext.Provider>
    </I18nContext.Provider>
  );
}
