// The one place where the public site talks to the API with fetch and turns failures into ApiError.
// (Uploads with progress use XMLHttpRequest instead: see upload.ts.)

/** An answer other than 2xx; `status` 0 means the request never reached the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; code?: string; [key: string]: unknown } | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

export function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(response.status, body);
  }
  return response;
}

export async function getJson<T>(path: string): Promise<T> {
  const response = await send(path, { headers: { Accept: 'application/json' } });
  return (await response.json()) as T;
}

export async function sendJson<T>(method: 'POST' | 'PATCH', path: string, data: unknown): Promise<T> {
  const response = await send(path, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(data),
  });
  return (await response.json().catch(() => null)) as T;
}

export async function getBlob(path: string): Promise<Blob> {
  const response = await send(path, {});
  return response.blob();
}
