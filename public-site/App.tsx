import { LocationProvider, Route, Router } from 'preact-iso/router';
import { PUBLIC_ROUTES } from '../shared/routes.ts';
import { Layout } from './components/Layout.tsx';
import NotFound from './pages/NotFound.tsx';
import { pages, PUBLIC_SCOPE } from './routes.ts';

export function App() {
  return (
    <LocationProvider scope={PUBLIC_SCOPE}>
      <Layout>
        <Router>
          {[
            ...PUBLIC_ROUTES.map((path) => (
              <Route key={path} path={path} component={pages[path].component} />
            )),
            <Route key="404" default component={NotFound} />,
          ]}
        </Router>
      </Layout>
    </LocationProvider>
  );
}
