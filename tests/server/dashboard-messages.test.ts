// The dashboard's outbox figures (issue 20): messages that failed for good in the last 24 h (a last try, a
// refusal or a failed delivery report), and the SMS segments sent since the 1st of this month on Khartoum's
// calendar (a message sent at 00:30 on the 1st in Khartoum is this month's, though still last month in UTC).
// The same roles as the messages routes see them; a conductor sees no dashboard.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Db } from '../../server/db/schema.ts';
import { claimDue, enqueue, recordDelivery, recordOutcome } from '../../server/messages/outbox.repository.ts';
import { CAPABILITIES } from '../../shared/roles.ts';
import { khartoumMidnight, khartoumToday } from '../../shared/rules.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const HOUR = 3_600_000;

describe.each(dialects)('dashboard: the outbox figures (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock });
  const db = () => t.app.db as Db;
  let phone = 0;
  /** Queues a message of `text` and answers its id. */
  const queued = async (text: string) => {
    await enqueue(
      db(),
      { kind: 'broadcast', phone: `0912${String(++phone).padStart(6, '0')}`, language: 'en', text },
      clock.now(),
    );
    const row = await db()
      .selectFrom('messages')
      .select('id')
      .where('text', '=', text)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const figures = async () => {
    const response = await t.staff.get('/api/dashboard/summary');
    expect(response.statusCode, response.body).toBe(200);
    return response.json().messages as { failedLastDay: number; segmentsThisMonth: number };
  };

  it('the dashboard is for the roles that read messages', () => {
    expect(CAPABILITIES['dashboard.read']).toEqual(CAPABILITIES['messages.read']);
  });

  it('counts failures of the last 24 h and the segments sent since the 1st, Khartoum time', async () => {
    expect(await figures()).toEqual({ failedLastDay: 0, segmentsThisMonth: 0 });
    const now = clock.now();
    const monthStart = khartoumMidnight(`${khartoumToday(now).slice(0, 7)}-01`);
    const sentAt = async (id: string, at: number, segments: number) =>
      db()
        .updateTable('messages')
        .set({ status: 'sent', sent_at: new Date(at).toISOString(), segments })
        .where('id', '=', id)
        .execute();
    await sentAt(await queued('sent last month'), monthStart - 60_000, 3);
    await sentAt(await queued('sent on the 1st, 00:30 Khartoum'), monthStart + 30 * 60_000, 2);
    await sentAt(await queued('sent now'), now.getTime(), 1);

    // Refused by the gateway now; refused 25 hours ago; reported undelivered now.
    const refusedNow = await queued('refused now');
    const refusedBefore = await queued('refused yesterday');
    const claimed = await claimDue(db(), 'n', now, 10, 60_000);
    for (const [id, at] of [
      [refusedNow, now],
      [refusedBefore, new Date(now.getTime() - 25 * HOUR)],
    ] as const)
      await recordOutcome(
        db(),
        claimed.find((row) => row.id === id)!,
        'n',
        { fail: 'HTTP 400' },
        at,
      );
    const undelivered = await queued('not delivered');
    await claimDue(db(), 'n', now, 10, 60_000);
    await recordOutcome(
      db(),
      { id: undelivered, phone: '', text: '', tries: 1, kind: 'broadcast' },
      'n',
      { sent: true },
      now,
    );
    expect(await recordDelivery(db(), { id: undelivered, status: 'failed' }, now)).toBe(true);

    expect(await figures()).toEqual({ failedLastDay: 2, segmentsThisMonth: 2 + 1 + 1 });
    // A failed message sent again is no longer counted as failed.
    expect((await t.staff.patch(`/api/messages/resend/${refusedNow}`)).statusCode).toBe(200);
    expect((await figures()).failedLastDay).toBe(1);
  });

  it('a conductor gets no dashboard', async () => {
    const conductor = client(
      t,
      await staffToken(t, { email: 'door2@rihla.test', password: 'dune-camel-lantern-48' }, 'conductor'),
    );
    expect((await conductor.get('/api/dashboard/summary')).statusCode).toBe(403);
  });
});
