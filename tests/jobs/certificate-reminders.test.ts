import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateConfigSchema } from '../../events/certificate/config';
import { DAY_MS } from '../../events/certificate/reminders';
import { courseInputSchema } from '../../events/course/commands';
import { moduleInputSchema } from '../../events/module/commands';
import { allRules } from '../../events/permissions';
import { readAll } from '../../events/store';
import { profileSchema } from '../../events/user/commands';
import { REMINDERS_JOB } from '../../jobs/certificates/reminders';
import { rebuildProjections } from '../../projections/rebuild';
import {
  addCertificateToUser,
  certify,
  configureCourseCertificate,
  configureModuleCertificate,
  revokeModuleCertificate,
} from '../../server/certificate/commands';
import { sendCertificateReminders } from '../../server/certificate/reminders';
import { createCourse } from '../../server/course/commands';
import { transaction } from '../../server/db/transaction';
import { createModule } from '../../server/module/commands';
import { type Platform, startPlatform } from '../../server/platform';
import { deleteUser, updateProfile } from '../../server/user/commands';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { readTables } from '../projections/read-tables';
import { type Sink, startSmtpSink } from '../support/smtp-sink';
import { addTestUser } from '../users';

const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
const issuedAt = new Date('2026-03-02T09:00:00.000Z');
const at = (time: Date) => ({ actorId: admin.userId, requestId: 'reminder-test', now: time });
// Every certificate below is issued at `issuedAt` for one year: they expire together.
const expiry = new Date('2027-03-02T09:00:00.000Z');
/** `days` days and an hour before expiry: an hourly run just after the threshold was crossed. */
const daysBefore = (days: number) => new Date(expiry.getTime() - days * DAY_MS + 3_600_000);

