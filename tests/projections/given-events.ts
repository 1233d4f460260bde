import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { validateEventData } from '../../events/registry';
import type { StoredEvent } from '../../events/store';
import type { AnyProjection } from '../../projections/projection';
import { applyProjections, projections } from '../../projections/registry';
import { transaction } from '../../server/db/transaction';
import { startTestPlatform, type TestPlatform } from '../harness';

/**
 * A projection's spec: given events → then the rows of its tables. Each case runs in a transaction
 * on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) that starts by emptying
 * the tables the projection writes and reads, applies the events as the append does (runs included)
 * to that projection alone and to the ones whose tables it declares it reads, compares the rows
 * and is rolled back: cases share nothing, and another projection's fault cannot fail this one's
 * spec. Every event is validated against its type's schema first, so a spec cannot project what
 * the store would refuse.
 */

/** An event as a spec writes it: its type and data, and where and when it happened if that matters. */
export interface GivenEvent {
  type: string;
  data: Record<string, unknown>;
  stream?: string;
  at?: string;
  actorId?: string | null;
  /** Its place in the log; unset: after the one before. */
  position?: number;
}

export const event = (
  type: string,
  data: Record<string, unknown>,
  options: Omit<GivenEvent, 'type' | 'data'> = {},
): GivenEvent => ({ type, data, ...options });

/** Rows as a spec expects them: some of the columns, times as ISO text. */
type Rows = Record<string, unknown>[];
type Expected = Record<string, Rows>;

class Rollback extends Error {}

const plain = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** Uses the platform each `describe.each(databaseKinds)` block starts for its database kind. */
export function projectionSpec(projection: AnyProjection, kind: 'pglite' | 'postgres') {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  }, 60_000);
  afterAll(() => platform?.dispose());

  // What it declares it reads, after its owners' change (reads) or before it (readsBefore).
  const reads = [...(projection.reads ?? []), ...(projection.readsBefore ?? [])];
  // In the order the registry computes from those declarations, as the append applies them.
  const selected = projections.filter(
    (candidate) => candidate === projection || candidate.tables.some((table) => reads.includes(table)),
  );
  const tables = [...new Set(selected.flatMap((candidate) => candidate.tables))];
  if (!projections.includes(projection)) throw new Error(`${projection.name} is not in the registry`);

  let clock = Date.parse('2026-11-01T08:00:00Z');
  const stored = (events: GivenEvent[], versions: Map<string, number>): StoredEvent[] => {
    let position = 0;
    return events.map((given) => {
      // A minute apart unless a case says when: times a spec can state.
      clock += 60_000;
      const at = given.at ?? new Date(clock).toISOString();
      const stream = given.stream ?? `spec-${given.type}`;
      const version = (versions.get(stream) ?? 0) + 1;
      versions.set(stream, version);
      position = given.position ?? position + 1;
      return {
        position,
        stream,
        version,
        type: given.type,
        schemaVersion: 1,
        data: validateEventData(given.type, given.data),
        meta: { actorId: given.actorId ?? null, requestId: 'spec', at },
        recordedAt: new Date(at),
      };
    });
  };

  // biome-ignore lint/suspicious/noExplicitAny: the full schema's transaction
  const rowsOf = async (trx: Transaction<any>, table: string): Promise<Rows> => {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} as t order by t::text`.execute(trx);
    return rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plain(value)])),
    );
  };

  /** Applies the events in a transaction that is rolled back once `check` has read what it needs. */
  async function project(
    events: GivenEvent[],
    // biome-ignore lint/suspicious/noExplicitAny: the full schema's transaction
    check: (trx: Transaction<any>, events: StoredEvent[]) => Promise<void>,
  ) {
    const versions = new Map<string, number>();
    try {
      await transaction(platform.database.db, async (trx) => {
        await sql`truncate table ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
        const all = stored(events, versions);
        await applyProjections(trx, all, selected);
        await check(trx, all);
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
  }

  return {
    /** The history before what the case is about. */
    given: (...given: GivenEvent[]) => {
      const then = (when: GivenEvent[]) => ({
        /**
         * Each named table holds exactly as many rows as listed, each matching one listed row on the
         * columns it names (in any order); tables not named are not looked at.
         */
        thenRows: (expected: Expected) =>
          project([...given, ...when], async (trx) => {
            for (const [table, rows] of Object.entries(expected)) {
              if (!projection.tables.includes(table) && !tables.includes(table))
                throw new Error(`${table} is not a table of ${projection.name}`);
              const actual = await rowsOf(trx, table);
              expect(actual, table).toHaveLength(rows.length);
              expect(actual, table).toEqual(
                expect.arrayContaining(rows.map((row) => expect.objectContaining(row))),
              );
            }
          }),
        /** Free-form: the rows of every table the projection writes, and the stored events. */
        thenCheck: (check: (rows: Record<string, Rows>, events: StoredEvent[]) => void) =>
          project([...given, ...when], async (trx, events) => {
            const rows: Record<string, Rows> = {};
            for (const table of projection.tables) rows[table] = await rowsOf(trx, table);
            check(rows, events);
          }),
      });
      return { ...then([]), when: (...when: GivenEvent[]) => then(when) };
    },
  };
}
