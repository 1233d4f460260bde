import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildProjections } from '../../projections/rebuild';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { platformScenario, platformScenarioEvents, scenarioClock } from '../support/scenario';
import { readTables } from './read-tables';

describe.each(databaseKinds)('rebuilding projections on %s', (kind) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(() => platform?.dispose());

  it('replays the log into tables equal, row for row, to the live ones', async () => {
    await platformScenario(platform, scenarioClock('scenario'));

    const live = await readTables(platform);
    expect(live.course_summaries).toHaveLength(5);
    expect(live.course_owners).toHaveLength(5);
    expect(live.file_summaries).toHaveLength(2);
    expect(live.content_links).toHaveLength(10);
    expect(live.module_summaries).toHaveLength(8);
    expect(live.module_owners).toHaveLength(7);
    expect(live.page_summaries).toHaveLength(17);
    // Every live course, module and page, with the words readers search.
    expect(live.search_items).toHaveLength(30);
    expect(live.user_tracking).toHaveLength(3);
    expect(live.result_answers).toMatchObject([
      { question: 'why', score: 2, feedback: 'Good start.' },
      { question: 'sdg', attempts: 1, extra_attempts: 1, score: 0 },
    ]);
    expect(live.result_drafts).toMatchObject([{ question: 'sdg', answer: 'five' }]);
    expect(live.message_threads).toMatchObject([
      { status: 'closed', messages: 3, replies: 1, replies_read: 1 },
    ]);
    expect(live.thread_messages).toHaveLength(3);
    expect(live.certificates).toHaveLength(2);
    expect(live.certificate_configs).toHaveLength(2);
    expect(live.certificate_reminders).toMatchObject([{ days_before: 30 }]);
    // Sightings, answers, the module certificate, the course certificate revoked (earned, earned,
    // voided) and the deleted person's sighting voided: identical statement ids after the rebuild.
    expect(live.xapi_statements?.length).toBeGreaterThan(8);

    // A projection that drifted (say, a bug fixed since) is put right by the rebuild.
    await sql`update course_summaries set name = 'drifted'`.execute(platform.database.db);
    await sql`update page_summaries set position = 7`.execute(platform.database.db);
    await sql`update content_links set position = 7`.execute(platform.database.db);
    await sql`update user_tracking set last_seen = first_seen`.execute(platform.database.db);

    const replayed = await rebuildProjections((work) => transaction(platform.database.db, work), 2);
    expect(replayed).toBe(platformScenarioEvents);
    expect(await readTables(platform)).toEqual(live);
  });
});
