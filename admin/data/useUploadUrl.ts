// A staff-only upload (a payment proof) as an object URL: an <img src> cannot send the bearer token, so the
// file is fetched with it (once per path: uploads never change) and shown through a URL released when it is
// no longer shown.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { RihlaDataProvider } from './dataProvider.ts';

export function useUploadUrl(path: string | undefined) {
  const dataProvider = useDataProvider<RihlaDataProvider>();
  const { data: blob, isError } = useQuery({
    queryKey: ['uploads', path],
    queryFn: () => dataProvider.upload(path!),
    enabled: !!path,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return { url: blob ? url : undefined, isError };
}
