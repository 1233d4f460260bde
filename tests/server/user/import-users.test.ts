import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ensureTeacherRole } from '../../../server/auth/bootstrap';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

interface Plan {
  rows: {
    line: number;
    email: string;
    action: string;
    problems: { reason: string; value: string | null }[];
    roles: string[];
    courses: string[];
  }[];
  counts: Record<'create' | 'link' | 'unchanged' | 'refused', number>;
}

/** A 200-row CSV: 195 good rows (new people, people already there) and 5 bad ones. */
function twoHundredRows(kind: string, existing: string[]) {
  const lines = ['name,e-mail,language,profession,riziv,roles,courses'];
  for (let i = 0; i < 190; i++) {
    const course = i % 3 === 0 ? 'import-basics' : i % 3 === 1 ? 'Ethique et soins' : '';
    const roles = i % 10 === 0 ? 'teacher' : '';
    lines.push(
      `Person ${i},person-${i}-${kind}@example.org,${['nl', 'en', 'fr'][i % 3]},nurse,,${roles},${course}`,
    );
  }
  // People already on the platform: found by address, only their missing links are added.
  for (const [i, email] of existing.entries()) {
    lines.push(`"Known, ${i}",${email.toUpperCase()},en,,,,import-basics|import-ethics`);
  }
  lines.push(`Bad mail,not-an-address,en,,,,`); // line 197
  lines.push(`Bad role,bad-role-${kind}@example.org,en,,,wizard,`); // line 198
  lines.push(`Bad course,bad-course-${kind}@example.org,fr,,,,no-such-course`); // line 199
  lines.push(`Twin one,twin-${kind}@example.org,nl,,,,`); // line 200
  lines.push(`Twin two,twin-${kind}@example.org,nl,,,,`); // line 201
  return lines.join('\r\n');
}

