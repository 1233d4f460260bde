import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleInputSchema } from '../../../events/module/commands';
import { pageInputSchema } from '../../../events/page/commands';
import { allRules, noRules } from '../../../events/permissions';
import { shredPersonalData } from '../../../events/personal-data';
import { resultDecider } from '../../../events/result/decider';
import { resultStream } from '../../../events/result/events';
import { loadSnapshot } from '../../../events/snapshots';
import { findModuleByPath } from '../../../projections/module/module-summaries';
import { transaction } from '../../../server/db/transaction';
import { createModule } from '../../../server/module/commands';
import { createPage } from '../../../server/page/commands';
import type { Platform } from '../../../server/platform';
import { saveResult } from '../../../server/result/commands';
import { systemMeta } from '../../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';

/**
 * A participant's result stream keeps a snapshot every 50 events, so a save reads at
 * most the events since the last one however long the stream grows; the snapshot is sealed with
 * the participant's key like their answers, so erasing them makes it unreadable too.
 */
/** The platform reading through a handle that counts the rows every statement answers. */
function rowCounting(platform: Platform) {
  const counter = { rows: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.rows += args.result.rows.length;
      return args.result;
    },
  };
  const db = platform.database.db.withPlugin(plugin);
  const counted: Platform = {
    ...platform,
    database: { ...platform.database, db },
    pipeline: { ...platform.pipeline, db, transaction: (work) => transaction(db, work) },
  };
  return { counted, counter };
}

describe.each(databaseKinds)('result snapshots on %s', (kind) => {
  let platform: TestPlatform;
  const owner = { userId: 'owner', roles: ['admin'], rules: allRules() };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(async () => {
    await platform?.dispose();
  });

  it('reads as much on the 106th answer as on the 56th, and an erasure makes the snapshot unreadable', async () => {
    const module = await createModule(platform, owner, systemMeta('test'), {
      module: moduleInputSchema.parse({ name: 'Long answers', language: 'en', public: true }),
    });
    const page = await createPage(platform, owner, systemMeta('test'), {
      parentType: 'module',
      parentPath: module,
      page: pageInputSchema.parse({
        name: 'Essay',
        type: 'question',
        content: [
          {
            type: 'textarea',
            questionType: 'open',
            name: 'essay',
            label: 'Your essay?',
            schema: { attempts: 0, maxScore: 1 },
          },
        ],
      }),
    });
    const { userId } = await addTestUser(platform);
    const learner = { userId, roles: [], rules: noRules() };
    const { counted, counter } = rowCounting(platform);
    const rowsRead: Record<number, number> = {};
    // An open question with unlimited attempts: every change is an answer, as while typing.
    for (let n = 1; n <= 120; n++) {
      counter.rows = 0;
      await saveResult(counted, learner, systemMeta('test'), {
        module,
        page,
        result: { answers: { essay: `secret draft number ${n}` } },
      });
      rowsRead[n] = counter.rows;
    }
    // Five events after the snapshot at 100 cost what five after the one at 50 did, and only the
    // snapshot (one row) more than five events from the start: the participant's key is read once
    // either way, with the stream.
    expect(rowsRead[106]).toBe(rowsRead[56]);
    expect(rowsRead[106]).toBe(rowsRead[6]! + 1);

    const { moduleId } = (await findModuleByPath(platform.database.db, module))!;
    const stream = resultStream(moduleId, userId);
    const { rows } = await sql<{ version: number; state: unknown }>`
      select version, state from stream_snapshots where stream = ${stream}`.execute(platform.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.version).toBe(100);
    // Sealed: nothing of the answers is readable without the key.
    expect(JSON.stringify(rows[0]!.state)).not.toContain('secret');
    const snapshot = await loadSnapshot<{ answers: Record<string, Record<string, { answer: unknown }>> }>(
      platform.database.db,
      stream,
      resultDecider.snapshot!.schemaVersion,
      userId,
    );
    expect(snapshot?.state.answers[page]?.essay?.answer).toBe('secret draft number 100');

    await shredPersonalData(platform.database.db, userId);
    expect(
      await loadSnapshot(platform.database.db, stream, resultDecider.snapshot!.schemaVersion, userId),
    ).toBeNull();
  }, 180_000);
});
