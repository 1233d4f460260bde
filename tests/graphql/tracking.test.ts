import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../events/store';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { emptyClientRoot, type GraphQLAnswer, graphql } from './client';

/**
 * The log over GraphQL (spec sections 3 and 7): updateLog with the learner-side tracking document
 * and log(user), as admin, participant and anonymous caller; refusals answer success: false (the
 * mutation) or an error with an extension code (the query), in the caller's language.
 */
describe.each(databaseKinds)('GraphQL log on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const token = { admin: '', participant: '' };
  const id = { admin: '', participant: '' };

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    const admin = await addTestUser(platform, { roles: ['admin'], name: 'Ada Admin' });
    const participant = await addTestUser(platform, { name: 'Pia Participant' });
    token.admin = admin.token;
    token.participant = participant.token;
    id.admin = admin.userId;
    id.participant = participant.userId;
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const as = (who: keyof typeof token | null, headers: Record<string, string> = {}) => ({
    token: who ? token[who] : undefined,
    headers,
  });
  const codeOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;
  const eventCount = async () => (await readAll(platform.database.db, 0, 100_000)).length;

  const updateLog = `mutation ($tracking: JSON!) { updateLog(tracking: $tracking) { success message } }`;
  const logQuery = `query ($user: ID!) {
    log(user: $user) {
      user
      tracking {
        courses { path firstSeen lastSeen } sections { path firstSeen lastSeen } files { path firstSeen lastSeen }
        certificates { path firstSeen lastSeen } classrooms { path firstSeen lastSeen }
        breakoutrooms { path firstSeen lastSeen } recordings { path firstSeen lastSeen }
      }
    }
  }`;
  const track = (who: keyof typeof token | null, tracking: unknown, headers: Record<string, string> = {}) =>
    graphql<{ updateLog: { success: boolean; message: string } }>(app, updateLog, {
      ...as(who, headers),
      variables: { tracking },
    });

  it('a participant tracks what they see and reads it back', async () => {
    const lastSeen = new Date(Date.now() - 120_000).toISOString();
    const first = await track('participant', { type: 'course', path: 'family-planning', lastSeen });
    expect(first.data).toEqual({ updateLog: { success: true, message: 'The log is updated.' } });
    // A repeat view is no error, just not a new entry.
    const again = await track('participant', { type: 'courses', path: 'family-planning', lastSeen });
    expect(again.data?.updateLog.success).toBe(true);
    const recording = 'https://video.example.org/week-one.mp4';
    expect(
      (await track('participant', { type: 'recordings', path: recording })).data?.updateLog.success,
    ).toBe(true);

    const log = await graphql(app, logQuery, { ...as('participant'), variables: { user: id.participant } });
    expect(log.errors).toBeUndefined();
    expect(log.data).toEqual({
      log: {
        user: id.participant,
        tracking: {
          courses: [{ path: 'family-planning', firstSeen: lastSeen, lastSeen }],
          sections: [],
          files: [],
          certificates: [],
          classrooms: [],
          breakoutrooms: [],
          recordings: [{ path: recording, firstSeen: expect.any(String), lastSeen: expect.any(String) }],
        },
      },
    });
  });

  it('an admin reads anyone’s log; a participant only their own', async () => {
    const byAdmin = await graphql(app, logQuery, { ...as('admin'), variables: { user: id.participant } });
    expect(byAdmin.errors).toBeUndefined();
    expect((byAdmin.data as { log: { tracking: { courses: unknown[] } } }).log.tracking.courses).toHaveLength(
      1,
    );

    const refused = await graphql(app, logQuery, { ...as('participant'), variables: { user: id.admin } });
    expect(refused.data).toEqual({ log: null });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors?.[0]?.message).toBe('You are not allowed to do this.');

    const unknown = await graphql(app, logQuery, { ...as('admin'), variables: { user: 'nobody-here' } });
    expect(codeOf(unknown)).toBe('NOT_FOUND');
  });

  it('refuses an anonymous caller, in their language, writing nothing', async () => {
    const before = await eventCount();
    const anonymous = await track(
      null,
      { type: 'course', path: 'family-planning' },
      { 'accept-language': 'nl' },
    );
    expect(anonymous.data).toEqual({ updateLog: { success: false, message: 'Meld je eerst aan.' } });
    const log = await graphql(app, logQuery, { variables: { user: id.participant } });
    expect(log.data).toEqual({ log: null });
    expect(codeOf(log)).toBe('UNAUTHENTICATED');
    expect(await eventCount()).toBe(before);
  });

  it('answers success: false for bad documents, the future and someone else’s log, writing nothing', async () => {
    const before = await eventCount();
    const refusals = [
      [{ type: 'modules', path: 'x' }, /^Unknown kind of item/],
      [{ type: 'course', path: 'Not a path' }, /^Use lower-case letters/],
      [{ type: 'course', path: 'x', lastSeen: new Date(Date.now() + 3_600_000).toISOString() }, /future/],
      [{ type: 'course', path: 'x', user: id.admin }, /^You are not allowed/],
      ['not a document', /^Some fields are not valid/],
    ] as const;
    for (const [tracking, message] of refusals) {
      const answer = await track('participant', tracking);
      expect(answer.data?.updateLog.success).toBe(false);
      expect(answer.data?.updateLog.message).toMatch(message);
    }
    expect(await eventCount()).toBe(before);
  });
});
