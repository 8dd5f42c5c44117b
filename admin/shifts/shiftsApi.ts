// The cash-up calls of the back-office (/api/shifts), typed, over the data provider's `request` so that they
// share its session and its error mapping (HttpError with the server's body).
import type { ShiftDocument } from '../../shared/contract/shifts.ts';
import { shiftPaths } from '../../shared/api-paths.ts';
import type { RihlaDataProvider } from '../data/dataProvider.ts';

export type Shift = ShiftDocument;
export type ShiftStatus = 'open' | 'closed';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function shiftsApi(provider: RihlaDataProvider) {
  const send = async (method: string, path: string, body: unknown): Promise<Shift> =>
    (await provider.request(path, { method, headers: JSON_HEADERS, body: JSON.stringify(body) })).json();
  return {
    async list(status: ShiftStatus | undefined, end = 100) {
      const query = new URLSearchParams({ _start: '0', _end: String(end), ...(status ? { status } : {}) });
      const response = await provider.request(`${shiftPaths.list()}?${query}`);
      const data: Shift[] = await response.json();
      return { data, total: Number(response.headers.get('X-Total-Count') ?? data.length) };
    },
    open: (float: number) => send('POST', shiftPaths.open(), { float }),
    close: (id: string, counted: number) => send('PATCH', shiftPaths.close(id), { counted }),
  };
}
