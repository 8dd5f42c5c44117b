// Gives a screen mounted on a custom route (a spec URL) the resource context react-admin's routes give.
import type { ReactNode } from 'react';
import { ResourceContextProvider } from 'react-admin';

export function AsResource({ name, children }: { name: string; children: ReactNode }) {
  return <ResourceContextProvider value={name}>{children}</ResourceContextProvider>;
}
