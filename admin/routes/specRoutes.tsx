// The staff URLs of the spec (shared/routes.ts) on top of react-admin's own routes: pages of their own (/dashboard,
// /setting, /user, /register, the report view /reports/{id}, /edit-report/{id}), and redirects from the
// other /create-… and /edit-…/{id} shapes to the react-admin route that shows the same screen; and the
// payments' pages and the counter sale (loaded on demand).
import type { ComponentType } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { STAFF_PAGE_RESOURCES } from '../../shared/routes.ts';
import { AsResource } from '../common/AsResource.tsx';
import { paymentRoutes } from '../payments/routes.tsx';
import { Dashboard } from '../dashboard/Dashboard.tsx';
import { reportScreens } from '../reports/index.ts';
import { SettingsPage } from '../settings/SettingsPage.tsx';
import { userScreens } from '../users/index.ts';

function RedirectWithId({ to }: { to: (id: string) => string }) {
  const { id = '' } = useParams();
  return <Navigate replace to={to(encodeURIComponent(id))} />;
}

const page = (resource: string, Screen: ComponentType | undefined) => (
  <AsResource name={resource}>{Screen ? <Screen /> : null}</AsResource>
);

const redirects = Object.entries(STAFF_PAGE_RESOURCES).flatMap(([segment, resource]) => {
  if (segment.startsWith('create-'))
    return [
      <Route key={segment} path={`/${segment}`} element={<Navigate replace to={`/${resource}/create`} />} />,
    ];
  if (segment.startsWith('edit-') && resource !== 'reports')
    return [
      <Route
        key={segment}
        path={`/${segment}/:id`}
        element={<RedirectWithId to={(id) => `/${resource}/${id}`} />}
      />,
    ];
  return [];
});

export const specRoutes = [
  <Route key="dashboard" path="/dashboard" element={<Dashboard />} />,
  <Route key="setting" path="/setting" element={<SettingsPage />} />,
  <Route key="user" path="/user" element={page('users', userScreens.list as ComponentType)} />,
  <Route key="register" path="/register" element={page('users', userScreens.create as ComponentType)} />,
  // /reports/{id} is the report view, so react-admin's edit route moves to /edit-report/{id}; /reports/create
  // is declared again so that it outranks /reports/:id.
  <Route
    key="report-create"
    path="/reports/create"
    element={page('reports', reportScreens.create as ComponentType)}
  />,
  <Route
    key="report-view"
    path="/reports/:id"
    element={page('reports', reportScreens.show as ComponentType)}
  />,
  <Route
    key="report-edit"
    path="/edit-report/:id"
    element={page('reports', reportScreens.edit as ComponentType)}
  />,
  ...paymentRoutes,
  ...redirects,
];
