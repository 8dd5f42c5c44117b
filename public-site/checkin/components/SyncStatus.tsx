// What waits to be sent and what the last sync did; "Sync now" also downloads the trip again, so boardings
// made on other phones and payments decided since show here.
import { khartoumToday } from '../../../shared/rules.ts';
import { useApp } from '../lib/app-context.ts';
import { khartoumTime } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { Filled, Ltr } from './Words.tsx';

export function SyncStatus({ tripId }: { tripId: string }) {
  const { m } = useI18n();
  const { controller, session } = useApp();
  const pending = controller.pending();
  const { syncing, lastSyncAt, problem } = controller.syncState();
  const notTaken = controller.scans(tripId).some((scan) => scan.refused);

  async function syncNow() {
    await controller.syncNow();
    if (!controller.syncState().problem) await controller.download(tripId).catch(() => undefined);
  }

  return (
    <section class="sync" data-testid="sync" data-pending={pending} data-syncing={syncing}>
      <p class="sync-line">
        <strong>
          {pending ? (
            <Filled text={m.sync.pending} values={{ count: <Ltr>{pending}</Ltr> }} />
          ) : (
            m.sync.allSent
          )}
        </strong>
        {lastSyncAt && (
          <span class="muted">
            {' · '}
            <Filled
              text={m.sync.lastSync}
              values={{ time: <Ltr>{khartoumTime(lastSyncAt, khartoumToday())}</Ltr> }}
            />
          </span>
        )}
      </p>
      {session.hasEnded() ? (
        <p class="note note-warn">{m.sync.signInToSync}</p>
      ) : (
        (problem === 'error' || problem === 'tooMany') && (
          <p class="note note-warn" data-problem={problem}>
            {problem === 'tooMany' ? m.sync.tooManyScans : m.sync.failed}
          </p>
        )
      )}
      {notTaken && (
        <p class="note note-warn" data-testid="scans-not-taken">
          {m.sync.someNotTaken}
        </p>
      )}
      {/* Pressable whenever the browser has a network: it asks the server again when the last call failed. */}
      <button
        type="button"
        class="button"
        disabled={!controller.browserOnline() || syncing}
        onClick={() => void syncNow()}
      >
        {syncing ? m.sync.syncing : m.sync.syncNow}
      </button>
    </section>
  );
}
