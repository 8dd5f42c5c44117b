// The payments' pages and the counter sale, loaded on demand (./pages.ts, with their words): neither /login
// nor the first page after sign-in carries them. Static segments (import, refunds, messages) outrank the review's :id.
import { type ReactNode, Suspense } from 'react';
import { Loading } from 'react-admin';
import { Route } from 'react-router-dom';
import { onDemand, type ScreenName } from '../common/onDemand.tsx';
import { IMPORT_PATH, MESSAGES_PATH, PAYMENTS_PATH, REFUNDS_PATH } from './paths.ts';

type PageName = ScreenName<typeof import('./pages.ts')>;

const { useScreen: usePage } = onDemand(
  () => import('./pages.ts'),
  (module) => module.paymentMessages,
);

/** A page of the payments' chunk, shown once it (and its words) arrived. */
export function OnDemandPage({ name, fallback = <Loading /> }: { name: PageName; fallback?: ReactNode }) {
  const Page = usePage(name);
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
  <Route key="payments-messages" path={MESSAGES_PATH} element={<OnDemandPage name="MessageList" />} />,
  <Route
    key="payments-review"
    path={`${PAYMENTS_PATH}/:id`}
    element={<OnDemandPage name="PaymentReview" />}
  />,
  <Route key="counter-sale" path="/trips/:id/sell" element={<OnDemandPage name="CounterSale" />} />,
];
