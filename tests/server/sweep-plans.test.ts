// The sweeps every node runs on a timer read only the rows they act on, however large the year: on SQLite a
// sweep holds the node's event loop for as long as its statement runs. SQLite's own plan (EXPLAIN QUERY PLAN)
// says how each will run; the figures are in bench/retention.ts and the README.
import { type Compilable, CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { oldIdNumbers } from '../../server/resources/boarding/boarding.repository.ts';
import { overdueProofs } from '../../server/sales/payments.repository.ts';
import { useTestApp } from './helpers/use-test-app.ts';

describe('the sweeps on a timer (sqlite)', () => {
  const t = useTestApp('sqlite', { signIn: false });

  async function planOf(query: Compilable) {
    const { sql: text, parameters } = query.compile();
    const plan = await t.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return plan.rows.map((row) => row.detail);
  }

  it('ID retention (hourly) starts from the travellers who still have an ID, never from every booking', async () => {
    // Asked "which bookings are old", it read every booking each hour: 3.8 s over a year, the node stopped.
    const steps = await planOf(oldIdNumbers(t.database.db, '2026-01-01'));
    expect(steps[0]).toMatch(/booking_passengers USING INDEX booking_passengers_with_id/);
    expect(steps.filter((step) => /^SCAN (bookings|trips)\b/.test(step))).toEqual([]);
  });

  it('overdue reviews (every EXPIRY_SWEEP_SECONDS) read the waiting proofs by deadline, only the overdue ones', async () => {
    // Through the queue's index it checked every waiting proof's deadline: 20,000 waiting, 35–130 ms a sweep.
    const steps = await planOf(overdueProofs(t.database.db, new Date('2026-11-28T00:00:00Z')));
    expect(steps).toEqual([
      expect.stringMatching(
        /^SEARCH bookings USING (COVERING )?INDEX bookings_review_due \(paymentStatus=\? AND reviewDeadline<\?\)/,
      ),
    ]);
  });
});
