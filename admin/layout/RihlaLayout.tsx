// react-admin's layout with our app bar and sidebar; keeps the page title in step with the route, and fetches
// the everyday screens once the first page has shown.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { usePrefetchEveryday } from '../screens.ts';
import { RihlaAppBar } from './RihlaAppBar.tsx';
import { RihlaMenu } from './RihlaMenu.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function RihlaLayout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  usePrefetchEveryday();
  return (
    <Layout appBar={RihlaAppBar} menu={RihlaMenu}>
      {children}
    </Layout>
  );
}
