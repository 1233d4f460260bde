import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../harness';
import { graphql } from './client';
import { graphqlFixture } from './fixture';

/**
 * Course certificates over GraphQL: addCertificateToUser and removeCertificateFromUser as admin,
 * the course's teacher (its owner), another teacher and a participant, courseCertificate for the
 * holder and checkCertificateStatus for anyone; refusals answer success: false and write nothing.
 */
describe.each(databaseKinds)('GraphQL course certificates on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    admin: { name: 'Ada Admin', roles: ['admin'] },
    teacher: { name: 'Tom Teacher', roles: ['teacher'] },
    otherTeacher: { name: 'Olga Other', roles: ['teacher'] },
    participant: { name: 'Pia Participant' },
  });

  beforeAll(async () => {
    // The teacher makes the course, and so owns it: the course's owners give its certificate.
    const created = await call(
      'mutation { createCourse(doc: { name: "Rights in practice", language: "en" }) { success } }',
      'teacher',
    );
    expect(created.data).toEqual({ createCourse: { success: true } });
  });

  const call = (query: string, who: keyof typeof fx.token | null = 'admin') =>
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    graphql<any>(fx.app, query, { token: who ? fx.token[who] : undefined });
  const add = (who: keyof typeof fx.token | null, course = 'rights-in-practice') =>
    call(
      `mutation { addCertificateToUser(_id: "${fx.id.participant}", course: "${course}") { success message } }`,
      who,
    );
  const remove = (who: keyof typeof fx.token | null) =>
    call(
      `mutation { removeCertificateFromUser(_id: "${fx.id.participant}", course: "rights-in-practice") { success message } }`,
      who,
    );
  const { eventCount } = fx;

  it('refuses participants, anonymous callers and unknown courses, writing nothing', async () => {
    const before = await eventCount();
    expect((await add('participant')).data.addCertificateToUser.success).toBe(false);
    expect((await add(null)).data.addCertificateToUser.success).toBe(false);
    const unknown = await add('admin', 'no-such-course');
    expect(unknown.data.addCertificateToUser.success).toBe(false);
    expect(unknown.data.addCertificateToUser.message).toBeTruthy();
    expect(await eventCount()).toBe(before);
    expect(
      (await call('{ courseCertificate(path: "rights-in-practice") { path } }', 'participant')).data,
    ).toEqual({
      courseCertificate: null,
    });
  });

  it("refuses another course's teacher, and the owner for themself, writing nothing", async () => {
    const before = await eventCount();
    expect((await add('otherTeacher')).data.addCertificateToUser.success).toBe(false);
    const own = await call(
      `mutation { addCertificateToUser(_id: "${fx.id.teacher}", course: "rights-in-practice") { success message } }`,
      'teacher',
    );
    expect(own.data.addCertificateToUser).toEqual({
      success: false,
      message:
        'You cannot assign or revoke a certificate of your own; another teacher or an administrator can.',
    });
    expect(await eventCount()).toBe(before);
  });

  it("lets the course's teacher assign, the holder read it, anyone verify it, and an admin revoke it", async () => {
    expect((await add('teacher')).data.addCertificateToUser).toEqual({
      success: true,
      message: 'certificate assigned',
    });
    const mine = await call(
      '{ courseCertificate(path: "rights-in-practice") { path kind item status valid } }',
      'participant',
    );
    expect(mine.data.courseCertificate).toMatchObject({
      kind: 'course',
      item: 'rights-in-practice',
      status: 'valid',
      valid: true,
    });
    const code = mine.data.courseCertificate.path as string;
    const check = `{ checkCertificateStatus(path: "${code}") { status valid name itemName } }`;
    expect((await call(check, null)).data.checkCertificateStatus).toEqual({
      status: 'valid',
      valid: true,
      name: 'Pia Participant',
      itemName: 'Rights in practice',
    });
    expect((await remove('participant')).data.removeCertificateFromUser.success).toBe(false);
    expect((await remove('admin')).data.removeCertificateFromUser).toEqual({
      success: true,
      message: 'certificate removed',
    });
    expect((await call(check, null)).data.checkCertificateStatus).toMatchObject({
      status: 'revoked',
      valid: false,
    });
  });
});
