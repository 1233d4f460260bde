import type { CertificateEvent } from '../events/certificate/events';
import { daysUntil } from '../events/certificate/reminders';
import type { CourseEvent } from '../events/course/events';
import type { FileEvent } from '../events/file/events';
import { uploadIdOf } from '../events/file/uploads';
import type { StoredEvent } from '../events/store';
import {
  AUTO_ISSUE_JOB,
  type AutoIssuePayload,
  autoIssueKey,
  autoIssuePayloadSchema,
} from './certificates/auto-issue';
import { REMOVE_UPLOAD_JOB, type RemoveUploadPayload, removeUploadKey } from './file/remove-upload';
import type { Mail } from './mail/send-mail';
import { COMPACT_JOB, COMPACT_KEY } from './user/compact-after-erasure';

export interface FollowUpSettings {
  /** Who hears about newly published courses; nobody when unset. */
  notifyEmail?: string;
  publicUrl: string;
}

export type FollowUp =
  | { job: 'mail.send'; payload: Mail; singletonKey: string }
  | { job: typeof AUTO_ISSUE_JOB; payload: AutoIssuePayload; singletonKey: string }
  | { job: typeof COMPACT_JOB; payload: Record<string, never>; singletonKey: string }
  | { job: typeof REMOVE_UPLOAD_JOB; payload: RemoveUploadPayload; singletonKey: string };

/** Events that may complete a module or raise its score, matched by name (teacher scores included). */
const resultEvents = new Set(['AnswerSaved', 'AnswerScored']);

/** A changed result asks the auto-issue job to look at that participant's module certificate. */
function autoIssue(event: StoredEvent): FollowUp[] {
  const parsed = autoIssuePayloadSchema.safeParse(event.data);
  if (!parsed.success) return [];
  const payload = { userId: parsed.data.userId, moduleId: parsed.data.moduleId };
  return [{ job: AUTO_ISSUE_JOB, payload, singletonKey: autoIssueKey(payload) }];
}

/**
 * A deleted file that pointed at an upload asks the removal job to free it; the job removes it only
 * when nothing else refers to it by then (jobs/file/remove-upload.ts).
 */
function removeUpload(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  const { url } = (event as StoredEvent<Extract<FileEvent, { type: 'FileDeleted' }>>).data;
  const uploadId = url ? uploadIdOf(url, settings.publicUrl) : null;
  return uploadId
    ? [{ job: REMOVE_UPLOAD_JOB, payload: { uploadId }, singletonKey: removeUploadKey(uploadId) }]
    : [];
}

const notify = (settings: FollowUpSettings, event: StoredEvent, subject: string, text: string): FollowUp[] =>
  settings.notifyEmail
    ? [
        {
          job: 'mail.send',
          singletonKey: `mail-${event.position}`,
          payload: { kind: 'notify', to: settings.notifyEmail, subject, text, eventPosition: event.position },
        },
      ]
    : [];

/** A reminder decided is a mail queued in the same transaction: the mail exists exactly when the event does. */
function reminderMail(event: StoredEvent): FollowUp[] {
  const { data } = event as StoredEvent<Extract<CertificateEvent, { type: 'CertificateReminderSent' }>>;
  return [
    {
      job: 'mail.send',
      singletonKey: `mail-${event.position}`,
      payload: {
        kind: 'reminder',
        userId: data.userId,
        itemKind: data.kind,
        itemId: data.itemId,
        expiresAt: data.expiresAt,
        daysLeft: daysUntil(data.expiresAt, data.sentAt),
        eventPosition: event.position,
      },
    },
  ];
}

const secondFactorChanges = {
  SecondFactorEnrolled: 'enrolled',
  SecondFactorRemoved: 'removed',
  SecondFactorReset: 'reset',
} as const;

/** A change of the second factor is told to the account's owner, by a mail queued with the event. */
function secondFactorMail(event: StoredEvent, change: 'enrolled' | 'removed' | 'reset'): FollowUp[] {
  const { userId } = event.data as { userId: string };
  return [
    {
      job: 'mail.send',
      singletonKey: `mail-${event.position}`,
      payload: {
        kind: 'second-factor',
        userId,
        change,
        at: event.recordedAt.toISOString(),
        eventPosition: event.position,
      },
    },
  ];
}

/**
 * A new password is told to the account's owner, by a mail queued with the event; not the one an
 * operator sets through ADMIN_PASSWORD at start (the operator's own act, and every new account's
 * first password there).
 */
function passwordChangedMail(event: StoredEvent): FollowUp[] {
  const { userId, by } = event.data as { userId: string; by: string };
  if (by === 'bootstrap') return [];
  return [
    {
      job: 'mail.send',
      singletonKey: `mail-${event.position}`,
      payload: {
        kind: 'password-changed',
        userId,
        at: event.recordedAt.toISOString(),
        eventPosition: event.position,
      },
    },
  ];
}

/** The jobs an event asks for. Pure: the pipeline enqueues them in the append transaction. */
export function followUpsOf(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  if (resultEvents.has(event.type)) return autoIssue(event);
  if (event.type === 'CertificateReminderSent') return reminderMail(event);
  // The erasure's deleted rows stay readable in the database files until compacted.
  if (event.type === 'UserDeleted') return [{ job: COMPACT_JOB, payload: {}, singletonKey: COMPACT_KEY }];
  if (event.type === 'FileDeleted') return removeUpload(event, settings);
  if (event.type === 'UserPasswordChanged') return passwordChangedMail(event);
  if (Object.hasOwn(secondFactorChanges, event.type))
    return secondFactorMail(event, secondFactorChanges[event.type as keyof typeof secondFactorChanges]);
  const course = event as StoredEvent<CourseEvent>;
  const link = (path: string) => `${settings.publicUrl}/course/${path}`;
  if (course.type === 'CoursePublished') {
    const { path } = course.data;
    return notify(
      settings,
      event,
      `Course published: ${path}`,
      `The course "${path}" is published again: ${link(path)}`,
    );
  }
  if (course.type === 'CourseCreated') {
    const { name, path } = course.data as Extract<CourseEvent, { type: 'CourseCreated' }>['data'];
    return notify(
      settings,
      event,
      `New course: ${name}`,
      `A new course "${name}" was created: ${link(path)}`,
    );
  }
  return [];
}
