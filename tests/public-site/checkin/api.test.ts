// The conductor app's look at the server (api.ts): a health call the network swallows must end in "out of
// reach" after PROBE_TIMEOUT_MS, not wait for ever with the app saying Online; an answer or a refused
// connection decides at once. The network is the only thing faked here (a fetch that never answers, as a Wi-Fi
// with no way out does, until the request is aborted).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkinApi, PROBE_TIMEOUT_MS } from '../../../public-site/checkin/lib/api.ts';
import type { Session } from '../../../public-site/checkin/lib/session.ts';

const api = checkinApi({} as Session);

/** A fetch that answers `answer` (a Response, an error, or never), and rejects when its request is aborted. */
function network(answer: 'never' | 'refused' | Response) {
  return vi.fn((_url: string, init?: RequestInit) => {
    if (answer instanceof Response) return Promise.resolve(answer);
    if (answer === 'refused') return Promise.reject(new TypeError('Failed to fetch'));
    return new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
    );
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reachable', () => {
  it('a call the network swallows is "out of reach" after PROBE_TIMEOUT_MS, not before', async () => {
    vi.useFakeTimers();
    const fetch = network('never');
    vi.stubGlobal('fetch', fetch);
    let answer: boolean | undefined;
    void api.reachable().then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBe(false);
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.objectContaining({ cache: 'no-store' }));
  });

  it('an answer says reachable at once, a refused connection out of reach at once', async () => {
    vi.stubGlobal('fetch', network(new Response('{}', { status: 200 })));
    expect(await api.reachable()).toBe(true);
    vi.stubGlobal('fetch', network('refused'));
    expect(await api.reachable()).toBe(false);
  });
});
