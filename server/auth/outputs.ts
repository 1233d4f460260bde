import { z } from 'zod';

/** One running session as 'Your sessions' lists it (dates as ISO strings). */
export const sessionOutput = z.object({
  id: z.string(),
  current: z.boolean(),
  kind: z.enum(['browser', 'api']),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  place: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  endsAt: z.string(),
  expiresAt: z.string(),
  keepSignedIn: z.boolean(),
});

export const externalIdentityOutput = z.object({
  issuer: z.string(),
  linkedAt: z.string(),
  how: z.enum(['provisioned', 'owner', 'adopted', 'lti']),
});

export const secondFactorStatusOutput = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number(),
  required: z.boolean(),
});

/** A new secret, as a QR code and as text: shown once to its own holder, who is enrolling. */
export const enrolmentOutput = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
