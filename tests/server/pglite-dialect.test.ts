import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../server/db/transaction';
import { startTestPlatform, type TestPlatform } from '../harness';

/**
 * The embedded database's Kysely dialect (server/db/pglite-dialect.ts) keeps each statement as a
 * named prepared statement of PGlite's session. Parameters and rows must come and go as PGlite's own
 * query() has them, and a statement whose plan went stale is prepared again.
 */
describe('the embedded database dialect', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform('pglite');
  });
  afterAll(async () => {
    await platform?.dispose();
  });

  it('writes parameters and reads rows by their types, as PGlite does', async () => {
    const db = platform.database.db;
    const at = new Date('2026-11-27T06:00:00.123Z');
    const bytes = Buffer.from([0, 1, 2, 250]);
    const read = () =>
      sql<Record<string, unknown>>`
        select ${JSON.stringify({ a: [1, 'two'] })}::jsonb as json, ${['x', 'y,z', 'q"']}::text[] as texts,
          ${bytes}::bytea as bytes, ${at}::timestamptz as at, ${true}::boolean as yes,
          ${'12345678901'}::bigint as big, ${null}::text as nothing, ${3}::int as three`.execute(db);
    const direct = await platform.database.pglite!.query<Record<string, unknown>>(
      `select $1::jsonb as json, $2::text[] as texts, $3::bytea as bytes, $4::timestamptz as at,
        $5::boolean as yes, $6::bigint as big, $7::text as nothing, $8::int as three`,
      [JSON.stringify({ a: [1, 'two'] }), ['x', 'y,z', 'q"'], bytes, at, true, '12345678901', null, 3],
    );
    // Twice: the second run is the prepared statement's.
    for (const { rows } of [await read(), await read()]) expect(rows).toEqual(direct.rows);
    expect(direct.rows[0]).toMatchObject({ json: { a: [1, 'two'] }, texts: ['x', 'y,z', 'q"'], yes: true });
  });

  it('lets the event loop turn during a long run of statements, so a busy server still reads new requests', async () => {
    const db = platform.database.db;
    let ran = 0;
    let ranWhenTheLoopTurned = -1;
    setImmediate(() => {
      ranWhenTheLoopTurned = ran;
    });
    // Statements back to back for a tenth of a second, far longer than the loop's budget.
    const until = performance.now() + 100;
    while (performance.now() < until) {
      await sql`select ${ran}::int as i`.execute(db);
      ran++;
    }
    // Without the turn, the loop waited until every statement of the run had been answered.
    expect(ranWhenTheLoopTurned).toBeGreaterThanOrEqual(0);
    expect(ranWhenTheLoopTurned).toBeLessThan(ran);
  });

  it('counts the rows a statement changed, and rolls a transaction back whole', async () => {
    const db = platform.database.db;
    await sql`create table dialect_rows (id int primary key, name text)`.execute(db);
    const inserted = await sql`insert into dialect_rows values (1, 'a'), (2, 'b')`.execute(db);
    expect(inserted.numAffectedRows).toBe(2n);
    await expect(
      transaction(db, async (trx) => {
        await sql`update dialect_rows set name = 'changed'`.execute(trx);
        await sql`insert into dialect_rows values (1, 'twice')`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ name: string }>`select name from dialect_rows order by id`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(['a', 'b']);
  });

  it('prepares a statement again when a table changed under it or the session dropped them all', async () => {
    const db = platform.database.db;
    await sql`create table dialect_changing (id int)`.execute(db);
    await sql`insert into dialect_changing values (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from dialect_changing`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`alter table dialect_changing add column name text default 'n'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'n' }]);
    await sql`deallocate all`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, name: 'n' }]);
  });

  it('keeps working past the number of statements it keeps prepared', async () => {
    const db = platform.database.db;
    for (let n = 0; n < 250; n++) {
      const { rows } = await sql<{ n: number }>`select ${n}::int + ${sql.raw(String(n))} as n`.execute(db);
      expect(rows[0]!.n).toBe(2 * n);
    }
    const { rows } = await sql<{ n: number }>`select ${1}::int + 0 as n`.execute(db);
    expect(rows[0]!.n).toBe(1);
  });
});
