// My tickets' list: the tickets kept on this phone at once (no network needed), then their news from the
// server when online (and again when the connection comes back). Forgetting one removes it from the phone.
import { useEffect, useState } from 'preact/hooks';
import { forgetTicket, listTickets, refreshTickets, type SavedTicket } from './saved-tickets.ts';

export type RefreshState = 'idle' | 'refreshing' | 'done' | 'offline';

export function useSavedTickets() {
  const [tickets, setTickets] = useState<SavedTicket[] | null>(null);
  const [refresh, setRefresh] = useState<RefreshState>('idle');

  const reload = async () => {
    const kept = await listTickets().catch(() => [] as SavedTicket[]);
    setTickets(kept);
    return kept;
  };

  const update = async (kept: SavedTicket[]) => {
    if (!kept.length) return;
    if (!navigator.onLine) return setRefresh('offline');
    setRefresh('refreshing');
    try {
      setTickets(await refreshTickets(kept));
      setRefresh('done');
    } catch {
      setRefresh('offline');
    }
  };

  useEffect(() => {
    let kept: SavedTicket[] = [];
    void reload().then((found) => update((kept = found)));
    const online = () => void update(kept);
    const offline = () => setRefresh('offline');
    addEventListener('online', online);
    addEventListener('offline', offline);
    return () => {
      removeEventListener('online', online);
      removeEventListener('offline', offline);
    };
  }, []);

  const forget = async (ticket: SavedTicket) => {
    await forgetTicket(ticket);
    await reload();
  };

  return { tickets, refresh, reload, forget };
}
