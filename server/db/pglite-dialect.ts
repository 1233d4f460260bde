import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PGliteDialect,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

const { serialize } = protocol;

/**
 * Prepared statements kept per session: the hot paths use a few dozen; statements whose text varies
 * (a number of rows) come and go. Each holds its plan in PGlite's memory.
 */
const PREPARED_STATEMENTS = 200;
/**
 * "cached plan must not change result type" (a migration changed a table under a prepared
 * `select *`) and "prepared statement does not exist" (something deallocated the session's
 * statements): the statement is prepared again, once.
 */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

interface Prepared {
  name: string;
  types: number[];
}

// PGlite's own locks, which its public query() and transaction() take (not in its typings).
interface Locks {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  runExclusive<T>(work: () => Promise<T>): Promise<T>;
  execProtocolStream(
    message: Uint8Array,
    options: { syncToFs: boolean },
  ): Promise<Parameters<typeof parse.parseResults>[0]>;
  syncToFs(): Promise<void>;
}

/**
 * Kysely on PGlite, one protocol exchange per statement (docs/adr/0004-custom-pglite-driver.md). PGlite's query() sends Parse,
 * Describe, Bind, Describe, Execute and Sync as six calls into its WebAssembly, parsing the text and
 * asking for the parameters' types every time; here a statement is parsed once into a named prepared
 * statement, and every run of it sends Bind, Describe, Execute and Sync in one buffer. The
 * parameters are written and the rows read exactly as PGlite's query() does (its serializers and
 * parsers, by type), under the same locks.
 */
export class FastPGliteDialect extends PGliteDialect {
  constructor(private readonly pglite: PGlite) {
    super({ pglite });
  }
  // Only the driver differs: adapter, compiler and introspector stay kysely's.
  override createDriver(): Driver {
    return new FastPGliteDriver(this.pglite);
  }
}

class FastPGliteDriver implements Driver {
  readonly #connection: FastPGliteConnection;
  constructor(private readonly pglite: PGlite) {
    this.#connection = new FastPGliteConnection(pglite);
  }
  async init() {
    await this.pglite.waitReady;
  }
  async acquireConnection() {
    return this.#connection;
  }
  async releaseConnection() {}
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings) {
    await (connection as FastPGliteConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection) {
    await (connection as FastPGliteConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as FastPGliteConnection).end(false);
  }
  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

type Settle = (commit: boolean) => void;

class FastPGliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, Prepared>();
  #named = 0;
  #settle: Settle | null = null;
  #closed: Promise<void> | null = null;
  #inTransaction = false;

  constructor(private readonly pglite: PGlite) {}

  get #locks() {
    return this.pglite as unknown as Locks;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await nextTurn();
    const run = () => this.#locks.runExclusive(() => this.#run(query.sql, query.parameters));
    if (this.#inTransaction) return (await run()) as QueryResult<R>;
    const result = await this.#locks._runExclusiveTransaction(run);
    await this.#locks.syncToFs();
    return result as QueryResult<R>;
  }

  async #run(text: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    try {
      return await this.#runPrepared(text, parameters);
    } catch (error) {
      if (!PREPARE_AGAIN.has((error as { code?: string }).code ?? '')) throw error;
      await this.#forget(text);
      return this.#runPrepared(text, parameters);
    }
  }

  async #runPrepared(text: string, parameters: readonly unknown[]): Promise<QueryResult<unknown>> {
    const { name, types } = await this.#prepared(text);
    const serializers = this.pglite.serializers;
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = serializers[types[index]!];
      return write ? write(value) : String(value);
    });
    const message = concat([
      serialize.bind({ statement: name, values: values as (string | null)[] }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    const messages = await this.#locks.execProtocolStream(message, { syncToFs: false });
    const [result] = parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' });
    const affected = result?.affectedRows;
    return {
      rows: (result?.rows ?? []) as unknown[],
      numAffectedRows: affected === undefined || affected === null ? undefined : BigInt(affected),
    };
  }

  /**
   * The statement, parsed once into a named prepared statement of this session (kept until the
   * session ends, whatever the transactions do), with its parameters' types.
   */
  async #prepared(text: string): Promise<Prepared> {
    const known = this.#statements.get(text);
    if (known) {
      // Most recently used last: the first is the one to forget.
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    if (this.#statements.size >= PREPARED_STATEMENTS)
      await this.#forget(this.#statements.keys().next().value!);
    const name = `k${++this.#named}`;
    const messages = await this.#locks.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { name, types: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, prepared);
    return prepared;
  }

  async #forget(text: string) {
    const known = this.#statements.get(text);
    if (!known) return;
    this.#statements.delete(text);
    await this.#locks.execProtocolStream(
      concat([serialize.close({ type: 'S', name: known.name }), serialize.sync()]),
      { syncToFs: false },
    );
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  /** PGlite's own transaction holds its lock from BEGIN to COMMIT, so no other user gets in between. */
  async begin() {
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    this.#closed = this.pglite.transaction(async () => {
      this.#inTransaction = true;
      const commit = await new Promise<boolean>((resolve) => {
        this.#settle = resolve;
        begun();
      });
      if (!commit) throw new RolledBack();
    });
    // A failure to begin settles `closed` before `started`.
    await Promise.race([started, this.#closed]);
  }

  async end(commit: boolean) {
    const closed = this.#closed;
    this.#settle?.(commit);
    try {
      await closed;
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
    } finally {
      this.#settle = null;
      this.#closed = null;
      this.#inTransaction = false;
    }
  }
}

class RolledBack extends Error {}

/**
 * PGlite answers a statement synchronously on this thread and everything around it is a promise, so
 * a busy server ran its requests' statements, one after the other, in one drain of the microtask
 * queue: meanwhile Node accepted no connection and read no request, and a request arriving behind
 * 32 others waited seconds before it was even read (p99 of a save 3 s at 32 connections, the accept
 * queue full). A statement that finds the loop held for longer than LOOP_BUDGET_MS first lets it
 * turn, so new requests are read and started within about that time. Turning before every
 * statement did the same for the tail but shared the processor between every request in flight,
 * which made a burst of new arrivals wait twice as long (median) for each.
 */
const LOOP_BUDGET_MS = 10;
let heldSince = performance.now();
let turnScheduled = false;
const turned = () => {
  heldSince = performance.now();
  turnScheduled = false;
};
async function nextTurn() {
  if (performance.now() - heldSince >= LOOP_BUDGET_MS) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    turned();
    return;
  }
  // Notes when the loop next turns, which restarts the count.
  if (!turnScheduled) {
    turnScheduled = true;
    setImmediate(turned);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
