import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';
import { pathSchema } from '../shared/fields';
import { certificateConfigSchema } from './config';

export const certificateKinds = ['module', 'course'] as const;
export type CertificateKind = (typeof certificateKinds)[number];

/** A verification code: random, unguessable, URL-safe (base64url of 12 random bytes: 16 characters). */
export const certificateCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'certificates.errors.notFound');

const userId = z.string().min(1).max(200);
/** Which certificate: the kind, the item (id and path) and the holder. */
const subject = {
  kind: z.enum(certificateKinds),
  itemId: z.uuid(),
  itemPath: pathSchema,
  userId,
};

/**
 * A certificate was issued: automatically by the auto-issue job (`how: auto`, `issuedBy: null`) or by
 * a teacher or admin (`manual`). `expiresAt` is null when the config's `timed` is 0.
 */
export const CertificateIssued = defineEvent(
  'CertificateIssued',
  z.object({
    certificateId: z.uuid(),
    code: certificateCodeSchema,
    ...subject,
    issuedAt: z.iso.datetime({ offset: true }),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    how: z.enum(['auto', 'manual']),
    issuedBy: userId.nullable(),
  }),
);

export const CertificateRevoked = defineEvent(
  'CertificateRevoked',
  z.object({
    certificateId: z.uuid(),
    code: certificateCodeSchema,
    ...subject,
    revokedBy: userId,
    revokedAt: z.iso.datetime({ offset: true }),
    reason: z.string().max(500).nullable(),
  }),
);

/**
 * A reminder that the holder's timed certificate expires soon was queued for them (the mail job
 * sends it in their language), `daysBefore` being the configured threshold it answers. Recorded on
 * the certificate's stream so the stream lock and the decider make each threshold go out once per
 * certificate, whatever runs the reminder job and how often.
 */
export const CertificateReminderSent = defineEvent(
  'CertificateReminderSent',
  z.object({
    certificateId: z.uuid(),
    ...subject,
    expiresAt: z.iso.datetime({ offset: true }),
    daysBefore: z.number().int().min(1).max(3650),
    sentAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * The fraud check found the time between the first and last answer implausibly short: instead of a
 * certificate, the case goes to the review list, where an admin issues or dismisses it.
 */
export const CertificateFlagged = defineEvent(
  'CertificateFlagged',
  z.object({
    ...subject,
    secondsSpent: z.number().int().min(0),
    estimatedSeconds: z.number().int().min(0),
    flaggedAt: z.iso.datetime({ offset: true }),
  }),
);

/** An admin looked at a flagged case and decided no certificate is due. */
export const CertificateReviewDismissed = defineEvent(
  'CertificateReviewDismissed',
  z.object({ ...subject, dismissedBy: userId, dismissedAt: z.iso.datetime({ offset: true }) }),
);

const moduleRef = { moduleId: z.uuid(), path: pathSchema };
const courseRef = { courseId: z.uuid(), path: pathSchema };
/** The certificate config of a module, on the module's stream. */
export const ModuleCertificateConfigured = defineEvent(
  'ModuleCertificateConfigured',
  z.object({ ...moduleRef, config: certificateConfigSchema }),
);
/** The certificate config of a course, on the course's stream. */
export const CourseCertificateConfigured = defineEvent(
  'CourseCertificateConfigured',
  z.object({ ...courseRef, config: certificateConfigSchema }),
);

export const certificateEventDefinitions = [
  CertificateIssued,
  CertificateRevoked,
  CertificateReminderSent,
  CertificateFlagged,
  CertificateReviewDismissed,
  ModuleCertificateConfigured,
  CourseCertificateConfigured,
];

export type CertificateEvent =
  | EventOf<typeof CertificateIssued>
  | EventOf<typeof CertificateRevoked>
  | EventOf<typeof CertificateReminderSent>
  | EventOf<typeof CertificateFlagged>
  | EventOf<typeof CertificateReviewDismissed>;

export type ModuleCertificateConfiguredEvent = EventOf<typeof ModuleCertificateConfigured>;
export type CourseCertificateConfiguredEvent = EventOf<typeof CourseCertificateConfigured>;

/**
 * One stream per holder and item: the stream lock serialises every decision about one person's
 * certificate for one module or course, so two answers or two job runs can never issue two.
 */
export const certificateStream = (kind: CertificateKind, itemId: string, userId: string) =>
  `certificate-${kind}.${itemId}.${userId}`;