describe.each(databaseKinds)('importing users on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  const tokens: Record<'admin' | 'teacher' | 'manager' | 'participant', string> = {
    admin: '',
    teacher: '',
    manager: '',
    participant: '',
  };
  const { as, refused, eventCount, call } = trpcCalls(() => ({ app, platform, tokens }));
  const existing: string[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform);
    await ensureTeacherRole(platform);
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'] })).token;
    tokens.participant = (await addTestUser(platform)).token;
    await as('admin', 'role.create', { name: 'people-manager', actions: { manage_users: true } });
    tokens.manager = (await addTestUser(platform, { roles: ['people-manager'] })).token;
    await as('admin', 'course.create', {
      path: 'import-basics',
      course: { name: 'Import basics', language: 'en' },
    });
    await as('admin', 'course.create', {
      path: 'import-ethics',
      course: { name: 'Éthique et soins', language: 'fr' },
    });
    for (const name of ['Known A', 'Known B', 'Known C', 'Known D', 'Known E']) {
      existing.push((await addTestUser(platform, { name })).email);
    }
  });
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const linksOf = async (email: string) =>
    (
      await platform.database.db
        .selectFrom('user_links')
        .innerJoin('users', 'users.user_id', 'user_links.user_id')
        .select('user_links.item_path')
        .where('users.email', '=', email)
        .orderBy('user_links.item_path')
        .execute()
    ).map((row) => row.item_path);

  it('previews 200 rows, explains the 5 bad ones and writes nothing', async () => {
    const text = twoHundredRows(kind, existing);
    const before = await eventCount();
    const plan = await as<Plan>('admin', 'user.previewImport', { text });
    expect(await eventCount()).toBe(before);
    expect(plan.rows).toHaveLength(200);
    expect(plan.counts).toEqual({ create: 190, link: 5, unchanged: 0, refused: 5 });
    const refusedRows = plan.rows.filter((row) => row.action === 'refused');
    expect(refusedRows.map((row) => [row.line, row.problems])).toEqual([
      [197, [{ reason: 'invalidEmail', value: 'not-an-address' }]],
      [198, [{ reason: 'unknownRole', value: 'wizard' }]],
      [199, [{ reason: 'unknownCourse', value: 'no-such-course' }]],
      [200, [{ reason: 'duplicateEmail', value: '201' }]],
      [201, [{ reason: 'duplicateEmail', value: '200' }]],
    ]);
    // A course by its title, whatever the accents; a role by name.
    expect(plan.rows[1]).toMatchObject({ action: 'create', courses: ['import-ethics'], roles: [] });
    expect(plan.rows[0]).toMatchObject({ action: 'create', courses: ['import-basics'], roles: ['teacher'] });
    expect(plan.rows[190]).toMatchObject({ action: 'link', courses: ['import-basics', 'import-ethics'] });
  });

  it('imports every good row whole and no bad row at all; the same file again changes nothing', async () => {
    const text = twoHundredRows(kind, existing);
    // One of the people already there was linked before: that link is skipped, not repeated.
    const known = (await platform.database.db
      .selectFrom('users')
      .select('user_id')
      .where('email', '=', existing[0]!)
      .executeTakeFirstOrThrow())!.user_id;
    await as('admin', 'user.link', {
      _id: known,
      itemType: 'course',
      itemPath: 'import-basics',
      linked: true,
    });

    const result = await as<Plan>('admin', 'user.import', { text });
    expect(result.counts).toEqual({ create: 190, link: 5, unchanged: 0, refused: 5 });
    const users = await platform.database.db
      .selectFrom('users')
      .select(['email', 'roles', 'language', 'profession', 'verified'])
      .where('email', 'like', `person-%-${kind}@example.org`)
      .execute();
    expect(users).toHaveLength(190);
    expect(users.find((user) => user.email === `person-0-${kind}@example.org`)).toMatchObject({
      roles: ['teacher'],
      language: 'nl',
      profession: 'nurse',
      verified: false,
    });
    expect(await linksOf(`person-0-${kind}@example.org`)).toEqual(['import-basics']);
    expect(await linksOf(`person-1-${kind}@example.org`)).toEqual(['import-ethics']);
    expect(await linksOf(`person-2-${kind}@example.org`)).toEqual([]);
    for (const email of existing) expect(await linksOf(email)).toEqual(['import-basics', 'import-ethics']);
    // Refused rows wrote nothing: no account, no link, no event on any stream of theirs.
    const badEmails = [
      `bad-role-${kind}@example.org`,
      `bad-course-${kind}@example.org`,
      `twin-${kind}@example.org`,
    ];
    const bad = await platform.database.db
      .selectFrom('users')
      .select('email')
      .where('email', 'in', badEmails)
      .execute();
    expect(bad).toEqual([]);
    // Each new person has an invitation queued, in the transaction that made the account.
    const codes = await platform.database.db
      .selectFrom('auth_codes')
      .innerJoin('users', 'users.user_id', 'auth_codes.user_id')
      .select('users.email')
      .where('users.email', 'like', `person-%-${kind}@example.org`)
      .execute();
    expect(codes).toHaveLength(190);

    const before = await eventCount();
    const again = await as<Plan>('admin', 'user.import', { text });
    expect(again.counts).toEqual({ create: 0, link: 0, unchanged: 195, refused: 5 });
    expect(await eventCount()).toBe(before);
  });

  it("sets the group column within the row's courses, and again changes nothing", async () => {
    const text = `name,email,language,courses,group\nGia,gia-${kind}@example.org,en,import-basics,Tuesday\n${existing[1]},${existing[1]},en,import-basics,Tuesday\n`;
    const first = await as<Plan>('admin', 'user.import', { text });
    expect(first.rows.map((row) => row.action)).toEqual(['create', 'link']);
    const groups = await platform.database.db
      .selectFrom('user_links')
      .innerJoin('users', 'users.user_id', 'user_links.user_id')
      .select(['users.email', 'user_links.group_label'])
      .where('user_links.item_path', '=', 'import-basics')
      .where('users.email', 'in', [`gia-${kind}@example.org`, existing[1]!])
      .orderBy('users.email')
      .execute();
    expect(groups.map((row) => row.group_label)).toEqual(['Tuesday', 'Tuesday']);
    const before = await eventCount();
    const again = await as<Plan>('admin', 'user.import', { text });
    expect(again.counts).toMatchObject({ unchanged: 2 });
    expect(await eventCount()).toBe(before);
  });

  it('lets only who manages users import, and links only to courses they may link participants to', async () => {
    const text = `name\temail\tlanguage\tcourses\nMia\tmia-${kind}@example.org\ten\timport-basics\n`;
    await refused('teacher', 'user.previewImport', { text }, 'FORBIDDEN');
    await refused('teacher', 'user.import', { text }, 'FORBIDDEN');
    await refused('participant', 'user.import', { text }, 'FORBIDDEN');
    // manage_users without the edit right on the course: the row is refused and explained.
    const before = await eventCount();
    const plan = await as<Plan>('manager', 'user.import', { text });
    expect(plan.rows[0]).toMatchObject({
      action: 'refused',
      problems: [{ reason: 'courseNotYours', value: 'import-basics' }],
    });
    expect(await eventCount()).toBe(before);
    // Nor may they give the admin role, or a role with rights they lack.
    const roles = `name;email;language;roles\nAda;ada-${kind}@example.org;en;admin\nTeo;teo-${kind}@example.org;en;teacher\n`;
    const rolePlan = await as<Plan>('manager', 'user.previewImport', { text: roles });
    expect(rolePlan.rows.map((row) => row.problems)).toEqual([
      [{ reason: 'adminOnly', value: 'admin' }],
      [{ reason: 'roleBeyondYours', value: 'teacher' }],
    ]);
  });

  it('refuses a file without the required columns, too many rows or too much text, with a field error', async () => {
    const missing = await call('admin', 'user.previewImport', { text: 'name,language\nA,en\n' });
    expect(missing.code).toBe('BAD_REQUEST');
    const many = [
      'name,email,language',
      ...Array.from({ length: 2001 }, (_, i) => `P${i},p${i}@example.org,en`),
    ];
    expect((await call('admin', 'user.previewImport', { text: many.join('\n') })).code).toBe('BAD_REQUEST');
    expect((await call('admin', 'user.previewImport', { text: 'x'.repeat(1_000_001) })).code).toBe(
      'BAD_REQUEST',
    );
    expect((await call('admin', 'user.previewImport', { text: 'name,email,language\n' })).code).toBe(
      'BAD_REQUEST',
    );
  });
});
