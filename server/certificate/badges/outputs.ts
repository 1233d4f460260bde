import { z } from 'zod';
import { languageOutput } from '../../outputs';
import { credentialProblems } from './verify';

/** The Open Badges 3.0 credential the `.json` download carries, key for key (server/certificate/badges/credential.ts). */
const openBadgeCredentialOutput = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  type: z.array(z.string()),
  name: z.string(),
  issuer: z.object({ id: z.string(), type: z.array(z.string()), name: z.string(), url: z.string() }),
  validFrom: z.string(),
  validUntil: z.string().optional(),
  credentialSubject: z.object({
    type: z.array(z.string()),
    identifier: z.array(
      z.object({
        type: z.string(),
        identityType: z.string(),
        hashed: z.boolean(),
        identityHash: z.string(),
      }),
    ),
    achievement: z.object({
      id: z.string(),
      type: z.array(z.string()),
      achievementType: z.string(),
      name: z.string(),
      description: z.string(),
      criteria: z.object({ narrative: z.string() }),
      inLanguage: languageOutput,
    }),
  }),
  evidence: z.array(z.object({ id: z.string(), type: z.array(z.string()), name: z.string() })),
  credentialStatus: z.object({
    id: z.string(),
    type: z.string(),
    statusPurpose: z.string(),
    statusListIndex: z.string(),
    statusListCredential: z.string(),
  }),
  credentialSchema: z.array(z.object({ id: z.string(), type: z.string() })),
});

export const credentialOutput = z.object({ credential: openBadgeCredentialOutput, jwt: z.string() });

export const credentialCheckOutput = z.object({
  valid: z.boolean(),
  problem: z.enum(credentialProblems).nullable(),
  details: z
    .object({
      holder: z.string().nullable(),
      achievement: z.string(),
      issuer: z.string(),
      validFrom: z.string(),
      validUntil: z.string().nullable(),
    })
    .nullable(),
});
