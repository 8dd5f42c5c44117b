// The payments' pages and the counter sale, loaded on demand (./pages.ts, with their words): neither /login
// nor the first page after sign-in carries them. Static segments (import, refunds) outrank the review's :id.
import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';
import { type I18nProvider, Loading, useI18nProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import type { RihlaI18n } from '../i18n/i18nProvider.ts';
import { IMPORT_PATH, PAYMENTS_PATH, REFUNDS_PATH } from './paths.ts';

type PageName = Exclude<keyof typeof import('./pages.ts'), 'paymentMessages'>;

// One lazy component per page and i18nProvider (the app has one; each component test its own), so that moving
// between the pages never suspends again.
const made = new WeakMap<I18nProvider, Map<PageName, LazyExoticComponent<ComponentType>>>();

function lazyPage(i18n: I18nProvider, name: PageName) {
  const pages = made.get(i18n) ?? new Map();
  made.set(i18n, pages);
  if (!pages.has(name))
    pages.set(
      name,
      lazy(async () => {
        const module = await import('./pages.ts');
        await (i18n as Partial<RihlaI18n>).extend?.(module.paymentMessages);
        return { default: module[name] as ComponentType };
      }),
    );
  return pages.get(name)!;
}

/** A page of the payments' chunk, shown once it (and its words) arrived. */
export function OnDemandPage({
  name,
  fallback = <Loading />,
}: {
  name: PageName;
  fallback?: React.ReactNode;
}) {
  const Page = lazyPage(useI18nProvider(), name);
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

export const paymentRoutes = [
  <Route key="payments" path={PAYMENTS_PATH} element={<OnDemandPage name="PaymentQueue" />} />,
  <Route key="payments-import" path={IMPORT_PATH} element={<OnDemandPage name="StatementImport" />} />,
  <Route key="payments-refunds" path={REFUNDS_PATH} element={<OnDemandPage name="RefundList" />} />,
  <Route
    key="payments-review"
    path={`${PAYMENTS_PATH}/:id`}
    element={<OnDemandPage name="PaymentReview" />}
  />,
  <Route key="counter-sale" path="/trips/:id/sell" element={<OnDemandPage name="CounterSale" />} />,
];
