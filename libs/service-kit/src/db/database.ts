import { mkdirSync } from 'node:fs';
import {
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
  sql,
} from 'kysely';
import pg from 'pg';
import { retryWhileStarting } from '../retry/backoff';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * A Kysely whose tables are not typed: migrations (they shape the tables the types describe) and the
 * kit's own tables that live in every service schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type UntypedDb = Kysely<any>;

/**
 * One database per process. Services never share tables: each gets a Kysely bound to its own schema
 * via `schemaDb`. `raw` is for the kit itself (migrations, health).
 */
export interface Database {
  readonly kind: DatabaseKind;
  readonly raw: UntypedDb;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Calls `listener` after each commit that added rows to `<schema>.outbox` (or at once for an insert
   * outside a transaction). The kit's relay uses it to publish right after commit; returns an unsubscribe.
   */
  onOutboxCommitted(schema: string, listener: () => void): () => void;
  /**
   * Calls `listener` after each commit that inserted into, updated or deleted from any of `tables` in
   * `schema` (once per commit, however many of them it wrote; at once for a statement outside a
   * transaction; never after a rollback). Caches use it to forget what a write made stale. Statements
   * are recognised as Kysely writes them (`insert into "s"."t"`, `update "s"."t"`, `delete from "s"."t"`).
   */
  onTablesWritten(schema: string, tables: readonly string[], listener: () => void): () => void;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; without one an embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; in memory when absent. */
  dataDir?: string | undefined;
  /** PGlite only: start from a dump (`pglite.dumpDataDir()`), e.g. a migrated snapshot in tests. */
  loadDataDir?: Blob | File | undefined;
  /** PGlite only: a compiled pglite.wasm and PGlite's file bundle, made once for many starts (tests). */
  pgliteWasmModule?: WebAssembly.Module | undefined;
  fsBundle?: Blob | undefined;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * How long a PostgreSQL whose name cannot be resolved yet, or that is still starting, is waited for
   * (tried every `retryMs`): default 30 s. A new Swarm task's DNS may not know the database's name for
   * its first seconds; exiting then made a rolling update fail its first replica and roll back. Any
   * other failure (refused, a wrong password, no such role) is reported at once.
   */
  startupWaitMs?: number;
  retryMs?: number;
  /** Told of each failed attempt that will be tried again. */
  onWait?: (err: unknown) => void;
}

/** Failures that a moment fixes: the name not known yet (DNS), the server still starting (57P03). */
const TRANSIENT_AT_START = new Set(['ENOTFOUND', 'EAI_AGAIN', '57P03']);

