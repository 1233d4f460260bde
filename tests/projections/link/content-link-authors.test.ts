import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as addContentLinkAuthors from '../../../migrations/2026_11_28_01_30_00_add_content_link_authors';
import { rebuildProjections } from '../../../projections/rebuild';
import { transaction } from '../../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { platformScenario, scenarioClock } from '../../support/scenario';

/**
 * Who linked each module and file: a course teaches a module only through a link made by someone
 * with the right on it, so the column must be right on a database upgraded from before it existed,
 * exactly as a rebuild from the log makes it.
 */
describe.each(databaseKinds)('the authors of content links on %s', (kind) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(() => platform?.dispose());

  const rows = async () =>
    (
      await sql<Record<string, unknown>>`
        select parent_type, parent_path, item_type, item_path, position, linked_by from content_links
        order by parent_type, parent_path, item_type, item_path`.execute(platform.database.db)
    ).rows;

  it('fills the column on upgrade as the projection and a rebuild do', async () => {
    await platformScenario(platform, scenarioClock('link-authors'));
    const live = await rows();
    expect(live.length).toBeGreaterThan(0);
    expect(live.some((row) => row.linked_by !== null)).toBe(true);

    // The database as the release before this column left it, then upgraded.
    await addContentLinkAuthors.down(platform.database.db);
    await addContentLinkAuthors.up(platform.database.db);
    expect(await rows()).toEqual(live);

    await rebuildProjections((work) => transaction(platform.database.db, work));
    expect(await rows()).toEqual(live);
  });
});
