import { z } from 'zod';
import { optionalText, pathSchema } from '../shared/fields';

/**
 * What a certificate says (docs/guide/certificates.md: the printed content). The texts are printed as
 * written; `courseDates` prints the course's start and end dates; `teacherName` and `place` fall back
 * to the course's teacher and location when left empty; `requireRiziv` makes a riziv number a
 * condition of the certificate and prints it.
 */
export const certificateContentSchema = z.object({
  header: optionalText(200).default(''),
  intro: optionalText(1000).default(''),
  body: optionalText(4000).default(''),
  requireRiziv: z.boolean().default(false),
  courseDates: z.boolean().default(false),
  teacherName: optionalText(200).default(''),
  teacherInfo: optionalText(1000).default(''),
  place: optionalText(200).default(''),
  footer: optionalText(1000).default(''),
});

/** Years of validity: a whole number ≥ 0; 0, empty or absent means the certificate never expires. */
export const timedSchema = z.preprocess(
  (value) => (value === '' || value === null || value === undefined ? 0 : value),
  z.coerce
    .number({ message: 'certificates.config.timedInvalid' })
    .int('certificates.config.timedInvalid')
    .min(0, 'certificates.config.timedInvalid')
    .max(100, 'certificates.config.timedInvalid'),
);

/**
 * The certificate config of a module or a course (docs/guide/certificates.md), shared by the admin
 * form and the server. `auto`: the platform issues module certificates itself once the conditions
 * hold: `complete` (every page completed), `correct` (every question at full score) and, with
 * `checkFraud`, a plausible time spent (else the case goes to the review list).
 */
export const certificateConfigSchema = z.object({
  auto: z.boolean().default(false),
  complete: z.boolean().default(true),
  correct: z.boolean().default(false),
  checkFraud: z.boolean().default(false),
  timed: timedSchema.default(0),
  content: certificateContentSchema.default(() => certificateContentSchema.parse({})),
});
export type CertificateConfig = z.output<typeof certificateConfigSchema>;
export type CertificateConfigInput = z.input<typeof certificateConfigSchema>;

/** The config of an item nobody configured yet: nothing automatic, an empty text. */
export const defaultCertificateConfig = (): CertificateConfig => certificateConfigSchema.parse({});

/** The expiry of a certificate issued at `issuedAt` under `timed` years (null: never). Pure. */
export function expiryOf(issuedAt: Date, timed: number): Date | null {
  if (timed <= 0) return null;
  const expires = new Date(issuedAt.getTime());
  expires.setUTCFullYear(expires.getUTCFullYear() + timed);
  return expires;
}

/**
 * The fraud check (docs/guide/certificates.md#details): a participant who went from their first to
 * their last answer in less than this fraction of the module's estimated time is put on the review
 * list.
 */
const FRAUD_TIME_FRACTION = 0.25;

export function looksTooFast(secondsSpent: number, estimatedSeconds: number): boolean {
  return estimatedSeconds > 0 && secondsSpent < estimatedSeconds * FRAUD_TIME_FRACTION;
}

export const configureCertificateSchema = z.object({
  path: pathSchema,
  config: certificateConfigSchema,
});
