// The last checks made on this phone for the trip, newest first: when, which ticket, the phone's verdict and,
// once synced, the server's where it differs; a clock while a scan waits to be sent.
import { khartoumToday } from '../../../shared/rules.ts';
import { useApp } from '../lib/app-context.ts';
import { colourOf } from '../lib/feedback.ts';
import { khartoumTime } from '../lib/format.ts';
import { useI18n } from '../lib/i18n.ts';
import { Ltr } from './Words.tsx';

const SHOWN = 12;

export function RecentScans({ tripId }: { tripId: string }) {
  const { m } = useI18n();
  const { controller } = useApp();
  const scans = controller.scans(tripId).slice(-SHOWN).reverse();
  return (
    <section class="stack" aria-labelledby="recent">
      <h2 id="recent">{m.check.recent}</h2>
      {scans.length === 0 && <p class="muted">{m.check.noScans}</p>}
      <ul class="scans" data-testid="recent-scans">
        {scans.map((scan) => (
          <li key={scan.id} data-verdict={scan.local.verdict} data-synced={!!scan.server || !!scan.refused}>
            <Ltr>{khartoumTime(scan.scannedAt, khartoumToday())}</Ltr>
            <Ltr>{scan.local.ticketId ?? '—'}</Ltr>
            <span class={`chip chip-${colourOf(scan.local.verdict)}`}>
              {m.verdictShort[scan.local.verdict]}
            </span>
            {scan.server && scan.server.verdict !== scan.local.verdict && (
              <span class={`chip chip-${colourOf(scan.server.verdict)}`}>
                → {m.verdictShort[scan.server.verdict]}
              </span>
            )}
            {scan.refused ? (
              <span class="muted" data-testid="scan-refused">
                {m.sync.notTaken[scan.refused]}
              </span>
            ) : (
              !scan.server && <span class="muted">{m.sync.notSent}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
