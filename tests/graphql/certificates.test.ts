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

/**
 * Module certificates over GraphQL: certify(module, user) by the module's teacher (its owner), never
 * by a participant; moduleCertificate by modulePath for the holder and by verification code for the
 * holder and the module's teachers, null for anyone else.
 */
describe.each(databaseKinds)('GraphQL module certificates on %s', (kind) => {
  const fx = graphqlFixture(kind, {
    teacher: { name: 'Tom Teacher', roles: ['teacher'] },
    participant: { name: 'Pia Participant' },
    other: { name: 'Otto Other' },
  });
  const call = (query: string, who: keyof typeof fx.token | null) =>
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    graphql<any>(fx.app, query, { token: who ? fx.token[who] : undefined });
  const certify = (who: keyof typeof fx.token | null) =>
    call(`mutation { certify(module: "consent", user: "${fx.id.participant}") { success message } }`, who);

  beforeAll(async () => {
    const created = await call(
      'mutation { createModule(doc: { name: "Consent", language: "en" }) { success } }',
      'teacher',
    );
    expect(created.data).toEqual({ createModule: { success: true } });
  });

  it('lets the module teacher certify a participant, and shows the certificate to whom it concerns', async () => {
    const before = await fx.eventCount();
    expect((await certify('participant')).data.certify.success).toBe(false);
    expect((await certify(null)).data.certify.success).toBe(false);
    expect(await fx.eventCount()).toBe(before);

    expect((await certify('teacher')).data.certify).toEqual({
      success: true,
      message: 'certificate assigned',
    });
    const mine = await call(
      '{ moduleCertificate(modulePath: "consent") { path kind item itemName status valid } }',
      'participant',
    );
    expect(mine.data.moduleCertificate).toMatchObject({
      kind: 'module',
      item: 'consent',
      itemName: 'Consent',
      status: 'valid',
      valid: true,
    });
    const byCode = `{ moduleCertificate(path: "${mine.data.moduleCertificate.path}") { item status } }`;
    expect((await call(byCode, 'participant')).data.moduleCertificate).toEqual({
      item: 'consent',
      status: 'valid',
    });
    expect((await call(byCode, 'teacher')).data.moduleCertificate).toEqual({
      item: 'consent',
      status: 'valid',
    });
    expect((await call(byCode, 'other')).data.moduleCertificate).toBeNull();
    expect((await call(byCode, null)).data.moduleCertificate).toBeNull();
  });
});
