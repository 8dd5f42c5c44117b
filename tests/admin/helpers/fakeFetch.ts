// A stand-in for the network in unit tests: answers by method and path, and records every call.
export interface Call {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> } | Response;
type Handler = (call: Call) => Answer | Promise<Answer>;

export function fakeFetch(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  async function fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(String(input), 'http://rihla.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      method,
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler)
      return new Response(JSON.stringify({ message: `No such call: ${method} ${url.pathname}` }), {
        status: 404,
      });
    const answer = await handler(call);
    if (answer instanceof Response) return answer;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  }
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A session answer as POST /api/auth/login and /refresh give it. */
export const signedIn = (token: string) => ({
  body: { access_token: token, user: { _id: 'u1', full_name: 'Amna Osman', email: 'amna@rihla.test' } },
});
