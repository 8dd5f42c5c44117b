// Declarations for two packages that ship no types here (@types/react-dom and @types/stylis are not
// installed): only what the back-office uses.
declare module 'react-dom/client' {
  import type { ReactNode } from 'react';
  export interface Root {
    render(children: ReactNode): void;
    unmount(): void;
  }
  export function createRoot(container: Element | DocumentFragment): Root;
}

declare module 'stylis' {
  export type Middleware = (
    element: any,
    index: number,
    children: any[],
    callback: Middleware,
  ) => string | void;
  export const prefixer: Middleware;
}
