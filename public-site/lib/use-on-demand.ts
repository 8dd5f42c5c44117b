// A module fetched only when the traveller asks for what it holds (the later payment-proof form), so the
// pages that may show it do not carry it. A failed fetch (a dropped connection) can be tried again.
import { useState } from 'preact/hooks';

type OnDemand<T> = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; value: T };

export function useOnDemand<T>(load: () => Promise<{ default: T }>) {
  const [state, setState] = useState<OnDemand<T>>({ status: 'idle' });
  const start = () => {
    setState({ status: 'loading' });
    load().then(
      (module) => setState({ status: 'ready', value: module.default }),
      () => setState({ status: 'failed' }),
    );
  };
  return { state, load: start };
}