export class DatabaseUnavailableError extends Error {
  constructor(target: string, cause: unknown) {
    super(
      `cannot reach the database at ${target}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'DatabaseUnavailableError';
  }
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options);
  return openPGlite(options);
}

async function openPostgres(
  url: string,
  poolSize: number,
  { startupWaitMs = 30_000, retryMs = 1000, onWait }: OpenDatabaseOptions,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  // A client losing its server (PostgreSQL restarted, a failover) must not crash the process: the pool
  // covers idle clients; a checked-out one between two queries (inside a transaction) emits 'error' on
  // itself with no listener, which Node turns into an uncaught exception. Its next query reports the
  // error instead, and the pool drops the broken client when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const signal = new CommitSignal();
  const raw = new Kysely({ dialect: signal.wrap(new PostgresDialect({ pool })) }) as UntypedDb;
  const db = makeDatabase('postgres', raw, signal);
  try {
    await retryWhileStarting(() => db.ping(), {
      transient: (err) => {
        const code = (err as { code?: unknown }).code;
        return typeof code === 'string' && TRANSIENT_AT_START.has(code);
      },
      waitMs: startupWaitMs,
      retryMs,
      ...(onWait ? { onWait } : {}),
    });
    return db;
  } catch (err) {
    await raw.destroy().catch(() => undefined);
    throw new DatabaseUnavailableError(redactUrl(url), err);
  }
}

async function openPGlite({
  dataDir,
  loadDataDir,
  pgliteWasmModule,
  fsBundle,
}: OpenDatabaseOptions): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded only for the embedded topology: production images run on PostgreSQL and do not ship PGlite.
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
    ...(fsBundle ? { fsBundle } : {}),
  });
  const signal = new CommitSignal();
  const raw = new Kysely({
    dialect: signal.wrap(new SerializedDialect(new PGliteDialect({ pglite }))),
  }) as UntypedDb;
  return makeDatabase('pglite', raw, signal);
}

function makeDatabase(kind: DatabaseKind, raw: UntypedDb, signal: CommitSignal): Database {
  let closed = false;
  return {
    kind,
    raw,
    onOutboxCommitted: (schema, listener) => signal.listen([outboxKey(schema)], listener),
    onTablesWritten: (schema, tables, listener) =>
      signal.listen(
        tables.map((table) => tableKey(schema, table)),
        listener,
      ),
    async ping() {
      await sql`select 1`.execute(raw);
    },
    async close() {
      if (closed) return;
      closed = true;
      await raw.destroy();
    },
  };
}

/** Kysely bound to one service's schema: every unqualified table name resolves there. */
export function schemaDb<DB>(db: Database, schema: string): Kysely<DB> {
  return db.raw.withSchema(schema) as unknown as Kysely<DB>;
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid url)';
  }
}

/**
 * PGlite has one connection. Kysely's PGlite driver hands that connection to every caller, so a query
 * issued by one request while another request's transaction is open would run inside that transaction.
 * This wrapper makes each acquire wait until the previous holder released the connection, giving the
 * embedded topology the isolation PostgreSQL's pool gives the distributed one.
 */
class SerializedDialect implements Dialect {
  constructor(private readonly inner: Dialect) {}
  createAdapter() {
    return this.inner.createAdapter();
  }
  createDriver(): Driver {
    return new SerializedDriver(this.inner.createDriver());
  }
  createQueryCompiler() {
    return this.inner.createQueryCompiler();
  }
  createIntrospector(db: UntypedDb) {
    return this.inner.createIntrospector(db);
  }
}

class SerializedDriver implements Driver {
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  async releaseConnection(connection: DatabaseConnection) {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  destroy() {
    return this.inner.destroy();
  }
}

// A statement that writes a table, as Kysely compiles it (`insert into "accounts"."outbox" ...`,
// `update "accounts"."users" ...`): the verb, the schema when qualified, the table.
const TABLE_WRITE = /^\s*(insert\s+into|update|delete\s+from)\s+(?:"([^"]+)"\.)?"([^"]+)"/i;

/** Listener keys: inserts into a schema's outbox (the relay), and any write of one table (caches). */
const outboxKey = (schema: string) => `outbox\u0000${schema}`;
const tableKey = (schema: string, table: string) => `table\u0000${schema}\u0000${table}`;

/** The listener keys a statement touches: none for a read. */
function writeKeys(statement: string): string[] {
  const match = TABLE_WRITE.exec(statement);
  if (!match) return [];
  const verb = match[1]!.toLowerCase();
  const schema = match[2] ?? 'public';
  const table = match[3]!;
  const keys = [tableKey(schema, table)];
  // Only an insert wakes the relay: its own update of the outbox (marking rows sent) must not.
  if (table === 'outbox' && verb.startsWith('insert')) keys.push(outboxKey(schema));
  return keys;
}

/**
 * Knows when a write became visible: it watches the queries of each connection, remembers what a
 * transaction wrote (the schemas whose outbox it inserted into, the tables it changed), and tells the
 * listeners of those after COMMIT (never after a rollback). This is how the kit wakes a service's relay,
 * and clears a service's caches, without the service's code having to say that it wrote.
 */
class CommitSignal {
  readonly #listeners = new Map<string, Set<() => void>>();
  /** Open transactions' connections -> listener keys of what they wrote. */
  readonly #pending = new WeakMap<DatabaseConnection, Set<string>>();

  listen(keys: readonly string[], listener: () => void): () => void {
    const sets = keys.map((key) => {
      let set = this.#listeners.get(key);
      if (!set) this.#listeners.set(key, (set = new Set()));
      set.add(listener);
      return set;
    });
    return () => {
      for (const set of sets) set.delete(listener);
    };
  }

  /** Each listener once, however many of its keys were written. */
  #notify(keys: Iterable<string>) {
    const listeners = new Set<() => void>();
    for (const key of keys) for (const listener of this.#listeners.get(key) ?? []) listeners.add(listener);
    for (const listener of listeners) listener();
  }

  wrap(inner: Dialect): Dialect {
    const pending = this.#pending;
    const notify = (keys: Iterable<string>) => this.#notify(keys);
    return {
      createAdapter: () => inner.createAdapter(),
      createQueryCompiler: () => inner.createQueryCompiler(),
      createIntrospector: (db) => inner.createIntrospector(db),
      createDriver(): Driver {
        const driver = inner.createDriver();
        const watched = new WeakMap<DatabaseConnection, DatabaseConnection>();
        const innerOf = (connection: DatabaseConnection) => watched.get(connection) ?? connection;
        const wrapConnection = (connection: DatabaseConnection): DatabaseConnection => {
          const outer: DatabaseConnection = {
            async executeQuery<R>(...args: Parameters<DatabaseConnection['executeQuery']>) {
              const [query] = args;
              const result = await connection.executeQuery<R>(...args);
              const keys = writeKeys(query.sql);
              if (keys.length > 0) {
                const open = pending.get(outer);
                if (open) for (const key of keys) open.add(key);
                else notify(keys);
              }
              return result;
            },
            streamQuery: <R>(...args: Parameters<DatabaseConnection['streamQuery']>) =>
              connection.streamQuery<R>(...args),
          };
          watched.set(outer, connection);
          return outer;
        };
        const wrapped: Driver = {
          init: () => driver.init(),
          acquireConnection: async () => wrapConnection(await driver.acquireConnection()),
          async beginTransaction(connection, settings) {
            await driver.beginTransaction(innerOf(connection), settings);
            pending.set(connection, new Set());
          },
          async commitTransaction(connection) {
            const written = pending.get(connection);
            pending.delete(connection);
            await driver.commitTransaction(innerOf(connection));
            if (written) notify(written);
          },
          async rollbackTransaction(connection) {
            pending.delete(connection);
            await driver.rollbackTransaction(innerOf(connection));
          },
          releaseConnection: (connection) => driver.releaseConnection(innerOf(connection)),
          destroy: () => driver.destroy(),
        };
        if (driver.savepoint) {
          wrapped.savepoint = (connection, name, compile) =>
            driver.savepoint!(innerOf(connection), name, compile);
        }
        if (driver.rollbackToSavepoint) {
          wrapped.rollbackToSavepoint = (connection, name, compile) =>
            driver.rollbackToSavepoint!(innerOf(connection), name, compile);
        }
        if (driver.releaseSavepoint) {
          wrapped.releaseSavepoint = (connection, name, compile) =>
            driver.releaseSavepoint!(innerOf(connection), name, compile);
        }
        return wrapped;
      },
    };
  }
}
