import { sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRules } from '../../events/permissions';
import { append, readAll } from '../../events/store';
import { rebuildProjections } from '../../projections/rebuild';
import { applyEachAlone, projectionTables } from '../../projections/registry';
import { transaction } from '../../server/db/transaction';
import { deleteUser } from '../../server/user/commands';
import { systemMeta } from '../../server/user/execute-user';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { readTables } from './read-tables';

/**
 * Answers, drafts and sightings reach their projections as runs (projections/projection.ts). A run
 * must leave the tables exactly as the events one by one would: the same seeded, shuffled history is
 * projected both ways, and in batches of several sizes, and every read table compared row for row.
 */
const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
let seed = 20261124;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

describe.each(databaseKinds)('projecting runs of events on %s', (kind) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  }, 60_000);
  afterAll(() => platform?.close());

  it('leaves every table as projecting the events one by one does, whatever the batch', async () => {
    const people = [await addTestUser(platform), await addTestUser(platform), await addTestUser(platform)];
    const userIds = [...people.map((person) => person.userId), 'never-existed'];
    const moduleIds = [uuidv7(), uuidv7()];
    const pages = [
      { pageId: uuidv7(), pagePath: 'one' },
      { pageId: uuidv7(), pagePath: 'two' },
    ];
    let clock = Date.parse('2026-11-24T08:00:00Z');
    const versions = new Map<string, number>();
    const write = async (stream: string, type: string, data: Record<string, unknown>) => {
      // Times go back now and then: a replay must not trust the log's order for first and last.
      clock += Math.floor((random() - 0.45) * 120_000);
      const at = new Date(clock).toISOString();
      const version = versions.get(stream) ?? 0;
      await transaction(platform.database.db, (trx) =>
        append(trx, stream, version, [{ type, data: /Seen$/.test(type) ? { ...data, at } : data }], {
          ...systemMeta('runs'),
          at,
        }),
      );
      versions.set(stream, version + 1);
    };
    let answering = people.map((person) => person.userId);
    const answerRef = () => {
      const moduleId = pick(moduleIds);
      return {
        userId: pick(answering),
        moduleId,
        modulePath: `module-${moduleIds.indexOf(moduleId)}`,
        ...pick(pages),
        question: 'q',
      };
    };
    // A few keys, shared by many events and streams, and saves without one (by step: the seeded
    // random sequence, and so the scenario, stays as it was).
    const requestKeys = [
      null,
      '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a01',
      '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a02',
      '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a03',
    ];
    for (let step = 0; step < 400; step++) {
      const roll = random();
      if (step === 300) {
        // Erased: their answers stop (the commands refuse them), a raced sighting may still come.
        await deleteUser(platform, admin, systemMeta('runs'), people[2]!.userId);
        answering = answering.slice(0, 2);
      }
      if (roll < 0.35) {
        const ref = answerRef();
        await write(`module_result-${ref.moduleId}.${ref.userId}`, 'AnswerSaved', {
          ...ref,
          questionType: 'single',
          answer: pick(['yes', 'no']),
          // Attempts out of order too, as two devices saving at once can leave them.
          attempt: 1 + Math.floor(random() * 3),
          score: Math.floor(random() * 2),
          maxScore: 1,
          idempotencyKey: requestKeys[step % requestKeys.length]!,
        });
      } else if (roll < 0.65) {
        const ref = answerRef();
        await write(`result_draft-${ref.moduleId}.${ref.userId}`, 'AnswerDrafted', {
          ...ref,
          questionType: 'open',
          answer: `draft ${step}`,
          idempotencyKey: requestKeys[step % requestKeys.length]!,
        });
      } else if (roll < 0.67) {
        const ref = answerRef();
        await write(`module_result-${ref.moduleId}.${ref.userId}`, 'AnswerScored', {
          ...ref,
          score: 1,
          maxScore: 1,
          previousScore: 0,
          scored: true,
          feedback: `feedback ${step}`,
          previousFeedback: null,
          scoredBy: 'teacher',
        });
      } else if (step % 3 === 0) {
        // A module page seen, between the item sightings of the same streams (as many draws from
        // the seeded sequence as an item sighting, so the rest of the scenario stays as it was).
        const userId = pick(userIds);
        const moduleId = pick(moduleIds);
        await write(`tracking-${userId}`, 'PageSeen', {
          userId,
          moduleId,
          modulePath: `module-${moduleIds.indexOf(moduleId)}`,
          ...pick(pages),
        });
      } else {
        const userId = pick(userIds);
        await write(`tracking-${userId}`, 'ItemSeen', {
          userId,
          category: pick(['courses', 'files']),
          path: pick(['family-planning', 'leaflet']),
        });
      }
    }

    const tables = [...projectionTables(), 'stream_snapshots'].map((table) => sql.table(table));
    await sql`truncate table ${sql.join(tables)}`.execute(platform.database.db);
    await transaction(platform.database.db, async (trx) =>
      applyEachAlone(trx, await readAll(trx, 0, 100_000)),
    );
    const oneByOne = await readTables(platform);
    expect(oneByOne.result_answers!.length).toBeGreaterThan(5);
    expect(oneByOne.result_drafts!.length).toBeGreaterThan(2);
    expect(oneByOne.answer_requests!.length).toBeGreaterThan(2);
    expect(oneByOne.user_tracking!.length).toBeGreaterThan(2);
    const pageStatements = oneByOne.xapi_statements!.filter((row) =>
      String((row as { activity: string | null }).activity).match(
        /^http:\/\/localhost:3000\/module\/module-\d\/(one|two)$/,
      ),
    );
    expect(pageStatements.length).toBeGreaterThan(2);

    for (const batchSize of [1, 7, 1000]) {
      await rebuildProjections((work) => transaction(platform.database.db, work), batchSize);
      expect(await readTables(platform), `batches of ${batchSize}`).toEqual(oneByOne);
    }
  }, 120_000);
});
