import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noRules } from '../../../events/permissions';
import { rebuildProjections } from '../../../projections/rebuild';
import { transaction } from '../../../server/db/transaction';
import { saveResult } from '../../../server/result/commands';
import { fixXapiBase } from '../../../server/xapi/bases';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { xapiScenario } from './scenario';

const FIRST = 'https://learn.example.org';

/**
 * Statements keep the IRIs they were made with (docs/integrating/xapi.md): the base is fixed at the
 * first start; a new public address changes nothing; XAPI_IRI_BASE names the statements made after
 * it; a rebuild gives every statement its IRIs again, as does the read API's agent filter.
 */
describe.each(databaseKinds)('xAPI IRI bases on %s', (kind) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL: FIRST } });
  }, 120_000);
  afterAll(() => platform?.dispose());

  const rows = async () =>
    (
      await sql<{
        statement_id: string;
        activity: string | null;
        body: { actor: { account: { homePage: string } } };
      }>`
        select statement_id, activity, body from xapi_statements order by position, ordinal`.execute(
        platform.database.db,
      )
    ).rows;
  const homePages = async () => new Set((await rows()).map((row) => row.body.actor.account.homePage));

  it('a move keeps the old IRIs, a new base names only later statements, and a rebuild keeps both', async () => {
    const { module, learner } = await xapiScenario(platform, 'b');
    expect(await homePages()).toEqual(new Set([FIRST]));
    const answer = (value: string) =>
      saveResult(
        platform,
        { userId: learner.userId, roles: [], rules: noRules() },
        { actorId: learner.userId, requestId: 'iri', now: new Date() },
        { module, page: 'questions', result: { answers: { method: value } } },
      );

    // The site moved, its operator left XAPI_IRI_BASE unset: statements stay under the first base.
    await fixXapiBase(platform.database.db, undefined, 'https://moved.example.org');
    await answer('condom');
    expect(await homePages()).toEqual(new Set([FIRST]));

    // XAPI_IRI_BASE: statements made from now on are under it; earlier ones keep theirs.
    await fixXapiBase(platform.database.db, 'https://new.example.org/', 'https://moved.example.org');
    const before = await rows();
    await answer('pill');
    const after = await rows();
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    expect(added.length).toBeGreaterThan(0);
    for (const row of added) {
      expect(row.body.actor.account.homePage).toBe('https://new.example.org');
      if (row.activity) expect(row.activity.startsWith('https://new.example.org/module/')).toBe(true);
    }

    await rebuildProjections((work) => transaction(platform.database.db, work), 100);
    expect(await rows()).toEqual(after);
  });
});
