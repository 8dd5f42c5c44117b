// The staff URLs of the spec (shared/routes.ts) on top of react-admin's own routes: pages of their own (/dashboard,
// /setting, /user, /register, the report view /reports/{id}, /edit-report/{id}), and redirects from the
// other /create-… and /edit-…/{id} shapes to the react-admin route that shows the same screen; the payments'
// pages and the counter sale; and one's own password. Every page but the dashboard loads on first use, and
// opens only for the roles that may use it (the forbidden page otherwise); /dashboard, where sign-in lands,
// sends a role without one to its start page instead.
import { cloneElement, type ComponentType, type ReactElement } from 'react';
import { Navigate, Route, useParams } from 'react-router-dom';
import { resources } from '../../shared/registry/index.ts';
import { ANALYTICS_PATH, DISRUPTIONS_PATH, SHIFTS_PATH, STAFF_PAGE_RESOURCES } from '../../shared/routes.ts';
import type { Capability } from '../../shared/roles.ts';
import { hasCapability, homePathFor } from '../auth/access.ts';
import { RequireAccess } from '../auth/RequireAccess.tsx';
import { CHANGE_PASSWORD_PATH } from '../auth/redirects.ts';
import { useRole } from '../auth/useCan.ts';
import { AsResource } from '../common/AsResource.tsx';
import { onFirstUse } from '../common/onDemand.tsx';
import { Dashboard } from '../dashboard/Dashboard.tsx';
import { paymentRoutes } from '../payments/routes.tsx';
import { configOf } from '../generated/screenConfig.ts';
import { office } from '../generated/screens.ts';
import { screensFor } from '../screens.ts';

function RedirectWithId({ to }: { to: (id: string) => string }) {
  const { id = '' } = useParams();
  return <Navigate replace to={to(encodeURIComponent(id))} />;
}

const SettingsPage = onFirstUse(async () => (await office()).SettingsPage);
const ChangePasswordPage = onFirstUse(async () => (await office()).ChangePasswordPage);
const DisruptionsPage = onFirstUse(async () => (await office()).DisruptionsPage);
const AnalyticsPage = onFirstUse(async () => (await office()).AnalyticsPage);
const ShiftsPage = onFirstUse(async () => (await office()).ShiftsPage);

/** The spec's own URLs of resources' screens (their screenConfig's `specPages`): /user, /register, /reports/{id}, … */
const resourcePages = resources.flatMap((def) =>
  (configOf(def.name).specPages ?? []).map(({ path, view }) => {
    const Screen = screensFor(def)[view] as ComponentType | undefined;
    return (
      <Route
        key={path}
        path={path}
        element={<AsResource name={def.name}>{Screen ? <Screen /> : null}</AsResource>}
      />
    );
  }),
);
/** First segments those URLs take: no redirect for them. */
const ownSegments = new Set(resourcePages.map((route) => String(route.props.path).split('/')[1]));

const needing = (capability: Capability, element: ReactElement) => (
  <RequireAccess need={{ capability }}>{element}</RequireAccess>
);

/** The dashboard, or the start page of a role that may not read it. */
function Home() {
  const { known, role, companyId } = useRole();
  if (!known) return null;
  return hasCapability(role, 'dashboard.read') ? (
    <Dashboard />
  ) : (
    <Navigate replace to={homePathFor(role, companyId)} />
  );
}

/** What each payments' page needs (their routes are declared with the pages, in payments/routes.tsx). */
const PAYMENT_PAGE_NEEDS: Record<string, Capability> = {
  payments: 'payments.review',
  'payments-review': 'payments.review',
  'payments-import': 'payments.import',
  'payments-refunds': 'refunds.manage',
  'payments-messages': 'messages.read',
  'counter-sale': 'sales.counter',
};

const guardedPaymentRoutes = paymentRoutes.map((route) =>
  cloneElement(route, {
    element: needing(PAYMENT_PAGE_NEEDS[String(route.key)] ?? 'payments.review', route.props.element),
  }),
);

const redirects = Object.entries(STAFF_PAGE_RESOURCES).flatMap(([segment, resource]) => {
  if (segment.startsWith('create-'))
    return [
      <Route key={segment} path={`/${segment}`} element={<Navigate replace to={`/${resource}/create`} />} />,
    ];
  if (segment.startsWith('edit-') && !ownSegments.has(segment))
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
  <Route key="dashboard" path="/dashboard" element={<Home />} />,
  <Route key="setting" path="/setting" element={needing('operations.write', <SettingsPage />)} />,
  <Route key="disruptions" path={DISRUPTIONS_PATH} element={needing('trips.write', <DisruptionsPage />)} />,
  <Route key="analytics" path={ANALYTICS_PATH} element={needing('analytics.read', <AnalyticsPage />)} />,
  <Route key="shifts" path={SHIFTS_PATH} element={needing('shifts.own', <ShiftsPage />)} />,
  <Route key="password" path={CHANGE_PASSWORD_PATH} element={needing('self', <ChangePasswordPage />)} />,
  ...resourcePages,
  ...guardedPaymentRoutes,
  ...redirects,
];
