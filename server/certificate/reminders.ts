import type { CertificateCommand, CertificateSubject } from '../../events/certificate/commands';
import { certificateDecider } from '../../events/certificate/decider';
import { certificateStream } from '../../events/certificate/events';
import { DAY_MS, dueReminder } from '../../events/certificate/reminders';
import { execute } from '../../events/command';
import { expiringCertificates } from '../../projections/certificate/certificate-reminders';
import type { Platform } from '../platform';

/**
 * The reminder job's work (docs/guide/certificates.md): every standing timed certificate whose next
 * reminder is due at `now` gets `RemindHolder` on its own stream, whose decision appends
 * CertificateReminderSent and queues the mail in one transaction. The read table only narrows the
 * candidates; the decider, under the stream's lock, is what makes each reminder go out once, however
 * many runs or instances overlap. Answers how many reminders were queued.
 */
export async function sendCertificateReminders(platform: Platform, now = new Date()): Promise<number> {
  const thresholds = platform.config.CERTIFICATE_REMINDER_DAYS;
  if (thresholds.length === 0) return 0;
  const horizon = new Date(now.getTime() + Math.max(...thresholds) * DAY_MS);
  const candidates = await expiringCertificates(platform.database.db, now, horizon);
  let queued = 0;
  for (const certificate of candidates) {
    const due = dueReminder({
      expiresAt: certificate.expiresAt,
      now,
      thresholds,
      sent: certificate.reminded,
    });
    if (due === null) continue;
    const subject: CertificateSubject = {
      kind: certificate.kind,
      itemId: certificate.itemId,
      itemPath: certificate.itemPath,
      userId: certificate.userId,
    };
    const outcome = await execute(platform.pipeline, {
      decider: certificateDecider,
      stream: certificateStream(subject.kind, subject.itemId, subject.userId),
      meta: { actorId: null, requestId: `reminders-${now.toISOString()}`, now },
      authorize: () => {},
      command: (): CertificateCommand => ({
        type: 'RemindHolder',
        data: { subject, certificateId: certificate.certificateId, thresholds, now: now.toISOString() },
      }),
    });
    queued += outcome.events.length;
  }
  return queued;
}
