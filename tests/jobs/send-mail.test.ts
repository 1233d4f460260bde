import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { allRules } from '../../events/permissions';
import { sendMailJob } from '../../jobs/mail/send-mail';
import { issueCode } from '../../server/auth/codes';
import { createCourse } from '../../server/course/commands';
import { transaction } from '../../server/db/transaction';
import { translator } from '../../server/i18n';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { type Sink, startSmtpSink } from '../support/smtp-sink';
import { addTestUser } from '../users';

const admin = { userId: 'admin-1', roles: ['admin'], rules: allRules() };
const meta = () => ({ actorId: 'admin-1', requestId: 'mail-test', now: new Date() });

async function waitFor(check: () => boolean, timeoutMs = 30_000, refresh?: () => Promise<void>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await refresh?.();
    if (check()) return;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(databaseKinds)('mail job on %s', (kind) => {
  let sink: Sink;
  let platform: TestPlatform;
  beforeAll(async () => {
    sink = await startSmtpSink({ refuseFirst: 1 });
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { NOTIFY_EMAIL: 'editors@example.org', SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
    });
  });
  afterAll(async () => {
    await platform?.dispose();
    await sink?.close();
  });

  it('delivers the mail an event asked for, retrying after a temporary SMTP failure', async () => {
    await createCourse(platform, admin, meta(), {
      course: courseInputSchema.parse({ name: 'Safe abortion care', language: 'en' }),
    });
    await waitFor(() => sink.delivered.length === 1);
    expect(sink.attempts).toBe(2);
    expect(sink.delivered[0]!.to).toEqual(['editors@example.org']);
    expect(sink.delivered[0]!.message).toContain('Subject: New course: Safe abortion care');
    expect(sink.delivered[0]!.message).toContain('safe-abortion-care');
  });
});

describe.each(databaseKinds)('mail job without SMTP on %s', (kind) => {
  it('keeps the mail in the outbox table', async () => {
    const platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { NOTIFY_EMAIL: 'editors@example.org' },
    });
    try {
      await createCourse(platform, admin, meta(), {
        course: courseInputSchema.parse({ name: 'Menstrual health', language: 'fr' }),
      });
      let rows: { to_address: string; subject: string }[] = [];
      await waitFor(
        () => rows.length > 0,
        30_000,
        async () => {
          rows = (
            await sql<{
              to_address: string;
              subject: string;
            }>`select to_address, subject from mail_outbox`.execute(platform.database.db)
          ).rows;
        },
      );
      expect(rows).toEqual([{ to_address: 'editors@example.org', subject: 'New course: Menstrual health' }]);
    } finally {
      await platform.dispose();
    }
  });
});

/** Every mail.send job row pg-boss holds, its payload as text. */
const mailJobs = async (platform: TestPlatform) =>
  (
    await sql<{ state: string; data: string }>`
      select state, data::text as data from pgboss.job where name = 'mail.send'`.execute(platform.database.db)
  ).rows;

/** Queues a verification code for a fresh account, as sign-up does (in one transaction). */
async function queueCode(platform: TestPlatform) {
  const { userId } = await addTestUser(platform, { name: 'Amara Okafor' });
  const code = await transaction(platform.database.db, async (trx) => {
    const issued = await issueCode(trx, userId, 'verify', new Date());
    await platform.jobs.sendMail(trx, { kind: 'account', userId, template: 'verify', code: issued });
    return issued;
  });
  return { userId, code };
}

describe.each(databaseKinds)('account mail codes on %s', (kind) => {
  it('are sealed in the job payload and kept out of the log; the outbox still has the mail', async () => {
    const platform = await startTestPlatform(kind, { workJobs: false });
    try {
      const { code } = await queueCode(platform);
      const [job] = await mailJobs(platform);
      expect(job!.data).not.toContain(code);
      const payload = JSON.parse(job!.data) as Record<string, unknown>;
      expect(payload.code).toMatch(/^pd1:/);

      const logged: string[] = [];
      const log = {
        info: (context: object, message: string) => logged.push(JSON.stringify([context, message])),
      };
      await sendMailJob.handler(sendMailJob.schema.parse(payload), {
        db: platform.database.db,
        from: 'platform@example.org',
        publicUrl: 'http://localhost',
        translate: (language, key, params) => translator(language)(key, params),
        log,
      });
      const outbox = (await sql<{ body: string }>`select body from mail_outbox`.execute(platform.database.db))
        .rows;
      expect(outbox).toHaveLength(1);
      expect(outbox[0]!.body).toContain(code);
      expect(logged).toHaveLength(1);
      expect(logged[0]).not.toContain(code);
      expect(logged[0]).not.toContain('Amara');
      expect(logged[0]).not.toContain('@example.org');
    } finally {
      await platform.dispose();
    }
  });

  it("are printed whole where the platform runs on a developer's machine without SMTP", async () => {
    const platform = await startTestPlatform(kind, { workJobs: false });
    try {
      const { code } = await queueCode(platform);
      const [job] = await mailJobs(platform);
      const printed: string[] = [];
      await sendMailJob.handler(sendMailJob.schema.parse(JSON.parse(job!.data)), {
        db: platform.database.db,
        from: 'platform@example.org',
        publicUrl: 'http://localhost',
        translate: (language, key, params) => translator(language)(key, params),
        log: { info: () => {} },
        printKept: (text) => printed.push(text),
      });
      expect(printed).toHaveLength(1);
      expect(printed[0]).toContain(code);
      expect(printed[0]).toMatch(/To: .+@example\.org/);
    } finally {
      await platform.dispose();
    }
  });

  it('deletes a mail job once delivered', async () => {
    const platform = await startTestPlatform(kind, { workJobs: true });
    try {
      await queueCode(platform);
      let outbox = 0;
      await waitFor(
        () => outbox > 0,
        30_000,
        async () => {
          outbox = (await sql`select id from mail_outbox`.execute(platform.database.db)).rows.length;
        },
      );
      let jobs = [{}];
      await waitFor(
        () => jobs.length === 0,
        10_000,
        async () => {
          jobs = await mailJobs(platform);
        },
      );
    } finally {
      await platform.dispose();
    }
  });

  it('deletes a mail job that failed for the last time', async () => {
    const sink = await startSmtpSink({ refuseFirst: 1_000 });
    const platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
    });
    try {
      // One attempt only (queued jobs copy the queue's limit), so the test need not wait out the back-off.
      await platform.jobs.boss.updateQueue('mail.send', { retryLimit: 0 });
      // Warms the queue cache again (see jobs/boss.ts): a cold one deadlocks `send` on PGlite.
      await platform.jobs.boss.getJobById('mail.send', '00000000-0000-0000-0000-000000000000');
      await queueCode(platform);
      await waitFor(() => sink.attempts >= 1);
      let jobs = [{}];
      await waitFor(
        () => jobs.length === 0,
        10_000,
        async () => {
          jobs = await mailJobs(platform);
        },
      );
    } finally {
      await platform.dispose();
      await sink.close();
    }
  });
});
