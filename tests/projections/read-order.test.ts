import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../events/store';
import { tablesNamed, UndeclaredReadError } from '../../projections/declared-reads';
import { inReadOrder } from '../../projections/order';
import type { AnyProjection } from '../../projections/projection';
import { applyProjections, projections } from '../../projections/registry';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

const projection = (name: string, extra: Partial<AnyProjection> = {}): AnyProjection => ({
  name,
  tables: [name],
  handles: [],
  apply: async () => {},
  ...extra,
});

describe('the order of projections', () => {
  it('follows the declared reads, and the listing where nothing is declared', () => {
    const users = projection('users');
    const sightings = projection('sightings', { reads: ['users'] });
    const links = projection('links', { readsBefore: ['sections'] });
    const sections = projection('sections');
    const names = (list: AnyProjection[]) => list.map((each) => each.name);
    expect(names(inReadOrder([sightings, sections, users, links]))).toEqual([
      'users',
      'sightings',
      'links',
      'sections',
    ]);
  });

  it('refuses a read of a table nobody writes, a table written twice and a cycle', () => {
    expect(() => inReadOrder([projection('a', { reads: ['nowhere'] })])).toThrow(
      /reads nowhere, which no projection writes/,
    );
    expect(() => inReadOrder([projection('a'), projection('b', { tables: ['a'] })])).toThrow(
      /written by both a and b/,
    );
    expect(() => inReadOrder([projection('a', { reads: ['b'] }), projection('b', { reads: ['a'] })])).toThrow(
      /cycle/,
    );
  });

  it('has the registry in an order its reads allow', () => {
    const position = new Map(projections.map((each, index) => [each.name, index]));
    const owner = new Map(projections.flatMap((each) => each.tables.map((table) => [table, each.name])));
    for (const each of projections) {
      for (const table of each.reads ?? [])
        expect(position.get(owner.get(table)!)!).toBeLessThan(position.get(each.name)!);
      for (const table of each.readsBefore ?? [])
        expect(position.get(owner.get(table)!)!).toBeGreaterThan(position.get(each.name)!);
    }
  });
});

describe('declared reads', () => {
  it('finds the tables of built and raw queries, leaving out CTE names and functions', () => {
    const raw = sql`with moved as (select 1) insert into content_links select * from moved
      join section_summaries s on true, unnest(${[1]}) on conflict do update set position = 1`;
    expect([...tablesNamed(raw.toOperationNode())].sort()).toEqual(['content_links', 'section_summaries']);
  });

  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(databaseKinds[0]!);
  });
  afterAll(() => platform.dispose());

  const event = {
    position: 1,
    stream: 'x',
    version: 1,
    type: 'Probe',
    schemaVersion: 1,
    data: {},
    meta: { actorId: null, requestId: 'r', at: new Date(0).toISOString() },
    recordedAt: new Date(0),
  } as StoredEvent;

  it('fails a projection that reads a table it did not declare, and lets it read once declared', async () => {
    const reading = (reads?: string[]) =>
      projection('probe', {
        tables: ['course_summaries'],
        handles: ['Probe'],
        ...(reads ? { reads } : {}),
        apply: async (trx) => {
          await trx.selectFrom('users').select('user_id').execute();
        },
      });
    await expect(
      transaction(platform.database.db, (trx) => applyProjections(trx, [event], [reading()])),
    ).rejects.toThrow(UndeclaredReadError);
    await expect(
      transaction(platform.database.db, (trx) => applyProjections(trx, [event], [reading(['users'])])),
    ).resolves.toBeUndefined();
  });
});