/** A mail's text body, its quoted-printable decoded as UTF-8 (nodemailer encodes accents so). */
function bodyOf(message: string): string {
  const body = message.slice(message.indexOf('\r\n\r\n') + 4);
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

async function waitFor(check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)('certificate expiry reminders on %s', (kind) => {
  let sink: Sink;
  let platform: TestPlatform;
  /** A second instance on the same database (PostgreSQL only: the embedded one is one process's). */
  let other: Platform | null = null;
  const holders: Record<
    'nl' | 'en' | 'fr' | 'revoked' | 'erased' | 'renewed',
    { userId: string; email: string }
  > = {} as never;

  beforeAll(async () => {
    sink = await startSmtpSink();
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://learn.example.org' },
    });
    if (kind === 'postgres') {
      other = await startPlatform(platform.config, pino({ level: 'silent' }), {
        target: platform.database.target,
        workJobs: false,
      });
    }
    await createModule(platform, admin, at(issuedAt), {
      path: 'contraception-basics',
      module: moduleInputSchema.parse({ name: 'Contraception basics', language: 'en' }),
    });
    await configureModuleCertificate(platform, admin, at(issuedAt), {
      path: 'contraception-basics',
      config: certificateConfigSchema.parse({ timed: 1 }),
    });
    await createCourse(platform, admin, at(issuedAt), {
      path: 'srhr-foundations',
      course: courseInputSchema.parse({ name: 'SRHR foundations', language: 'fr' }),
    });
    await configureCourseCertificate(platform, admin, at(issuedAt), {
      path: 'srhr-foundations',
      config: certificateConfigSchema.parse({ timed: 1 }),
    });
    const person = async (name: string, language: 'nl' | 'en' | 'fr') => {
      const account = await addTestUser(platform, { name });
      await updateProfile(
        platform,
        { userId: account.userId, roles: [], rules: allRules() },
        at(issuedAt),
        account.userId,
        profileSchema.parse({ name, language }),
      );
      return account;
    };
    holders.nl = await person('Noor Peeters', 'nl');
    holders.en = await person('Emily Clarke', 'en');
    holders.fr = await person('Fatou Diallo', 'fr');
    holders.revoked = await person('Rik Revoked', 'nl');
    holders.erased = await person('Erik Erased', 'en');
    holders.renewed = await person('Rosa Renewed', 'en');
    for (const who of ['nl', 'en', 'revoked', 'erased', 'renewed'] as const)
      await certify(platform, admin, at(issuedAt), {
        module: 'contraception-basics',
        user: holders[who].userId,
      });
    await addCertificateToUser(platform, admin, at(issuedAt), {
      _id: holders.fr.userId,
      course: 'srhr-foundations',
    });
    await revokeModuleCertificate(platform, admin, at(new Date(issuedAt.getTime() + DAY_MS)), {
      module: 'contraception-basics',
      user: holders.revoked.userId,
    });
    // Revoked and assigned again two months later: the new certificate expires two months later.
    await revokeModuleCertificate(platform, admin, at(new Date(issuedAt.getTime() + 30 * DAY_MS)), {
      module: 'contraception-basics',
      user: holders.renewed.userId,
    });
    await certify(platform, admin, at(new Date(issuedAt.getTime() + 61 * DAY_MS)), {
      module: 'contraception-basics',
      user: holders.renewed.userId,
    });
    await deleteUser(platform, admin, at(new Date(issuedAt.getTime() + 2 * DAY_MS)), holders.erased.userId);
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await platform?.dispose();
    await sink?.close();
  });

  const run = (now: Date, on: Platform = platform) => sendCertificateReminders(on, now);
  /** Two runs at once: two instances on PostgreSQL, two overlapping runs of one on PGlite. */
  const twoAtOnce = async (now: Date) => {
    const counts = await Promise.all([run(now), run(now, other ?? platform)]);
    return counts[0]! + counts[1]!;
  };
  const reminderEvents = async () =>
    (await readAll(platform.database.db, 0, 100_000)).filter(
      (event) => event.type === 'CertificateReminderSent',
    );

  it('sends each reminder once as the clock moves, in the holder language, with a link back', async () => {
    expect(await run(daysBefore(61))).toBe(0);
    expect(await run(daysBefore(60))).toBe(3);
    expect(await run(daysBefore(60))).toBe(0);
    expect(await run(daysBefore(45))).toBe(0);
    expect(await twoAtOnce(daysBefore(30))).toBe(3);
    expect(await twoAtOnce(daysBefore(29))).toBe(0);
    expect(await run(daysBefore(7))).toBe(3);
    expect(await twoAtOnce(daysBefore(7))).toBe(0);
    expect(await run(daysBefore(1))).toBe(0);
    expect(await run(new Date(expiry.getTime() + 3_600_000))).toBe(0);

    const events = await reminderEvents();
    expect(events).toHaveLength(9);
    const keys = events.map((event) => {
      const data = event.data as { userId: string; daysBefore: number };
      return `${data.userId} ${data.daysBefore}`;
    });
    expect(new Set(keys).size).toBe(9);

    await waitFor(() => sink.delivered.length >= 9);
    // Time for any duplicate to arrive too.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sink.delivered).toHaveLength(9);
    const to = (who: keyof typeof holders) =>
      sink.delivered
        .filter((mail) => mail.to.includes(holders[who].email))
        .map((mail) => bodyOf(mail.message));

    const nl = to('nl');
    expect(nl).toHaveLength(3);
    for (const days of [60, 30, 7]) expect(nl.some((body) => body.includes(`over ${days} dagen`))).toBe(true);
    for (const body of nl) {
      expect(body).toContain('Hallo Noor Peeters');
      expect(body).toContain('de module "Contraception basics" verloopt op 02/03/2027');
      expect(body).toContain('https://learn.example.org/module/contraception-basics');
    }
    const en = to('en');
    expect(en).toHaveLength(3);
    for (const days of [60, 30, 7]) expect(en.some((body) => body.includes(`in ${days} days`))).toBe(true);
    for (const body of en) expect(body).toContain('the module "Contraception basics" expires on 02/03/2027');
    const fr = to('fr');
    expect(fr).toHaveLength(3);
    for (const days of [60, 30, 7]) expect(fr.some((body) => body.includes(`dans ${days} jours`))).toBe(true);
    for (const body of fr) {
      expect(body).toContain('Bonjour Fatou Diallo');
      expect(body).toContain('le cours « SRHR foundations » expire le 02/03/2027');
      expect(body).toContain('https://learn.example.org/course/srhr-foundations');
    }
    // The revoked, the erased and the renewed holder got nothing.
    expect(to('revoked')).toEqual([]);
    expect(to('erased')).toEqual([]);
    expect(to('renewed')).toEqual([]);
  });

  it('keeps the sent reminders in a read table that a rebuild gives back', async () => {
    const { rows } = await sql<{ days_before: number; n: number }>`
      select days_before, count(*)::int as n from certificate_reminders
      group by days_before order by days_before desc`.execute(platform.database.db);
    expect(rows).toEqual([
      { days_before: 60, n: 3 },
      { days_before: 30, n: 3 },
      { days_before: 7, n: 3 },
    ]);
    const before = await readTables(platform);
    await rebuildProjections((work) => transaction(platform.database.db, work));
    expect(await readTables(platform)).toEqual(before);
    expect(before.certificate_reminders).toHaveLength(9);
  });

  it('runs as the scheduled pg-boss job, at the real time', async () => {
    // Made here, not in beforeAll: an hourly run firing earlier would otherwise remind them first.
    const account = await addTestUser(platform, { name: 'Sam Scheduled' });
    const twentyDaysLeft = new Date(Date.now() - 365 * DAY_MS + 20 * DAY_MS);
    await certify(platform, admin, at(twentyDaysLeft), {
      module: 'contraception-basics',
      user: account.userId,
    });
    await platform.jobs.boss.send(REMINDERS_JOB, {});
    await waitFor(() => sink.delivered.some((mail) => mail.to.includes(account.email)));
    const mine = (await reminderEvents()).filter(
      (event) => (event.data as { userId: string }).userId === account.userId,
    );
    expect(mine.map((event) => (event.data as { daysBefore: number }).daysBefore)).toEqual([30]);
  });
});
