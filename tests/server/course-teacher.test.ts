import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';
import { trpcCalls } from './trpc-calls';

/**
 * Owners of a course teach the modules it lists (docs/guide/users-and-roles.md): they view results,
 * score and certify there, directly or through a section, without owning the module; editing it
 * and its answer key stay with the module's owners and the edit right. A teacher of another course
 * gets none of it, and every refusal writes no event.
 */

type Who = 'admin' | 'courseOwner' | 'stranger' | 'participant' | 'outsider';

const reflection = {
  type: 'textarea',
  questionType: 'open',
  name: 'reflection',
  label: 'What matters most?',
  schema: { maxScore: 5 },
};
const oneAttempt = {
  type: 'radio',
  questionType: 'single',
  name: 'q',
  label: 'Right or wrong?',
  schema: { attempts: 1 },
  options: [
    { label: 'Right', value: 'right', score: 1 },
    { label: 'Wrong', value: 'wrong', score: 0 },
  ],
};

describe.each(databaseKinds)('course owners teach its modules on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens = {} as Record<Who, string>;
  const ids = {} as Record<Who, string>;
  const module = 'exam-of-course';
  const page = 'questions';
  let section = '';

  const { as, refused } = trpcCalls(() => ({ app, platform, tokens }));

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await ensureTeacherRole(platform);
    for (const [who, roles] of [
      ['admin', ['admin']],
      ['courseOwner', ['teacher']],
      ['stranger', ['teacher']],
      ['participant', []],
      ['outsider', []],
    ] as const) {
      const user = await addTestUser(platform, { roles: [...roles], name: `The ${who}` });
      tokens[who] = user.token;
      ids[who] = user.userId;
    }
    // The admin's published, non-public module, listed in a section of a course the teacher owns.
    await as('admin', 'module.create', {
      path: module,
      module: { name: 'Exam of the course', language: 'en', public: false },
    });
    await as('admin', 'page.create', {
      parentType: 'module',
      parentPath: module,
      path: page,
      page: { name: 'Questions', type: 'question', content: [reflection, oneAttempt] },
    });
    await as('admin', 'module.publish', { path: module });
    const course = (await as('admin', 'course.create', { course: { name: 'The course', language: 'en' } }))
      .path;
    section = (
      await as('admin', 'section.create', {
        parentType: 'course',
        parentPath: course,
        section: { name: 'Week 1', language: 'en' },
      })
    ).path;
    await as('admin', 'link.addItemToParent', {
      parentType: 'section',
      parentPath: section,
      itemType: 'module',
      itemPath: module,
    });
    await as('admin', 'course.addOwner', { path: course, userId: ids.courseOwner });
    // The stranger owns a course of their own, which does not list the module.
    await as('stranger', 'course.create', { course: { name: 'Another course', language: 'en' } });
    // The participant, linked to the course and the module, answers and uses up the one attempt;
    // the outsider follows the module without the course, so its teachers do not reach them.
    await as('admin', 'user.link', {
      _id: ids.participant,
      itemType: 'course',
      itemPath: course,
      linked: true,
    });
    for (const who of ['participant', 'outsider'] as const) {
      await as('admin', 'user.link', { _id: ids[who], itemType: 'module', itemPath: module, linked: true });
      await as(who, 'result.save', {
        module,
        page,
        result: { answers: { reflection: `Listening first (${who}).`, q: 'wrong' }, confirm: ['q'] },
      });
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const onParticipant = () => ({ module, user: ids.participant });

  it('opens the module as its teacher, but neither edits it nor reads its answer key', async () => {
    const detail = await as<{ courseTeacher: boolean }>(
      'courseOwner',
      'module.byPath',
      { path: module },
      false,
    );
    expect(detail.courseTeacher).toBe(true);
    const seen = await as<{ content: { options?: { score?: number }[] }[] }>(
      'courseOwner',
      'page.byPath',
      { path: page },
      false,
    );
    expect(seen.content[1]!.options!.every((option) => option.score === undefined)).toBe(true);
    await refused('courseOwner', 'page.editable', { path: page }, 'FORBIDDEN', false);
    await refused(
      'courseOwner',
      'module.update',
      { path: module, module: { name: 'Mine now', language: 'en' } },
      'FORBIDDEN',
    );
    await refused(
      'courseOwner',
      'page.create',
      {
        parentType: 'module',
        parentPath: module,
        page: { name: 'Injected', type: 'markdown' },
      },
      'FORBIDDEN',
    );
  });

  it('lists the participants, reads a result, scores, grants an attempt and certifies', async () => {
    const participants = await as<{ items?: unknown[] } | unknown[]>(
      'courseOwner',
      'result.participants',
      { module },
      false,
    );
    expect(JSON.stringify(participants)).toContain(ids.participant);
    const result = await as('courseOwner', 'result.participant', onParticipant(), false);
    expect(JSON.stringify(result)).toContain('Listening first (participant).');
    await as('courseOwner', 'result.score', {
      ...onParticipant(),
      page,
      result: { scores: { reflection: 4 }, feedback: { reflection: 'Good.' } },
    });
    await as('courseOwner', 'result.grantAttempt', { ...onParticipant(), page, question: 'q' });
    await as('courseOwner', 'certificate.certify', onParticipant());
    const mine = await as<unknown[]>('participant', 'certificate.mine', undefined, false);
    expect(JSON.stringify(mine)).toContain('Exam of the course');
  });

  it("reaches only the course's participants, and never certifies themself", async () => {
    const participants = await as('courseOwner', 'result.participants', { module }, false);
    expect(JSON.stringify(participants)).not.toContain(ids.outsider);
    const outsider = { module, user: ids.outsider };
    await refused('courseOwner', 'result.participant', outsider, 'FORBIDDEN', false);
    await refused('courseOwner', 'result.history', outsider, 'FORBIDDEN', false);
    await refused(
      'courseOwner',
      'result.score',
      { ...outsider, page, result: { scores: { reflection: 5 } } },
      'FORBIDDEN',
    );
    await refused('courseOwner', 'result.grantAttempt', { ...outsider, page, question: 'q' }, 'FORBIDDEN');
    await refused('courseOwner', 'certificate.certify', outsider, 'FORBIDDEN');
    await refused('courseOwner', 'certificate.certify', { module, user: ids.courseOwner }, 'FORBIDDEN');
    const csv = await app.inject({
      url: `/api/results/${module}.csv`,
      headers: { authorization: `Bearer ${tokens.courseOwner}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(ids.participant);
    expect(csv.body).not.toContain(ids.outsider);
  });

  it('refuses all of it to the teacher of another course, writing nothing', async () => {
    await refused('stranger', 'module.byPath', { path: module }, 'NOT_FOUND', false);
    await refused('stranger', 'result.participants', { module }, 'FORBIDDEN', false);
    await refused('stranger', 'result.participant', onParticipant(), 'FORBIDDEN', false);
    await refused(
      'stranger',
      'result.score',
      {
        ...onParticipant(),
        page,
        result: { scores: { reflection: 1 } },
      },
      'FORBIDDEN',
    );
    await refused(
      'stranger',
      'result.grantAttempt',
      { ...onParticipant(), page, question: 'q' },
      'FORBIDDEN',
    );
    await refused('stranger', 'certificate.revokeModule', onParticipant(), 'FORBIDDEN');
  });

  it("reads a certificate's PDF and GraphQL view by the results rule: its own participants only", async () => {
    const codeOf = async (who: Who) => {
      const certificate = await as<{ code: string } | null>(
        'admin',
        'certificate.ofParticipant',
        { module, user: ids[who] },
        false,
      );
      return (
        certificate?.code ??
        (await as<{ code: string }>('admin', 'certificate.certify', { module, user: ids[who] })).code
      );
    };
    const pdf = async (who: Who, code: string) =>
      (
        await app.inject({
          url: `/api/certificates/${code}.pdf`,
          headers: { authorization: `Bearer ${tokens[who]}` },
        })
      ).statusCode;
    const byCode = async (who: Who, code: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: `{ moduleCertificate(path: "${code}") { path } }` },
          headers: { authorization: `Bearer ${tokens[who]}` },
        })
      ).json().data.moduleCertificate;
    const participant = await codeOf('participant');
    const outsider = await codeOf('outsider');
    expect(await pdf('courseOwner', participant)).toBe(200);
    expect(await byCode('courseOwner', participant)).toEqual({ path: participant });
    for (const [who, code] of [
      ['courseOwner', outsider],
      ['stranger', participant],
      ['outsider', participant],
    ] as const) {
      expect(await pdf(who, code), `${who} ${code}`).toBe(404);
      expect(await byCode(who, code)).toBeNull();
    }
    expect(await pdf('outsider', outsider)).toBe(200);
  });

  it('ends with the link: once the section no longer lists the module, its teacher is refused', async () => {
    await as('admin', 'link.removeItemFromParent', {
      parentType: 'section',
      parentPath: section,
      itemType: 'module',
      itemPath: module,
    });
    await refused('courseOwner', 'module.byPath', { path: module }, 'NOT_FOUND', false);
    await refused(
      'courseOwner',
      'result.score',
      {
        ...onParticipant(),
        page,
        result: { scores: { reflection: 2 } },
      },
      'FORBIDDEN',
    );
  });
});
