import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateConfigSchema } from '../../events/certificate/config';
import { DAY_MS } from '../../events/certificate/reminders';
import { courseInputSchema } from '../../events/course/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { allRules } from '../../events/permissions';
import { profileSchema } from '../../events/user/commands';
import { buildApp } from '../../server/app';
import {
  addCertificateToUser,
  certify,
  configureCourseCertificate,
  configureModuleCertificate,
  revokeModuleCertificate,
} from '../../server/certificate/commands';
import { expiringCsv } from '../../server/certificate/expiring-csv';
import { systemActor } from '../../server/certificate/queries';
import { sendCertificateReminders } from '../../server/certificate/reminders';
import { createCourse } from '../../server/course/commands';
import { createModule } from '../../server/module/commands';
import { updateProfile } from '../../server/user/commands';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { addTestUser } from '../users';

const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
const yearAgo = (plusDays: number) => new Date(Date.now() - 365 * DAY_MS + plusDays * DAY_MS);
const at = (now: Date) => ({ actorId: admin.userId, requestId: 'expiring-test', now });

interface Entry {
  code: string;
  kind: string;
  itemName: string;
  name: string;
  email: string;
  language: string;
  expiresAt: string;
  daysLeft: number;
  reminded: number[];
}

async function collect(csv: AsyncGenerator<string>) {
  let text = '';
  for await (const chunk of csv) text += chunk;
  return text;
}

describe.each(databaseKinds)('the expiring certificates list on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  let teacherToken: string;
  const emails: Record<string, string> = {};

  beforeAll(async () => {
    platform = await startTestPlatform(kind);
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    adminToken = (await addTestUser(platform, { roles: ['admin'] })).token;
    teacherToken = (await addTestUser(platform, { roles: ['teacher'] })).token;
    const early = yearAgo(-1);
    await createModule(platform, admin, at(early), {
      path: 'hiv-prevention',
      module: moduleInputSchema.parse({ name: 'HIV prevention', language: 'en' }),
    });
    await configureModuleCertificate(platform, admin, at(early), {
      path: 'hiv-prevention',
      config: certificateConfigSchema.parse({ timed: 1 }),
    });
    await createCourse(platform, admin, at(early), {
      path: 'gezinsplanning',
      course: courseInputSchema.parse({ name: 'Gezinsplanning', language: 'nl' }),
    });
    await configureCourseCertificate(platform, admin, at(early), {
      path: 'gezinsplanning',
      config: certificateConfigSchema.parse({ timed: 1 }),
    });
    const person = async (key: string, name: string, language: 'nl' | 'en' | 'fr') => {
      const account = await addTestUser(platform, { name });
      await updateProfile(
        platform,
        admin,
        at(early),
        account.userId,
        profileSchema.parse({ name, language }),
      );
      emails[key] = account.email;
      return account.userId;
    };
    // Expires in about 30 days; in about 80 days (a course); in a year (outside the window); revoked.
    const soon = await person('soon', 'Inès "Ines" Dubois', 'fr');
    const course = await person('course', '=HYPERLINK("x")', 'nl');
    const later = await person('later', 'Lars Later', 'en');
    const revoked = await person('revoked', 'Rita Revoked', 'en');
    await certify(platform, admin, at(yearAgo(30)), { module: 'hiv-prevention', user: soon });
    await addCertificateToUser(platform, admin, at(yearAgo(80)), { _id: course, course: 'gezinsplanning' });
    await certify(platform, admin, at(new Date()), { module: 'hiv-prevention', user: later });
    await certify(platform, admin, at(yearAgo(20)), { module: 'hiv-prevention', user: revoked });
    await revokeModuleCertificate(platform, admin, at(yearAgo(21)), {
      module: 'hiv-prevention',
      user: revoked,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const list = async (token?: string) => {
    const response = await app.inject({
      url: '/trpc/certificate.expiring',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return {
      status: response.statusCode,
      data: response.json().result?.data as { days: number; certificates: Entry[] },
    };
  };

  it('lists the standing certificates expiring in the next 90 days, soonest first, with their holders', async () => {
    const { status, data } = await list(adminToken);
    expect(status).toBe(200);
    expect(data.days).toBe(90);
    expect(
      data.certificates.map((entry) => [entry.kind, entry.itemName, entry.email, entry.language]),
    ).toEqual([
      ['module', 'HIV prevention', emails.soon, 'fr'],
      ['course', 'Gezinsplanning', emails.course, 'nl'],
    ]);
    const [soon, course] = data.certificates;
    expect(soon!.daysLeft).toBeGreaterThanOrEqual(29);
    expect(soon!.daysLeft).toBeLessThanOrEqual(31);
    expect(course!.daysLeft).toBeGreaterThanOrEqual(79);
    expect(soon!.reminded).toEqual([]);
  });

  it('shows the reminders sent', async () => {
    // About 30 days left: the 30-day reminder for the first; the course one (80 days) has none yet.
    expect(await sendCertificateReminders(platform, new Date())).toBe(1);
    const { data } = await list(adminToken);
    expect(data.certificates.map((entry) => entry.reminded)).toEqual([[30], []]);
  });

  it('is for admins (who manage users) only', async () => {
    expect((await list()).status).toBe(401);
    expect((await list(teacherToken)).status).toBe(403);
  });

  it('downloads as CSV with a BOM, stable headers and spreadsheet-safe cells', async () => {
    const refused = await app.inject({
      url: '/api/certificates/expiring.csv',
      headers: { authorization: `Bearer ${teacherToken}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/certificates/expiring.csv' })).statusCode).toBe(401);

    const response = await app.inject({
      url: '/api/certificates/expiring.csv',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="expiring-certificates-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"code","kind","item","itemName","_id","name","email","language","issuedAt","expiresAt","daysLeft","remindersSent"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"Inès ""Ines"" Dubois"');
    expect(lines[1]).toContain('"30"');
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[3]).toBe('');
  });

  it('gives the same CSV page by page', async () => {
    const now = new Date();
    const whole = await collect(expiringCsv(platform.database.db, systemActor, now));
    expect(await collect(expiringCsv(platform.database.db, systemActor, now, 1))).toBe(whole);
    expect(whole.split('\r\n')).toHaveLength(4);
  });
});
