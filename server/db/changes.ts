// The one write layer: every statement Kysely sends goes through this driver, which tells which tables (and,
// for tables keyed by trip, which trips) a write changed. Whatever remembers data (server/cache/read-cache.ts)
// listens here, so a write from a route, a scheduled job, a script or a test invalidates the same way; no
// route or URL has to remember to do it.
//
// A change is announced once its data is visible: after the statement outside a transaction, after COMMIT
// inside one (a rolled-back transaction announces nothing worth keeping, but announcing it is harmless).
// With PostgreSQL the change is also sent with NOTIFY inside the writing transaction, so other API nodes
// hear it exactly when it commits (cache-sync.ts listens); a write outside a transaction is wrapped in one for
// that. With SQLite, writes by another connection (a second process on the same file) are noticed through
// PRAGMA data_version before a cached read is answered (database.ts).
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type OperationNode,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** One table changed; `key` narrows it to the rows of one trip when the write says which. */
export interface Change {
  /** A table name, or '*' for "anything may have changed". */
  table: string;
  key?: string;
}

export const EVERYTHING: Change = { table: '*' };

/** Tables whose rows belong to one trip, and the column that says which: caches drop only that trip. */
const KEY_COLUMNS: Record<string, string> = { booking_seats: 'tripId' };

/** Tables nothing remembers: their writes (a rate-limit counter on every look-up) are not announced. */
const UNREMEMBERED = new Set([
  'rate_limits',
  'refresh_tokens',
  'sessions',
  'app_secrets',
  'scans',
  'trip_closures',
]);

export const NOTIFY_CHANNEL = 'rihla_changes';
/** NOTIFY payloads must stay under 8000 bytes: past this, keyed changes collapse to their tables. */
const MAX_PAYLOAD = 7000;

type Listener = (changes: Change[]) => void;

/** Where a database announces its changes; one per opened database (so per process and node). */
export class ChangeFeed {
  private listeners = new Set<Listener>();
  /** Tells other nodes' payloads from this one's own (which it has applied already). */
  readonly nodeId = Math.random().toString(36).slice(2, 12);
  /** Notices writes made outside this process (SQLite's data_version), set by the database. */
  checkOutside: () => void = () => undefined;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(changes: Change[]) {
    if (!changes.length) return;
    for (const listener of this.listeners) listener(changes);
  }
}

/** The payload other nodes receive: this node's id and its changes, collapsed to tables when too long. */
export function encodeChanges(nodeId: string, changes: Change[]): string {
  const payload = JSON.stringify({
    n: nodeId,
    c: changes.map(({ table, key }) => (key ? [table, key] : [table])),
  });
  if (payload.length <= MAX_PAYLOAD) return payload;
  return encodeChanges(
    nodeId,
    [...new Set(changes.map((change) => change.table))].map((table) => ({ table })),
  );
}

export function decodeChanges(payload: string): { nodeId: string; changes: Change[] } | undefined {
  try {
    const { n, c } = JSON.parse(payload) as { n: string; c: [string, string?][] };
    return { nodeId: n, changes: c.map(([table, key]) => (key ? { table, key } : { table })) };
  } catch {
    return undefined;
  }
}

// ---- What a statement changes, read from the query Kysely compiled ----

type Node = OperationNode & Record<string, any>;

const identifier = (node: Node | undefined): string | undefined => {
  if (!node) return undefined;
  if (node.kind === 'TableNode') return node.table?.identifier?.name;
  if (node.kind === 'AliasNode') return identifier(node.node);
  if (node.kind === 'ReferenceNode') return node.column?.column?.name;
  if (node.kind === 'ColumnNode') return node.column?.name;
  return undefined;
};

/** The literal values a node holds (a value, or a list of them); undefined when it is an expression. */
function literals(node: Node | undefined): unknown[] | undefined {
  if (!node) return undefined;
  if (node.kind === 'ValueNode') return [node.value];
  if (node.kind === 'PrimitiveValueListNode') return [...node.values];
  if (node.kind === 'ValueListNode') {
    const values = (node.values as Node[]).map(literals);
    return values.every(Boolean) ? values.flat() : undefined;
  }
  return undefined;
}

/** Values of `column` that a WHERE clause pins (`column = v` or `column in (…)` among its AND terms). */
function pinnedValues(node: Node | undefined, column: string): unknown[] | undefined {
  if (!node) return undefined;
  if (node.kind === 'WhereNode' || node.kind === 'ParensNode')
    return pinnedValues(node.where ?? node.node, column);
  if (node.kind === 'AndNode') return pinnedValues(node.left, column) ?? pinnedValues(node.right, column);
  if (node.kind === 'BinaryOperationNode' && identifier(node.leftOperand) === column) {
    const operator = node.operator?.operator;
    if (operator === '=' || operator === 'in') return literals(node.rightOperand);
  }
  return undefined;
}

/** Values of `column` in an INSERT's rows; undefined when a row computes it. */
function insertedValues(node: Node, column: string): unknown[] | undefined {
  const index = (node.columns as Node[] | undefined)?.findIndex((c) => identifier(c) === column) ?? -1;
  if (index < 0 || node.values?.kind !== 'ValuesNode') return undefined;
  const found: unknown[] = [];
  for (const row of node.values.values as Node[]) {
    const value =
      row.kind === 'PrimitiveValueListNode' ? [row.values[index]] : literals((row.values as Node[])[index]);
    if (!value) return undefined;
    found.push(...value);
  }
  return found;
}

