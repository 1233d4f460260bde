import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { courseInputSchema } from '../../events/course/commands';
import { courseStream } from '../../events/course/events';
import { defineEvent } from '../../events/define';
import { DomainError, VersionConflictError } from '../../events/errors';
import { applyUpcasters } from '../../events/registry';
import { append, type EventMeta, readAll, readStream } from '../../events/store';
import type { Database } from '../../server/db';
import { transaction } from '../../server/db/transaction';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';

const meta: EventMeta = { actorId: 'user-1', requestId: 'req-1', at: '2026-11-22T10:00:00.000Z' };
const details = courseInputSchema.parse({ name: 'Store test', language: 'nl' });
const created = (courseId: string) => ({
  type: 'CourseCreated',
  data: { courseId, path: `store-${courseId.slice(-6)}`, ...details, published: true },
});
const published = (courseId: string) => ({ type: 'CoursePublished', data: { courseId, path: 'p' } });

describe.each(databaseKinds)('event store on %s', (kind) => {
  let platform: TestPlatform;
  const tx = <T>(work: (trx: Transaction<Database>) => Promise<T>) => transaction(platform.database.db, work);
  beforeAll(async () => {
    platform = await startTestPlatform(kind);
  });
  afterAll(() => platform?.dispose());

  it('appends with versions, positions and meta, and reads the stream back', async () => {
    const id = crypto.randomUUID();
    const stored = await tx((trx) => append(trx, courseStream(id), 0, [created(id), published(id)], meta));
    expect(stored.map((event) => event.version)).toEqual([1, 2]);
    expect(stored[1]!.position).toBeGreaterThan(stored[0]!.position);
    const read = await readStream(platform.database.db, courseStream(id));
    expect(read).toHaveLength(2);
    expect(read[0]).toMatchObject({
      stream: courseStream(id),
      version: 1,
      type: 'CourseCreated',
      schemaVersion: 1,
      meta,
    });
    expect(read[0]!.data).toEqual(created(id).data);
    expect(read[0]!.recordedAt).toBeInstanceOf(Date);
  });

  it('refuses a stale expected version with a typed conflict and writes nothing', async () => {
    const id = crypto.randomUUID();
    await tx((trx) => append(trx, courseStream(id), 0, [created(id)], meta));
    await expect(tx((trx) => append(trx, courseStream(id), 0, [published(id)], meta))).rejects.toBeInstanceOf(
      VersionConflictError,
    );
    expect(await readStream(platform.database.db, courseStream(id))).toHaveLength(1);
  });

  it('validates event data on append and writes nothing when it is invalid', async () => {
    const id = crypto.randomUUID();
    const bad = { type: 'CourseCreated', data: { ...created(id).data, language: 'de' } };
    const error = await tx((trx) => append(trx, courseStream(id), 0, [bad], meta)).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('INVALID');
    await expect(
      tx((trx) => append(trx, courseStream(id), 0, [{ type: 'NoSuchThing', data: {} }], meta)),
    ).rejects.toMatchObject({ code: 'INVALID', key: 'errors.unknownEventType' });
    expect(await readStream(platform.database.db, courseStream(id))).toHaveLength(0);
  });

  it('reads all events in global order from a position', async () => {
    const first = await readAll(platform.database.db, 0, 10_000);
    const positions = first.map((event) => event.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const from = positions[1]!;
    const after = await readAll(platform.database.db, from, 10_000);
    expect(after[0]!.position).toBeGreaterThan(from);
    expect(after.length).toBe(first.length - 2);
  });

  it('refuses to update or delete an event at the database level', async () => {
    await expect(sql`update events set type = 'X'`.execute(platform.database.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from events`.execute(platform.database.db)).rejects.toThrow(/append-only/);
  });

  it('keeps every acknowledged event when many callers append to one stream at once', async () => {
    const id = crypto.randomUUID();
    const stream = courseStream(id);
    await tx((trx) => append(trx, stream, 0, [created(id)], meta));
    const callers = 40;
    let conflicts = 0;
    const appendOne = async (caller: number) => {
      for (;;) {
        try {
          return await tx(async (trx) => {
            const current = (await readStream(trx, stream)).length;
            const event = { type: 'CoursePublished', data: { courseId: id, path: `caller-${caller}` } };
            return append(trx, stream, current, [event], meta);
          });
        } catch (error) {
          if (!(error instanceof VersionConflictError)) throw error;
          conflicts++;
        }
      }
    };
    const results = await Promise.all(Array.from({ length: callers }, (_, caller) => appendOne(caller)));
    const events = await readStream(platform.database.db, stream);
    expect(events.map((event) => event.version)).toEqual(
      Array.from({ length: callers + 1 }, (_, i) => i + 1),
    );
    const paths = new Set(events.slice(1).map((event) => (event.data as { path: string }).path));
    expect(paths.size).toBe(callers);
    expect(results.flat()).toHaveLength(callers);
    // PGlite runs transactions one at a time; on PostgreSQL they race, and the losers retried.
    if (kind === 'pglite') expect(conflicts).toBe(0);
  });
});

describe('upcasting', () => {
  it('brings old event data up to the current schema version, step by step', () => {
    const definition = defineEvent('Example', z.object({ fullName: z.string(), language: z.string() }), {
      schemaVersion: 3,
      upcasters: {
        1: (data) => ({ fullName: (data as { name: string }).name }),
        2: (data) => ({ ...(data as object), language: 'en' }),
      },
    });
    expect(applyUpcasters(definition, 1, { name: 'An' })).toEqual({ fullName: 'An', language: 'en' });
    expect(applyUpcasters(definition, 3, { fullName: 'An', language: 'nl' })).toEqual({
      fullName: 'An',
      language: 'nl',
    });
  });
});
