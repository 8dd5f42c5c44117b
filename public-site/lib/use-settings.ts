// The operator's contact details and payment instructions from the server's configuration (GET
// /api/settings), fetched once per visit. Nothing is shown in their place while they are missing.
import { useEffect, useState } from 'preact/hooks';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { PublicSettings } from './types.ts';

let cached: Promise<PublicSettings> | null = null;
/** Once they have arrived, later views start with them (no frame without the payment instructions). */
let loaded: PublicSettings | null = null;

export function useSettings(): { settings: PublicSettings | null; failed: boolean } {
  const [state, setState] = useState<{ settings: PublicSettings | null; failed: boolean }>({
    settings: loaded,
    failed: false,
  });
  useEffect(() => {
    let alive = true;
    cached ??= getJson<PublicSettings>(apiPaths.settings).then((settings) => (loaded = settings));
    cached.then(
      (settings) => alive && setState({ settings, failed: false }),
      () => {
        cached = null; // a later page may try again
        if (alive) setState({ settings: null, failed: true });
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

export function useOperatorContact(): PublicSettings['operator'] | null {
  return useSettings().settings?.operator ?? null;
}

/**
 * Whether the operator publishes a phone, an e-mail or an address (OPERATOR_* on the server): undefined while
 * the settings arrive, false when it publishes none or they cannot be fetched. Pages promise the details only
 * when they are there.
 */
export function useHasContactDetails(): boolean | undefined {
  const { settings, failed } = useSettings();
  if (!settings) return failed ? false : undefined;
  const { phone, email, address } = settings.operator;
  return Boolean(phone || email || address);
}

/** Forgets the settings fetched, as a new visit would (component tests serve different ones). */
export function forgetSettings() {
  cached = null;
  loaded = null;
}
