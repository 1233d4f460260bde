import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as addContentLinkAuthors from '../../../migrations/2026_11_28_01_30_00_add_content_link_authors';
import { rebuildProjections } from '../../../projections/rebuild';
import { transaction } from '../../../server/db/transaction';
import { databaseKinds } from '../../harness';
import { platformScenario, scenarioClock } from '../../support/scenario';
import { restartablePlatform } from '../restartable';

/**
 * Who linked each module and file: a course teaches a module only through a link made by someone
 * with the right on it, so the column must be right on a database upgraded from before it existed,
 * exactly as a rebuild from the log makes it. The migration only adds the column; content_links'
 * version was bumped with it, so the next start rebuilds the projection from the log.
 */
describe.each(databaseKinds)('the authors of content links on %s', (kind) => {
  let server: Awaited<ReturnType<typeof restartablePlatform>>;
  beforeAll(async () => {
    server = await restartablePlatform(kind);
  });
  afterAll(() => server?.dispose());

  const rows = async () =>
    (
      await sql<Record<string, unknown>>`
        select parent_type, parent_path, item_type, item_path, position, linked_by from content_links
        order by parent_type, parent_path, item_type, item_path`.execute(server.platform.database.db)
    ).rows;

  it('fills the column at the start after the upgrade as the projection and a rebuild do', async () => {
    await platformScenario(server.platform, scenarioClock('link-authors'));
    const live = await rows();
    expect(live.length).toBeGreaterThan(0);
    expect(live.some((row) => row.linked_by !== null)).toBe(true);

    // The database as the release before this column left it (content_links at version 1), then upgraded.
    const db = server.platform.database.db;
    await addContentLinkAuthors.down(db);
    await sql`update projection_versions set version = 1 where name = 'content_links'`.execute(db);
    await addContentLinkAuthors.up(db);
    expect((await rows()).every((row) => row.linked_by === null)).toBe(true);

    await server.restart();
    expect(await rows()).toEqual(live);

    await rebuildProjections((work) => transaction(server.platform.database.db, work));
    expect(await rows()).toEqual(live);
  });
});
