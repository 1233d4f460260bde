import { z } from 'zod';
import { languageOutput } from '../outputs';

const kind = z.enum(['course', 'module']);
const status = z.enum(['valid', 'expired', 'revoked']);

/** A certificate as its holder and its certifiers see it, with its verification and PDF links. */
export const certificateOutput = z.object({
  code: z.string(),
  userId: z.string(),
  kind,
  itemPath: z.string(),
  itemName: z.string(),
  status,
  how: z.enum(['auto', 'manual']),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  verifyUrl: z.string(),
  pdfUrl: z.string(),
});

/** The caller's certificate for a module, or why there is none yet. */
export const moduleCertificateOutput = z.object({
  certificate: certificateOutput.nullable(),
  helpers: z.array(z.string()),
  configured: z.boolean(),
  waiting: z.array(
    z.enum([
      'notComplete',
      'notCorrect',
      'awaitingScore',
      'needsAttempt',
      'rizivMissing',
      'underReview',
      'byTeacher',
    ]),
  ),
});

/** What a verification code says: the certificate, or only that its holder's data was erased. */
export const verificationOutput = z.union([
  z.object({
    code: z.string(),
    status,
    name: z.string(),
    kind,
    itemName: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
  z.object({ code: z.string(), status: z.literal('erased') }),
]);

const configOutput = z.object({
  auto: z.boolean(),
  complete: z.boolean(),
  correct: z.boolean(),
  checkFraud: z.boolean(),
  timed: z.number(),
  content: z.object({
    header: z.string(),
    intro: z.string(),
    body: z.string(),
    requireRiziv: z.boolean(),
    courseDates: z.boolean(),
    teacherName: z.string(),
    teacherInfo: z.string(),
    place: z.string(),
    footer: z.string(),
  }),
});

const configured = {
  path: z.string(),
  name: z.string(),
  language: languageOutput,
  canEdit: z.boolean(),
  config: configOutput,
};

/** A module's or course's certificate config, for its editors (with what the preview shows). */
export const certificateConfigOutput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('module'), ...configured, course: z.null() }),
  z.object({
    kind: z.literal('course'),
    ...configured,
    course: z.object({
      startdate: z.string().nullable(),
      enddate: z.string().nullable(),
      teacher: z.string(),
      location: z.string(),
    }),
  }),
]);

export const courseCertificatesOutput = z.object({
  course: z.object({ path: z.string(), name: z.string() }),
  participants: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      /** The participant's group within the course, null for none. */
      group: z.string().nullable(),
      certificate: certificateOutput.nullable(),
    }),
  ),
  mayCertify: z.boolean(),
});

export const expiringOutput = z.object({
  days: z.number(),
  certificates: z.array(
    z.object({
      code: z.string(),
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      language: languageOutput,
      kind,
      itemPath: z.string(),
      itemName: z.string(),
      issuedAt: z.string(),
      expiresAt: z.string(),
      daysLeft: z.number(),
      reminded: z.array(z.number()),
    }),
  ),
});

export const reviewOutput = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  kind,
  itemId: z.string(),
  itemPath: z.string(),
  itemName: z.string(),
  secondsSpent: z.number(),
  estimatedSeconds: z.number(),
  flaggedAt: z.string(),
});
