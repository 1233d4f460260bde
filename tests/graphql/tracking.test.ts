import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../harness';
import { type GraphQLAnswer, graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * The log over GraphQL (docs/integrating/graphql.md): updateLog with the learner-side tracking document
 * and log(user), as admin, participant and anonymous caller; refusals answer success: false (the
 * mutation) or an error with an extension code (the query), in the caller's language.
 */
describe.each(databaseKinds)('GraphQL log on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { roles: ['admin'], name: 'Ada Admin' },
    participant: { name: 'Pia Participant' },
  });
  const { token, id, as, eventCount } = fx;
  // Only what exists is tracked: the course and the recording the tests see.
  beforeAll(async () => {
    const made = async (procedure: string, payload: object) => {
      const response = await fx.app.inject({
        method: 'POST',
        url: `/trpc/${procedure}`,
        payload,
        headers: { authorization: `Bearer ${token.admin}` },
      });
      expect(response.statusCode, procedure).toBe(200);
    };
    await made('course.create', {
      path: 'family-planning',
      course: { name: 'Family planning', language: 'en' },
    });
    await made('section.create', {
      path: 'week-one',
      parentType: 'course',
      parentPath: 'family-planning',
      section: {
        name: 'Week one',
        language: 'en',
        classroom: {
          name: 'Live',
          type: 'jitsi',
          recordings: [{ url: 'https://video.example.org/week-one.mp4', titel: 'Week one' }],
        },
      },
    });
  });
  const codeOf = (answer: GraphQLAnswer) => answer.errors?.[0]?.extensions?.code;

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
    graphql<{ updateLog: { success: boolean; message: string } }>(fx.app, updateLog, {
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

    const log = await graphql(fx.app, logQuery, {
      ...as('participant'),
      variables: { user: id.participant },
    });
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
    const byAdmin = await graphql(fx.app, logQuery, { ...as('admin'), variables: { user: id.participant } });
    expect(byAdmin.errors).toBeUndefined();
    expect((byAdmin.data as { log: { tracking: { courses: unknown[] } } }).log.tracking.courses).toHaveLength(
      1,
    );

    const refused = await graphql(fx.app, logQuery, { ...as('participant'), variables: { user: id.admin } });
    expect(refused.data).toEqual({ log: null });
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors?.[0]?.message).toBe('You are not allowed to do this.');

    const unknown = await graphql(fx.app, logQuery, { ...as('admin'), variables: { user: 'nobody-here' } });
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
    const log = await graphql(fx.app, logQuery, { variables: { user: id.participant } });
    expect(log.data).toEqual({ log: null });
    expect(codeOf(log)).toBe('UNAUTHENTICATED');
    expect(await eventCount()).toBe(before);
  });

  it('answers success: false for bad documents, the future and someone else’s log, writing nothing', async () => {
    const before = await eventCount();
    const refusals = [
      [{ type: 'modules', path: 'x' }, /^Unknown kind of item/],
      [{ type: 'course', path: 'Not a path' }, /^Use lower-case letters/],
      [
        { type: 'course', path: 'family-planning', lastSeen: new Date(Date.now() + 3_600_000).toISOString() },
        /future/,
      ],
      [{ type: 'course', path: 'no-such-course' }, /^This item does not exist/],
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
