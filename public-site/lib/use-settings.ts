// The operator's contact details from the server's configuration (GET /api/settings), fetched once.
import { useEffect, useState } from 'preact/hooks';
import { getJson } from './api.ts';
import { apiPaths } from './api-paths.ts';
import type { PublicSettings } from './types.ts';

let cached: Promise<PublicSettings> | null = null;

export function useOperatorContact(): PublicSettings['operator'] | null {
  const [operator, setOperator] = useState<PublicSettings['operator'] | null>(null);
  useEffect(() => {
    let alive = true;
    cached ??= getJson<PublicSettings>(apiPaths.settings);
    cached.then(
      (settings) => alive && setOperator(settings.operator),
      () => {
        cached = null; // nothing is shown rather than a placeholder; a later page may try again
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return operator;
}
