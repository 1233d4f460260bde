import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { allRules } from '../../events/permissions';
import { createCourse } from '../../server/course/commands';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { type Sink, startSmtpSink } from '../support/smtp-sink';

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
