import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../events/command';
import { type CourseCommand, courseInputSchema } from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { DomainError } from '../../events/errors';
import { append, readStream } from '../../events/store';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { OuterDbInTransactionError, transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

const details = courseInputSchema.parse({ name: 'Pipeline course', language: 'fr' });
const meta = () => ({
  actorId: 'teacher-1',
  requestId: 'req-pipeline',
  now: new Date('2026-11-22T09:00:00Z'),
});

async function jobCount(platform: TestPlatform, name: string) {
  const { rows } = await sql<{
    count: number;
  }>`select count(*)::int as count from pgboss.job where name = ${name}`.execute(platform.database.db);
  return rows[0]!.count;
}

describe.each(databaseKinds)('command pipeline on %s', (kind) => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { NOTIFY_EMAIL: 'editors@example.org' } });
  });
  afterAll(() => platform?.dispose());

  const create = (courseId: string, path: string) =>
    ({ type: 'CreateCourse', data: { courseId, path, details } }) as CourseCommand;

  it('appends, projects and enqueues in one transaction, then reads its own write', async () => {
    const courseId = crypto.randomUUID();
    const before = await jobCount(platform, 'mail.send');
    const outcome = await execute(platform.pipeline, {
      decider: courseDecider,
      stream: courseStream(courseId),
      meta: meta(),
      authorize: () => {},
      command: () => create(courseId, 'pipeline-course'),
    });
    expect(outcome.version).toBe(1);
    expect(outcome.events[0]!.meta).toEqual({
      actorId: 'teacher-1',
      requestId: 'req-pipeline',
      at: '2026-11-22T09:00:00.000Z',
    });
    expect(await findCourseByPath(platform.database.db, 'pipeline-course')).toMatchObject({
      courseId,
      published: true,
    });
    expect(await jobCount(platform, 'mail.send')).toBe(before + 1);
  });

  it('rolls back the events and the job when a projection fails', async () => {
    const courseId = crypto.randomUUID();
    const before = await jobCount(platform, 'mail.send');
    const failing = {
      ...platform.pipeline,
      project: async () => {
        throw new Error('projection broke');
      },
    };
    await expect(
      execute(failing, {
        decider: courseDecider,
        stream: courseStream(courseId),
        meta: meta(),
        authorize: () => {},
        command: () => create(courseId, 'rolled-back'),
      }),
    ).rejects.toThrow('projection broke');
    expect(await readStream(platform.database.db, courseStream(courseId))).toEqual([]);
    expect(await findCourseByPath(platform.database.db, 'rolled-back')).toBeNull();
    expect(await jobCount(platform, 'mail.send')).toBe(before);
  });

  it('refuses before appending when authorisation fails', async () => {
    const courseId = crypto.randomUUID();
    await expect(
      execute(platform.pipeline, {
        decider: courseDecider,
        stream: courseStream(courseId),
        meta: meta(),
        authorize: () => {
          throw new DomainError('FORBIDDEN', 'errors.forbidden');
        },
        command: () => create(courseId, 'forbidden-course'),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await readStream(platform.database.db, courseStream(courseId))).toEqual([]);
  });

  it('re-runs the decision once after a version conflict', async () => {
    const courseId = crypto.randomUUID();
    const stream = courseStream(courseId);
    await execute(platform.pipeline, {
      decider: courseDecider,
      stream,
      meta: meta(),
      authorize: () => {},
      command: () => create(courseId, 'conflicted'),
    });
    let attempts = 0;
    const outcome = await execute(platform.pipeline, {
      decider: courseDecider,
      stream,
      meta: meta(),
      authorize: () => {},
      command: async (_state, trx) => {
        attempts++;
        // A competing writer slips in between this attempt's read and its append.
        if (attempts === 1) {
          await append(
            trx,
            stream,
            1,
            [{ type: 'CourseUnpublished', data: { courseId, path: 'conflicted' } }],
            {
              actorId: 'other',
              requestId: 'race',
              at: new Date().toISOString(),
            },
          );
        }
        return { type: 'UnpublishCourse' } as CourseCommand;
      },
    });
    expect(attempts).toBe(2);
    // The first attempt rolled back whole (the competing event too), so the retry decided afresh.
    expect(outcome.events.map((event) => event.type)).toEqual(['CourseUnpublished']);
    const history = await readStream(platform.database.db, stream);
    expect(history.map((event) => [event.type, event.meta.actorId])).toEqual([
      ['CourseCreated', 'teacher-1'],
      ['CourseUnpublished', 'teacher-1'],
    ]);
  });

  it('answers a conflict when the stream keeps moving', async () => {
    const courseId = crypto.randomUUID();
    const stream = courseStream(courseId);
    const error = await execute(platform.pipeline, {
      decider: courseDecider,
      stream,
      meta: meta(),
      authorize: () => {},
      command: async (_state, trx) => {
        await append(
          trx,
          stream,
          0,
          [{ type: 'CourseCreated', data: { courseId, path: 'moving', ...details, published: true } }],
          {
            actorId: 'other',
            requestId: 'race',
            at: new Date().toISOString(),
          },
        );
        return create(courseId, 'moving');
      },
    }).catch((e) => e);
    expect(error).toMatchObject({ code: 'CONFLICT', key: 'errors.versionConflict' });
  });

  it('queues concurrent commands on one stream instead of failing them', async () => {
    const courseId = crypto.randomUUID();
    const stream = courseStream(courseId);
    await execute(platform.pipeline, {
      decider: courseDecider,
      stream,
      meta: meta(),
      authorize: () => {},
      command: () => create(courseId, 'busy-course'),
    });
    const updates = Array.from({ length: 12 }, (_, n) =>
      execute(platform.pipeline, {
        decider: courseDecider,
        stream,
        meta: meta(),
        authorize: () => {},
        command: () =>
          ({ type: 'UpdateCourse', data: { details: { ...details, name: `Busy ${n}` } } }) as CourseCommand,
      }),
    );
    const outcomes = await Promise.all(updates);
    expect(outcomes.map((outcome) => outcome.version).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, n) => n + 2),
    );
  });

  it('folds long streams from a snapshot to the same state as from the start', async () => {
    const courseId = crypto.randomUUID();
    const stream = courseStream(courseId);
    const run = (command: CourseCommand) =>
      execute(platform.pipeline, {
        decider: courseDecider,
        stream,
        meta: meta(),
        authorize: () => {},
        command: () => command,
      });
    await run(create(courseId, 'long-history'));
    let last: Awaited<ReturnType<typeof run>> | undefined;
    for (let n = 1; n <= 60; n++) {
      last = await run(n % 2 ? { type: 'UnpublishCourse' } : { type: 'PublishCourse' });
    }
    const { rows } = await sql<{
      version: number;
    }>`select version from stream_snapshots where stream = ${stream}`.execute(platform.database.db);
    expect(rows[0]?.version).toBeGreaterThanOrEqual(50);
    const history = await readStream(platform.database.db, stream);
    const folded = history.reduce(
      (state, event) => courseDecider.evolve(state, event as never),
      courseDecider.initialState(),
    );
    expect(last!.state).toEqual(folded);
    expect(last!.version).toBe(61);
    // A snapshot of another state shape is ignored, not trusted.
    await sql`update stream_snapshots set schema_version = 0 where stream = ${stream}`.execute(
      platform.database.db,
    );
    const after = await run({ type: 'PublishCourse' });
    expect(after.version).toBe(61);
    expect(after.events).toEqual([]);
  });

  it('throws at once, instead of hanging, when the outer db is used inside a transaction', async () => {
    const db = platform.database.db;
    const error = await transaction(db, async () => {
      await db.selectFrom('events').select('position').limit(1).execute();
    }).catch((e) => e);
    expect(error).toBeInstanceOf(OuterDbInTransactionError);
    expect(await db.selectFrom('events').select('position').limit(1).execute()).toBeDefined();
    await expect(transaction(db, () => transaction(db, async () => 1))).rejects.toBeInstanceOf(
      OuterDbInTransactionError,
    );
  });

  it('never lets two transactions interleave', async () => {
    await sql`create table if not exists interleave_probe (n int)`.execute(platform.database.db);
    const log: string[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        transaction(platform.database.db, async (trx) => {
          const { rows } = await sql<{ c: number }>`select count(*)::int as c from interleave_probe`.execute(
            trx,
          );
          log.push(`read ${n}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
          await sql`insert into interleave_probe values (${rows[0]!.c + 1})`.execute(trx);
          log.push(`write ${n}`);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`select n from interleave_probe order by n`.execute(
      platform.database.db,
    );
    if (kind === 'pglite') {
      // Serialised: each transaction saw the previous one's row.
      expect(rows.map((row) => row.n)).toEqual([1, 2, 3]);
      expect(log).toEqual(['read 1', 'write 1', 'read 2', 'write 2', 'read 3', 'write 3']);
    } else {
      expect(rows).toHaveLength(3);
    }
  });
});
