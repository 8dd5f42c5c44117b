// What every screen of the app reaches: the session, the controller (trips, checks, sync), the signed-in user
// and whether the browser is online; hooks that re-render a screen when any of them changes.
import { createContext } from 'preact';
import { useContext, useLayoutEffect, useState } from 'preact/hooks';
import type { Controller } from './controller.ts';
import type { Session } from './session.ts';
import type { RememberedUser } from './types.ts';

export interface AppState {
  session: Session;
  controller: Controller;
  user: RememberedUser | null;
  setUser: (user: RememberedUser | null) => void;
}

export const AppContext = createContext<AppState>(null as unknown as AppState);

/**
 * The app's state; re-renders on every change of the controller or the session. It subscribes in a layout
 * effect, which Preact runs within render(): a plain effect waits for the next frame (up to 100 ms), and a
 * change made in between (main.tsx starts the controller right after render, and an offline probe fails within
 * milliseconds) reached no listener, so the screen said Online until something else changed.
 */
export function useApp(): AppState {
  const app = useContext(AppContext);
  const [, setVersion] = useState(0);
  useLayoutEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const stopController = app.controller.subscribe(bump);
    const stopSession = app.session.subscribe(bump);
    return () => {
      stopController();
      stopSession();
    };
  }, [app.controller, app.session]);
  return app;
}

/** Whether the server can be reached (the controller's view: the browser's flag and the last call's fate). */
export function useOnline(): boolean {
  return useApp().controller.connected();
}
