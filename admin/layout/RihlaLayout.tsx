// react-admin's layout with our app bar and sidebar; keeps the page title in step with the route.
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { RihlaAppBar } from './RihlaAppBar.tsx';
import { RihlaMenu } from './RihlaMenu.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function RihlaLayout({ children }: { children: ReactNode }) {
  useDocumentTitle();
  return (
    <Layout appBar={RihlaAppBar} menu={RihlaMenu}>
      {children}
    </Layout>
  );
}
