import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_ISSUE_JOB } from '../../jobs/certificates/auto-issue';
import { findModuleByPath } from '../../projections/module/module-summaries';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

const PARTICIPANTS = 50;

/**
 * Many participants finishing a module together: their auto-issue jobs are queued in one burst, and
 * the workers (with the production polling settings, as a server runs them) drain the queue in
 * batches, woken by the queue's NOTIFY. With one job per poll, as before, 50 jobs took 100 s; the
 * wait below is a deadline for a hang, not a measure (the speed is in `npm run bench -- certificates`).
 */
describe.each(databaseKinds)('fifty completions at once on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { workJobs: true, jobPollingSeconds: null });
    app = await buildApp(platform);
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const mutate = async (procedure: string, input: object, token: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/trpc/${procedure}`,
      payload: input,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  it('each gets its certificate, exactly once, and the queue is left empty', {
    timeout: 120_000,
  }, async () => {
    const admin = await addTestUser(platform, { roles: ['admin'] });
    await mutate('module.create', { path: 'burst', module: { name: 'Burst', language: 'en' } }, admin.token);
    await mutate(
      'page.create',
      {
        parentType: 'module',
        parentPath: 'burst',
        path: 'burst-q',
        page: {
          name: 'Q',
          type: 'question',
          content: [
            {
              type: 'radio',
              questionType: 'single',
              name: 'q',
              label: 'Right?',
              schema: {},
              options: [
                { label: 'Right', value: 'right', score: 1 },
                { label: 'Wrong', value: 'wrong', score: 0 },
              ],
            },
          ],
        },
      },
      admin.token,
    );
    await mutate('certificate.configureModule', { path: 'burst', config: { auto: true } }, admin.token);
    const moduleId = (await findModuleByPath(platform.database.db, 'burst'))!.moduleId;
    const people = [];
    for (let i = 0; i < PARTICIPANTS; i++) people.push(await addTestUser(platform));

    // Every answer that completes the module, sent together.
    await Promise.all(
      people.map((person) =>
        mutate(
          'result.save',
          { module: 'burst', page: 'burst-q', result: { answers: { q: 'right' }, confirm: ['q'] } },
          person.token,
        ),
      ),
    );

    const certified = async () =>
      (
        await sql<{ user_id: string; count: number }>`
          select user_id, count(*)::int as count from certificates
          where kind = 'module' and item_id = ${moduleId} group by user_id`.execute(platform.database.db)
      ).rows;
    let rows = await certified();
    for (const deadline = Date.now() + 90_000; rows.length < PARTICIPANTS && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await certified();
    }
    expect(rows.map((row) => row.user_id).sort()).toEqual(people.map((person) => person.userId).sort());
    expect(rows.every((row) => row.count === 1)).toBe(true);

    // Every job settled as completed; none waiting, running, retrying or failed.
    const states = async () =>
      (
        await sql<{ state: string; count: number }>`
          select state::text as state, count(*)::int as count from pgboss.job
          where name = ${AUTO_ISSUE_JOB} group by state`.execute(platform.database.db)
      ).rows;
    let settled = await states();
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      if (settled.every((row) => row.state === 'completed')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
      settled = await states();
    }
    expect(settled).toEqual([{ state: 'completed', count: PARTICIPANTS }]);
  });
});
