// The outbox (issue 20), on SQLite and PostgreSQL, against a real HTTP gateway this test starts (the SMS
// provider is the only thing outside the product, so it is the only thing faked): a message queued in a
// rolled-back transaction is never sent; one event queues one message; the gateway's failures, slow answers and
// dropped connections are retried with backoff until every message arrives exactly once by its id; the last try
// fails the message; a node that dies mid-send loses nothing (its lease runs out and another node sends); two
// nodes sending at once never send one message twice; a phone gets at most its hourly share; delivery reports
// need the gateway's token; staff read, filter and resend, and message a trip's passengers.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/clock.ts';
import type { Db } from '../../server/db/schema.ts';
import { httpGateway } from '../../server/messages/gateways.ts';
import { enqueue, type NewMessage } from '../../server/messages/outbox.repository.ts';
import { sendDue } from '../../server/messages/sender.ts';
import { MAX_TRIES, MESSAGES_PER_PHONE_PER_HOUR, RETRY_MINUTES } from '../../shared/messages.ts';
import { book } from './helpers/bookings.ts';
import { makeTrip } from './helpers/fixtures.ts';
import { activity } from './helpers/payments.ts';
import { client, dialects, staffToken } from './helpers/test-app.ts';
import { closeLoopback, listenOnLoopback } from './helpers/loopback.ts';
import { useTestApp } from './helpers/use-test-app.ts';

const TOKEN = 'gateway-token-for-tests-0123456789';
const MINUTE = 60_000;

/** A gateway as providers behave: it may fail, answer late or hang up; it knows a message by its id. */
class FakeGateway {
  server = http.createServer((request, response) => this.handle(request, response));
  url = '';
  /** Deliveries by message id (what reached a phone). */
  delivered = new Map<string, number>();
  calls = 0;
  /** What the next calls do, in order: 'ok', 500, 429, 400, 'drop', 'slow'. */
  script: (number | 'ok' | 'drop' | 'slow')[] = [];
  authorised = true;

  async start() {
    this.url = await listenOnLoopback(this.server, '/send');
  }
  stop() {
    return closeLoopback(this.server);
  }
  reset() {
    this.delivered.clear();
    this.calls = 0;
    this.script = [];
  }
  private handle(request: http.IncomingMessage, response: http.ServerResponse) {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      this.calls++;
      const step = this.script.shift() ?? 'ok';
      if (request.headers.authorization !== `Bearer ${TOKEN}`) return response.writeHead(401).end();
      const message = JSON.parse(body) as { id: string; to: string; text: string };
      if (request.headers['idempotency-key'] !== message.id) return response.writeHead(400).end();
      if (step === 'drop') return request.socket.destroy();
      if (typeof step === 'number') return response.writeHead(step).end();
      // A provider that has the message already does not send it again: it answers as before.
      const deliver = () => {
        if (!this.delivered.has(message.id)) this.delivered.set(message.id, 0);
        this.delivered.set(message.id, this.delivered.get(message.id)! + 1);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: `p-${message.id}` }));
      };
      if (step === 'slow') setTimeout(deliver, 300);
      else deliver();
    });
  }
}

