// Screens loaded on first use, so that neither /login nor the first page after sign-in carries them.
// `onFirstUse`: one screen behind its loader (an import()), shared by every place that shows it and warmed by
// `prefetch`. `onDemand`: the screens of a chunk with the words only they use (`messages`), which join the
// i18nProvider's messages (`extend`) before a screen shows; one lazy component per screen and i18nProvider
// (the app has one; each component test its own), so moving between the screens never suspends again.
import {
  type ComponentProps,
  type ComponentType,
  lazy,
  type LazyExoticComponent,
  type ReactNode,
  Suspense,
} from 'react';
import { type I18nProvider, Loading, useI18nProvider } from 'react-admin';
import type { MessagesLoader, RihlaI18n } from '../i18n/i18nProvider.ts';

/** Loads a screen's module (an import()) and answers its component. */
export type ScreenLoader = () => Promise<ComponentType>;

const loaded = new WeakMap<ScreenLoader, Promise<ComponentType>>();

/** Starts loading a screen (or finds it loading or loaded): each module is asked for once. */
export function prefetch(load: ScreenLoader): Promise<ComponentType> {
  if (!loaded.has(load)) {
    const loading = load();
    // A failed load (a network error) is tried again the next time.
    loading.catch(() => loaded.delete(load));
    loaded.set(load, loading);
  }
  return loaded.get(load)!;
}

/** A screen that loads on first use, react-admin's loading indicator meanwhile. */
export function onFirstUse(load: ScreenLoader): ComponentType {
  const Screen = lazy(async () => ({ default: await prefetch(load) }));
  function OnFirstUse() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  }
  return OnFirstUse;
}

/** The names of a module's exports that are components. */
export type ScreenName<M> = { [K in keyof M]: M[K] extends ComponentType<any> ? K : never }[keyof M];

export function onDemand<M>(load: () => Promise<M>, messages?: (module: M) => MessagesLoader) {
  const made = new WeakMap<I18nProvider, Map<ScreenName<M>, LazyExoticComponent<ComponentType<any>>>>();
  /** The lazy component of one screen of the chunk (a hook: it reads the app's i18nProvider). */
  function useScreen<N extends ScreenName<M>>(name: N): LazyExoticComponent<M[N] & ComponentType<any>> {
    const i18n = useI18nProvider();
    const screens = made.get(i18n) ?? new Map();
    made.set(i18n, screens);
    if (!screens.has(name))
      screens.set(
        name,
        lazy(async () => {
          const module = await load();
          if (messages) await (i18n as Partial<RihlaI18n>).extend?.(messages(module));
          return { default: module[name] as ComponentType<any> };
        }),
      );
    return screens.get(name) as LazyExoticComponent<M[N] & ComponentType<any>>;
  }
  /** A component that shows one screen of the chunk once it arrived (`fallback` meanwhile). */
  function screen<N extends ScreenName<M>>(name: N, fallback: ReactNode = <Loading />) {
    function OnDemand(props: ComponentProps<M[N] & ComponentType<any>>) {
      const Screen = useScreen(name);
      return (
        <Suspense fallback={fallback}>
          <Screen {...props} />
        </Suspense>
      );
    }
    OnDemand.displayName = `OnDemand(${String(name)})`;
    return OnDemand;
  }
  return { useScreen, screen };
}
