import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { allRules } from '../../events/permissions';
import { rebuildProjections } from '../../projections/rebuild';
import { projectionTables } from '../../projections/registry';
import {
  createCourse,
  deleteCourse,
  publishCourse,
  unpublishCourse,
  updateCourse,
} from '../../server/course/commands';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
let clock = Date.parse('2026-11-22T08:00:00Z');
const meta = () => {
  clock += 60_000;
  return { actorId: admin.userId, requestId: 'scenario', now: new Date(clock) };
};
const input = (name: string, extra: Record<string, unknown> = {}) =>
  courseInputSchema.parse({ name, language: 'en', ...extra });

async function snapshot(platform: TestPlatform) {
  const tables: Record<string, unknown[]> = {};
  for (const table of projectionTables()) {
    const { rows } = await sql`select * from ${sql.table(table)} order by 1`.execute(platform.database.db);
    tables[table] = rows;
  }
  return tables;
}

describe.each(databaseKinds)('rebuilding projections on %s', (kind) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(() => platform?.dispose());

  it('replays the log into tables equal, row for row, to the live ones', async () => {
    await createCourse(platform, admin, meta(), { course: input('Family planning', { onHome: true }) });
    await createCourse(platform, admin, meta(), { course: input('Family planning') });
    await createCourse(platform, admin, meta(), {
      path: 'maternal-health',
      course: input('Maternal health', {
        startdate: '2027-01-10',
        enddate: '2027-02-10',
        image: { name: 'm.jpg', alt: 'A midwife' },
      }),
    });
    await createCourse(platform, admin, meta(), { course: input('To be removed') });
    await updateCourse(platform, admin, meta(), {
      path: 'maternal-health',
      course: input('Maternal and newborn health', { location: 'Kinshasa', teacher: 'Dr. Mbuyi' }),
    });
    await unpublishCourse(platform, admin, meta(), 'family-planning-2');
    await unpublishCourse(platform, admin, meta(), 'maternal-health');
    await publishCourse(platform, admin, meta(), 'maternal-health');
    await deleteCourse(platform, admin, meta(), 'to-be-removed');

    const live = await snapshot(platform);
    expect(live.course_summaries).toHaveLength(3);
    expect(live.course_owners).toHaveLength(3);

    // A projection that drifted (say, a bug fixed since) is put right by the rebuild.
    await sql`update course_summaries set name = 'drifted'`.execute(platform.database.db);

    const replayed = await rebuildProjections((work) => transaction(platform.database.db, work), 2);
    // 9 course events, plus the creator becoming owner of each of the 4 courses.
    expect(replayed).toBe(13);
    expect(await snapshot(platform)).toEqual(live);
  });
});