describe.each(dialects)('the outbox (%s)', (dialect) => {
  const clock = new ManualClock();
  const t = useTestApp(dialect, { clock, env: { SMS_HTTP_TOKEN: TOKEN } });
  const gateway = new FakeGateway();
  const db = () => t.app.db as Db;
  let phoneCounter = 0;
  const newPhone = () => `0912${String(++phoneCounter).padStart(6, '0')}`;
  const message = (overrides: Partial<NewMessage> = {}): NewMessage => ({
    kind: 'broadcast',
    phone: newPhone(),
    language: 'en',
    text: 'Hello from Rihla',
    ...overrides,
  });
  const node = (name: string, timeoutMs = 2_000) => ({
    db: db(),
    gateway: httpGateway({
      gateway: 'http',
      httpUrl: gateway.url,
      httpToken: TOKEN,
      androidUrl: '',
      androidUser: '',
      androidPassword: '',
      androidSigningKey: '',
      timeoutMs,
    }),
    node: name,
    now: () => clock.now(),
  });
  const rows = (ids?: string[]) => {
    let query = db().selectFrom('messages').selectAll();
    if (ids) query = query.where('id', 'in', ids);
    return query.execute();
  };
  const queue = async (count: number, overrides: Partial<NewMessage> = {}) => {
    const before = new Set((await rows()).map((row) => row.id));
    for (let i = 0; i < count; i++) await enqueue(db(), message(overrides), clock.now());
    return (await rows()).filter((row) => !before.has(row.id)).map((row) => row.id);
  };
  /** Sends until nothing is due, moving the clock past each wait (at most `rounds` times). */
  const drain = async (rounds = 12) => {
    for (let round = 0; round < rounds; round++) {
      await sendDue(node('a'));
      clock.advance(RETRY_MINUTES[RETRY_MINUTES.length - 1] * MINUTE);
    }
  };

  beforeAll(() => gateway.start());
  afterAll(() => gateway.stop());
  beforeEach(async () => {
    gateway.reset();
    // Each test starts with nothing due (earlier tests' leftovers sent or failed).
    await db()
      .updateTable('messages')
      .set({ status: 'cancelled' })
      .where('status', 'in', ['queued', 'sending'])
      .execute();
  });

  it('a message queued in a transaction that rolls back is never written, and one event queues one message', async () => {
    const phone = newPhone();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await enqueue(trx, message({ phone, dedupeKey: `test:${phone}` }), clock.now());
          throw new Error('the sale was refused');
        }),
    ).rejects.toThrow('refused');
    expect(
      await db()
        .selectFrom('messages')
        .selectAll()
        .where('phone', '=', `+249${phone.slice(1)}`)
        .execute(),
    ).toEqual([]);
    expect(await enqueue(db(), message({ phone, dedupeKey: `test:${phone}` }), clock.now())).toBe(true);
    expect(await enqueue(db(), message({ phone, dedupeKey: `test:${phone}` }), clock.now())).toBe(false);
    const stored = await db()
      .selectFrom('messages')
      .selectAll()
      .where('dedupe_key', '=', `test:${phone}`)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ phone: `+249${phone.slice(1)}`, status: 'queued', segments: 1 });
    // Not a Sudanese mobile: nothing is queued.
    expect(await enqueue(db(), message({ phone: '12345' }), clock.now())).toBe(false);
  });

  it('failures, slow answers and dropped connections are retried with backoff; each message arrives exactly once', async () => {
    const ids = await queue(6);
    gateway.script = [500, 'drop', 429, 'slow', 500, 'drop', 'slow'];
    await sendDue(node('a'));
    let stored = await rows(ids);
    const waiting = stored.filter((row) => row.status === 'queued');
    expect(waiting.length).toBeGreaterThan(0);
    // A failed first try waits a minute: nothing is sent before.
    for (const row of waiting) {
      expect(row.tries).toBe(1);
      expect(Date.parse(row.next_try_at) - clock.now().getTime()).toBe(RETRY_MINUTES[0] * MINUTE);
      expect(row.last_error).toBeTruthy();
    }
    const calls = gateway.calls;
    await sendDue(node('a'));
    expect(gateway.calls).toBe(calls);
    await drain();
    stored = await rows(ids);
    expect(stored.map((row) => row.status)).toEqual(ids.map(() => 'sent'));
    for (const id of ids) expect(gateway.delivered.get(id), id).toBe(1);
    expect(stored.every((row) => row.provider_id === `p-${row.id}`)).toBe(true);
  });

  it('a message the gateway keeps refusing fails after the last try, a day later; a 4xx fails at once', async () => {
    const [flaky] = await queue(1);
    const started = clock.now().getTime();
    for (let i = 0; i < MAX_TRIES + 2; i++) {
      gateway.script = [500];
      await sendDue(node('a'));
      const [row] = await rows([flaky]);
      if (row.status === 'failed') break;
      clock.set(new Date(row.next_try_at));
    }
    const [failed] = await rows([flaky]);
    expect(failed).toMatchObject({ status: 'failed', tries: MAX_TRIES, last_error: 'HTTP 500' });
    const hours = (clock.now().getTime() - started) / 3_600_000;
    expect(hours).toBeGreaterThan(20);
    expect(hours).toBeLessThan(30);

    const [refused] = await queue(1);
    gateway.script = [400];
    await sendDue(node('a'));
    expect((await rows([refused]))[0]).toMatchObject({ status: 'failed', tries: 1, last_error: 'HTTP 400' });
  });

  it('a node that dies mid-send loses nothing: its lease runs out and another node sends the message once', async () => {
    const ids = await queue(3);
    // Node "dead" claims and never answers (as if killed -9 after the claim).
    const { claimDue } = await import('../../server/messages/outbox.repository.ts');
    const claimed = await claimDue(db(), 'dead', clock.now(), 10, 60_000);
    expect(claimed.map((row) => row.id).sort()).toEqual([...ids].sort());
    await sendDue(node('b'));
    expect(gateway.calls).toBe(0);
    clock.advance(61_000);
    await sendDue(node('b'));
    for (const id of ids) expect(gateway.delivered.get(id)).toBe(1);
    expect((await rows(ids)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('two nodes sending at once never send one message twice', async () => {
    const ids = await queue(40);
    gateway.script = Array.from({ length: 40 }, (_, i) => (i % 5 === 0 ? 'slow' : 'ok'));
    await Promise.all([sendDue({ ...node('a'), batch: 5 }), sendDue({ ...node('b'), batch: 5 })]);
    await drain(2);
    for (const id of ids) expect(gateway.delivered.get(id), id).toBe(1);
    expect(gateway.calls).toBe(40);
  });

  it(`a phone is sent at most ${MESSAGES_PER_PHONE_PER_HOUR} messages an hour; the rest wait, none is lost`, async () => {
    const phone = newPhone();
    const ids = await queue(MESSAGES_PER_PHONE_PER_HOUR + 5, { phone });
    await sendDue(node('a'));
    let stored = await rows(ids);
    expect(stored.filter((row) => row.status === 'sent')).toHaveLength(MESSAGES_PER_PHONE_PER_HOUR);
    const held = stored.filter((row) => row.status === 'queued');
    expect(held).toHaveLength(5);
    // Held back without a try counted: they wait for the hour, not for a backoff.
    for (const row of held) expect(row.tries).toBe(0);
    clock.advance(30 * MINUTE);
    await sendDue(node('a'));
    expect((await rows(ids)).filter((row) => row.status === 'sent')).toHaveLength(
      MESSAGES_PER_PHONE_PER_HOUR,
    );
    clock.advance(31 * MINUTE);
    await sendDue(node('a'));
    stored = await rows(ids);
    expect(stored.filter((row) => row.status === 'sent')).toHaveLength(MESSAGES_PER_PHONE_PER_HOUR + 5);
  });

  it('delivery reports need the gateway token and mark the message delivered', async () => {
    const [id] = await queue(1);
    await sendDue(node('a'));
    const report = { id: `p-${id}`, status: 'delivered' };
    const anonymous = await client(t).post('/api/messages/delivery', report);
    expect(anonymous.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/messages/delivery',
      payload: report,
      headers: { authorization: 'Bearer not-the-token-at-all-0123456789' },
    });
    expect(wrong.statusCode).toBe(401);
    // A staff token is not the gateway's either.
    expect((await t.staff.post('/api/messages/delivery', report)).statusCode).toBe(401);
    expect((await rows([id]))[0].status).toBe('sent');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/messages/delivery',
      payload: report,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await rows([id]))[0]).toMatchObject({ status: 'delivered' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/messages/delivery',
      payload: { id: 'nothing-like-it', status: 'delivered' },
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('staff list and filter messages, resend a failed one (logged), and a conductor reads none', async () => {
    const [id] = await queue(1, { text: 'Filtered one' });
    gateway.script = [400];
    await sendDue(node('a'));
    const list = await t.staff.get(
      '/api/messages/getAllMessages?status=failed&failedFirst=true&_start=0&_end=50',
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThan(0);
    const found = list.json().find((row: { _id: string }) => row._id === id);
    expect(found).toMatchObject({ status: 'failed', text: 'Filtered one', segments: 1 });
    expect((await t.staff.get(`/api/messages/getMessage/${id}`)).json()).toMatchObject({ _id: id });
    expect((await t.staff.get('/api/messages/getMessage/unknown-id')).statusCode).toBe(404);

    const resent = await t.staff.patch(`/api/messages/resend/${id}`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'queued', tries: 0 });
    // Still on its way: not again.
    expect((await t.staff.patch(`/api/messages/resend/${id}`)).json().code).toBe('MESSAGE_PENDING');
    await sendDue(node('a'));
    expect(gateway.delivered.get(id)).toBe(1);
    expect((await activity(t, 'resend_message')).some((row) => row.recordId === id)).toBe(true);

    const conductor = client(
      t,
      await staffToken(t, { email: 'door@rihla.test', password: 'dune-camel-lantern-48' }, 'conductor'),
    );
    expect((await conductor.get('/api/messages/getAllMessages')).statusCode).toBe(403);
    expect((await conductor.patch(`/api/messages/resend/${id}`)).statusCode).toBe(403);
  });

  it("staff message a trip's passengers: a dry run counts phones and segments, then one message per phone in its language", async () => {
    // Well after the clock, which earlier tests moved days ahead.
    const date = new Date(clock.now().getTime() + 60 * 86_400_000).toISOString().slice(0, 10);
    const { trip } = await makeTrip(t, t.token, { seats: 20, date });
    const first = await book(t, trip, [1]);
    await book(t, trip, [2], { passengerInfo: JSON.stringify({ ...first.passengerInfo }) });
    await book(t, trip, [3], {
      passengerInfo: JSON.stringify({ firstName: 'Omer', lastName: 'Ali', phone: newPhone() }),
    });
    const body = {
      tripId: trip._id,
      text_en: 'The bus leaves 30 minutes late.',
      text_ar: 'يتأخر قيام البص 30 دقيقة.',
    };
    const dry = await t.staff.post('/api/messages/broadcast', { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ phones: 2, segments: 2, queued: 0 });
    expect(await rows()).not.toContainEqual(expect.objectContaining({ tripId: trip._id, kind: 'broadcast' }));

    const sent = await t.staff.post('/api/messages/broadcast', body);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ phones: 2, segments: 2, queued: 2 });
    const queued = (await rows()).filter((row) => row.tripId === trip._id && row.kind === 'broadcast');
    expect(queued).toHaveLength(2);
    expect((await activity(t, 'broadcast')).length).toBeGreaterThan(0);

    const cashier = client(
      t,
      await staffToken(t, { email: 'till@rihla.test', password: 'dune-camel-lantern-48' }, 'cashier'),
    );
    expect((await cashier.post('/api/messages/broadcast', body)).statusCode).toBe(403);
    const empty = await t.staff.post('/api/messages/broadcast', {
      tripId: trip._id,
      text_en: '',
      text_ar: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await t.staff.post('/api/messages/broadcast', { ...body, tripId: 'no-such-trip' })).statusCode,
    ).toBe(404);
  });
});
