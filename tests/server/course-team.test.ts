import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

const clientRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
// Removed after the file's tests, whatever their outcome.
afterAll(() => fs.rmSync(clientRoot, { recursive: true, force: true }));
fs.writeFileSync(path.join(clientRoot, 'index.html'), '<!doctype html><html><body>app</body></html>');

describe.each(databaseKinds)('course.team over tRPC on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let asAdmin: { authorization: string };
  let asLearner: { authorization: string };
  let adminId: string;

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot });
    const admin = await addTestUser(platform, { roles: ['admin'], name: 'Ada Admin' });
    adminId = admin.userId;
    asAdmin = { authorization: `Bearer ${admin.token}` };
    asLearner = { authorization: `Bearer ${(await addTestUser(platform, { name: 'Lou Learner' })).token}` };
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  type Headers = Record<string, string>;
  const call = (method: 'GET' | 'POST', url: string, input: unknown, headers: Headers = {}) =>
    method === 'GET'
      ? app.inject({
          method,
          url: `/trpc/${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
      : app.inject({ method, url: `/trpc/${url}`, payload: input as object, headers });
  const ok = async (method: 'GET' | 'POST', url: string, input: unknown, headers: Headers = asAdmin) => {
    const response = await call(method, url, input, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result.data;
  };
  const profile = (name: string, extra: object = {}) => ({
    name,
    phone: '',
    profession: '',
    riziv: '',
    description: '',
    image: null,
    fullPrivacy: false,
    language: 'en',
    ...extra,
  });

  it('shows the owners with profession, description and picture to anyone who may see the course, and masks fullPrivacy', async () => {
    await ok('POST', 'course.create', {
      path: 'team-course',
      course: { name: 'Team course', language: 'en' },
    });
    // The creating admin is an owner already; remove them so the team is what this test builds.
    await ok('POST', 'course.removeOwner', { path: 'team-course', userId: adminId });

    const teacher = await addTestUser(platform, { roles: ['teacher'], name: 'Tess Teacher' });
    await ok('POST', 'user.update', {
      _id: teacher.userId,
      doc: profile('Tess Teacher', {
        profession: 'Midwife',
        description: 'Twenty years in maternal health.',
        image: { name: 'https://example.org/tess.jpg', alt: 'Tess smiling' },
        phone: '+32 470 12 34 56',
      }),
    });
    const hidden = await addTestUser(platform, { roles: ['teacher'], name: 'Hidden Teacher' });
    await ok('POST', 'user.update', {
      _id: hidden.userId,
      doc: profile('Hidden Teacher', { profession: 'Doctor', fullPrivacy: true }),
    });
    await ok('POST', 'course.addOwner', { path: 'team-course', userId: teacher.userId });
    await ok('POST', 'course.addOwner', { path: 'team-course', userId: hidden.userId });

    const anonymous = await call('GET', 'course.team', { path: 'team-course' });
    expect(anonymous.statusCode).toBe(200);
    const team = anonymous.json().result.data;
    expect(team.owners).toEqual(
      expect.arrayContaining([
        {
          userId: teacher.userId,
          name: 'Tess Teacher',
          anonymous: false,
          profession: 'Midwife',
          description: 'Twenty years in maternal health.',
          image: { name: 'https://example.org/tess.jpg', alt: 'Tess smiling' },
        },
        {
          userId: hidden.userId,
          name: 'Anonymous User',
          anonymous: true,
          profession: null,
          description: null,
          image: null,
        },
      ]),
    );
    expect(team.owners).toHaveLength(2);
    // Nobody's e-mail address or phone number, and not the hidden teacher's name.
    expect(anonymous.body).not.toMatch(/@example\.org|470|Hidden Teacher|Doctor/);
    // Without showUserList, nobody gets the participants.
    expect(team.participants).toBeNull();
    expect((await ok('GET', 'course.team', { path: 'team-course' }, asLearner)).participants).toBeNull();

    // The hidden teacher sees themselves, and a user manager sees them too.
    const asHidden = { authorization: `Bearer ${hidden.token}` };
    const own = await ok('GET', 'course.team', { path: 'team-course' }, asHidden);
    expect(own.owners.find((owner: { userId: string }) => owner.userId === hidden.userId)).toMatchObject({
      name: 'Hidden Teacher',
      anonymous: false,
    });
  });

  it('lists the participants to signed-in users when the course shows its user list', async () => {
    await ok('POST', 'course.create', {
      path: 'listed-course',
      course: { name: 'Listed course', language: 'en', showUserList: true },
    });
    const names = ['Pia Participant', 'Quinn Participant'];
    const participants = [];
    for (const name of names) participants.push(await addTestUser(platform, { name }));
    const secret = await addTestUser(platform, { name: 'Secret Participant' });
    await ok('POST', 'user.update', {
      _id: secret.userId,
      doc: profile('Secret Participant', { fullPrivacy: true }),
    });
    for (const user of [...participants, secret]) {
      await ok('POST', 'user.link', {
        _id: user.userId,
        itemType: 'course',
        itemPath: 'listed-course',
        linked: true,
      });
    }

    const team = await ok('GET', 'course.team', { path: 'listed-course' }, asLearner);
    expect(team.participants).toEqual([
      { userId: participants[0]!.userId, name: 'Pia Participant', anonymous: false, image: null },
      { userId: participants[1]!.userId, name: 'Quinn Participant', anonymous: false, image: null },
      // Anonymous people come last, so their place in the list does not hint at their name.
      { userId: secret.userId, name: 'Anonymous User', anonymous: true, image: null },
    ]);
    expect(JSON.stringify(team)).not.toMatch(/@example\.org|Secret Participant/);
    // Anonymous visitors never see participants.
    expect((await ok('GET', 'course.team', { path: 'listed-course' }, {})).participants).toBeNull();
    // The creating admin is the course's owner.
    expect(team.owners.map((owner: { name: string }) => owner.name)).toEqual(['Ada Admin']);
  });

  it('answers NOT_FOUND for a course the viewer may not see', async () => {
    await ok('POST', 'course.create', {
      path: 'hidden-course',
      course: { name: 'Hidden course', language: 'en', public: false },
    });
    expect((await call('GET', 'course.team', { path: 'hidden-course' }, asLearner)).statusCode).toBe(404);
    expect((await call('GET', 'course.team', { path: 'no-such-course' })).statusCode).toBe(404);
  });
});