function keyed(table: string, values: unknown[] | undefined): Change[] {
  if (!values) return [{ table }];
  return [...new Set(values.map(String))].map((key) => ({ table, key }));
}

const RAW_WRITE = /^\s*(?:insert\s+into|update|delete\s+from|replace\s+into)\s+"?([A-Za-z_][\w]*)"?/i;

/**
 * The changes a statement makes, or none for a read. Unknown writes count as changing everything. A write in
 * its WITH (PostgreSQL: a sale's ticket message rides in the booking's INSERT) is a change too.
 */
export function changesOf(query: CompiledQuery): Change[] {
  const node = query.query as Node;
  const carried = ((node.with?.expressions as Node[] | undefined) ?? []).flatMap((cte) =>
    changesOfNode(cte.expression as Node, query.sql),
  );
  const own = changesOfNode(node, query.sql);
  return carried.length ? [...carried, ...own] : own;
}

function changesOfNode(node: Node, text: string): Change[] {
  let table: string | undefined;
  let keys: () => unknown[] | undefined = () => undefined;
  switch (node.kind) {
    case 'InsertQueryNode':
      table = identifier(node.into);
      keys = () => insertedValues(node, KEY_COLUMNS[table!]);
      break;
    case 'UpdateQueryNode':
      table = identifier(node.table);
      keys = () => pinnedValues(node.where, KEY_COLUMNS[table!]);
      break;
    case 'DeleteQueryNode':
      table = identifier((node.from?.froms as Node[] | undefined)?.[0]);
      keys = () => pinnedValues(node.where, KEY_COLUMNS[table!]);
      break;
    case 'MergeQueryNode':
      table = identifier(node.into);
      break;
    case 'RawNode': {
      const match = RAW_WRITE.exec(text);
      if (match) table = match[1];
      else if (/\b(insert|update|delete)\b/i.test(text) && !/^\s*select\b/i.test(text)) return [EVERYTHING];
      break;
    }
    default:
      return [];
  }
  if (!table) return node.kind === 'RawNode' ? [] : [EVERYTHING];
  if (UNREMEMBERED.has(table)) return [];
  return KEY_COLUMNS[table] ? keyed(table, keys()) : [{ table }];
}

// ---- The driver that watches ----

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  pending: Change[] = [];
  constructor(readonly inner: DatabaseConnection) {}
  // Filled in by the driver, which knows the feed and the dialect.
  executeQuery!: <R>(query: CompiledQuery) => Promise<QueryResult<R>>;
  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery(query, chunkSize);
  }
}

function notifyQuery(feed: ChangeFeed, changes: Change[]) {
  return CompiledQuery.raw('select pg_notify($1, $2)', [NOTIFY_CHANNEL, encodeChanges(feed.nodeId, changes)]);
}

class WatchingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly feed: ChangeFeed,
    private readonly postgres: boolean,
  ) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new WatchedConnection(await this.inner.acquireConnection());
    connection.executeQuery = (query) => this.execute(connection, query);
    return connection;
  }

  private async execute<R>(connection: WatchedConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    const changes = changesOf(query);
    if (!changes.length) return connection.inner.executeQuery<R>(query);
    if (connection.inTransaction) {
      const result = await connection.inner.executeQuery<R>(query);
      connection.pending.push(...changes);
      return result;
    }
    if (!this.postgres) {
      const result = await connection.inner.executeQuery<R>(query);
      this.feed.emit(changes);
      return result;
    }
    // Outside a transaction on PostgreSQL: one of our own, so that the NOTIFY commits with the write.
    await connection.inner.executeQuery(CompiledQuery.raw('begin'));
    try {
      const result = await connection.inner.executeQuery<R>(query);
      await connection.inner.executeQuery(notifyQuery(this.feed, changes));
      await connection.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await connection.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    } finally {
      this.feed.emit(changes);
    }
  }

  async beginTransaction(connection: WatchedConnection, settings: TransactionSettings) {
    await this.inner.beginTransaction(connection.inner, settings);
    connection.inTransaction = true;
    connection.pending = [];
  }

  async commitTransaction(connection: WatchedConnection) {
    const changes = connection.pending;
    connection.pending = [];
    connection.inTransaction = false;
    try {
      if (this.postgres && changes.length)
        await connection.inner.executeQuery(notifyQuery(this.feed, changes));
      await this.inner.commitTransaction(connection.inner);
    } finally {
      this.feed.emit(changes);
    }
  }

  async rollbackTransaction(connection: WatchedConnection) {
    connection.pending = [];
    connection.inTransaction = false;
    await this.inner.rollbackTransaction(connection.inner);
  }

  async savepoint(connection: WatchedConnection, name: string, compile: any) {
    await this.inner.savepoint!(connection.inner, name, compile);
  }

  async rollbackToSavepoint(connection: WatchedConnection, name: string, compile: any) {
    // What was written since the savepoint is undone; announcing it anyway at commit is harmless.
    await this.inner.rollbackToSavepoint!(connection.inner, name, compile);
  }

  async releaseSavepoint(connection: WatchedConnection, name: string, compile: any) {
    await this.inner.releaseSavepoint!(connection.inner, name, compile);
  }

  releaseConnection(connection: WatchedConnection) {
    return this.inner.releaseConnection(connection.inner);
  }

  destroy() {
    return this.inner.destroy();
  }
}

/** A dialect whose every write is announced on `feed` (and, on PostgreSQL, to the other nodes). */
export function watchChanges(dialect: Dialect, feed: ChangeFeed, postgres: boolean): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => new WatchingDriver(dialect.createDriver(), feed, postgres),
  };
}
