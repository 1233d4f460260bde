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
import { LTI_SCORE_JOB, type LtiScorePayload, ltiScoreKey } from './lti/send-score';
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
  | { job: typeof LTI_SCORE_JOB; payload: LtiScorePayload; singletonKey: string }
  | { job: typeof COMPACT_JOB; payload: Record<string, never>; singletonKey: string }
  | { job: typeof REMOVE_UPLOAD_JOB; payload: RemoveUploadPayload; singletonKey: string };

/** A changed result asks the auto-issue job to look at that participant's module certificate. */
export function autoIssue(event: StoredEvent): FollowUp[] {
  const parsed = autoIssuePayloadSchema.safeParse(event.data);
  if (!parsed.success) return [];
  const payload = { userId: parsed.data.userId, moduleId: parsed.data.moduleId };
  return [{ job: AUTO_ISSUE_JOB, payload, singletonKey: autoIssueKey(payload) }];
}

/** A changed result of a participant a learning platform launched is sent back to it (LTI grades). */
export function ltiScore(event: StoredEvent): FollowUp[] {
  const parsed = autoIssuePayloadSchema.safeParse(event.data);
  if (!parsed.success) return [];
  const payload = { userId: parsed.data.userId, moduleId: parsed.data.moduleId };
  return [{ job: LTI_SCORE_JOB, payload, singletonKey: ltiScoreKey(payload) }];
}

/**
 * A deleted file that pointed at an upload asks the removal job to free it; the job removes it only
 * when nothing else refers to it by then (jobs/file/remove-upload.ts).
 */
export function removeUpload(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
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
export function reminderMail(event: StoredEvent): FollowUp[] {
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
export function secondFactorMail(event: StoredEvent): FollowUp[] {
  const { userId } = event.data as { userId: string };
  const change = secondFactorChanges[event.type as keyof typeof secondFactorChanges];
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
export function passwordChangedMail(event: StoredEvent): FollowUp[] {
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

/** After an erasure, the deleted rows stay readable in the database files until compacted. */
export const compactAfterErasure = (): FollowUp[] => [
  { job: COMPACT_JOB, payload: {}, singletonKey: COMPACT_KEY },
];

const courseLink = (settings: FollowUpSettings, path: string) => `${settings.publicUrl}/course/${path}`;

/** Who asked to hear about courses hears of a course published again. */
export function coursePublishedMail(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  const { path } = (event as StoredEvent<Extract<CourseEvent, { type: 'CoursePublished' }>>).data;
  return notify(
    settings,
    event,
    `Course published: ${path}`,
    `The course "${path}" is published again: ${courseLink(settings, path)}`,
  );
}

/** Who asked to hear about courses hears of a new one. */
export function courseCreatedMail(event: StoredEvent, settings: FollowUpSettings): FollowUp[] {
  const { name, path } = (event as StoredEvent<Extract<CourseEvent, { type: 'CourseCreated' }>>).data;
  return notify(
    settings,
    event,
    `New course: ${name}`,
    `A new course "${name}" was created: ${courseLink(settings, path)}`,
  );
}
