import { compactVerify, createLocalJWKSet, decodeProtectedHeader, errors } from 'jose';
import { z } from 'zod';
import { isRevokedAt } from '../../../projections/certificate/credential-status';
import type { Platform } from '../../platform';
import { publicUrlOf } from '../queries';
import { badgeUrls } from './credential';
import { CREDENTIAL_ALGORITHM, publishedKeySet } from './keys';

/** Why a pasted credential is not valid; the client words each in the reader's language. */
export const credentialProblems = [
  'malformed',
  'unsigned',
  'unknownKey',
  'signature',
  'notOpenBadge',
  'otherIssuer',
  'revoked',
  'expired',
  'notYetValid',
] as const;
export type CredentialProblem = (typeof credentialProblems)[number];

export const verifyCredentialSchema = z.object({ credential: z.string().trim().min(1).max(100_000) });

export interface CredentialCheck {
  valid: boolean;
  problem: CredentialProblem | null;
  /** What the credential says, once its signature is known to be the platform's. */
  details: {
    holder: string | null;
    achievement: string;
    issuer: string;
    validFrom: string;
    validUntil: string | null;
  } | null;
}

const claimsSchema = z.object({
  type: z.array(z.string()),
  issuer: z.object({ id: z.string(), name: z.string() }),
  validFrom: z.iso.datetime({ offset: true }),
  validUntil: z.iso.datetime({ offset: true }).optional(),
  credentialSubject: z.object({
    identifier: z
      .array(z.object({ identityType: z.string(), hashed: z.boolean(), identityHash: z.string() }))
      .optional(),
    achievement: z.object({ name: z.string() }),
  }),
  credentialStatus: z.object({
    type: z.literal('BitstringStatusListEntry'),
    statusPurpose: z.literal('revocation'),
    statusListIndex: z.string().regex(/^\d{1,9}$/),
    statusListCredential: z.string(),
  }),
});

/** The compact JWS in what was pasted: the `.jwt` file, or a VCDM 2.0 enveloped credential. */
function compactJwsOf(text: string): string | 'unsigned' | null {
  if (/^[\w-]+\.[\w-]*\.[\w-]+$/.test(text)) return text;
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const id = typeof json.id === 'string' ? json.id : '';
    if (json.type === 'EnvelopedVerifiableCredential' && id.startsWith('data:application/vc+jwt,'))
      return compactJwsOf(id.slice('data:application/vc+jwt,'.length));
    // The readable `.json` copy carries no proof: nothing in it can be checked.
    return typeof json === 'object' && json !== null && 'credentialSubject' in json ? 'unsigned' : null;
  } catch {
    return null;
  }
}

const invalid = (
  problem: CredentialProblem,
  details: CredentialCheck['details'] = null,
): CredentialCheck => ({
  valid: false,
  problem,
  details,
});

/**
 * Checks a pasted credential as any verifier would: the signature against the published key set,
 * then that it is one of this platform's Open Badges, its status bit, and its validity period.
 */
export async function verifyCredential(
  platform: Platform,
  text: string,
  now = new Date(),
): Promise<CredentialCheck> {
  const jws = compactJwsOf(text.trim());
  if (jws === null) return invalid('malformed');
  if (jws === 'unsigned') return invalid('unsigned');
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(jws);
    if (header.alg !== CREDENTIAL_ALGORITHM) return invalid('signature');
    kid = header.kid;
  } catch {
    return invalid('malformed');
  }
  const keySet = await publishedKeySet(platform);
  if (!kid || !keySet.keys.some((key) => key.kid === kid)) return invalid('unknownKey');
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(jws, createLocalJWKSet(keySet), {
      algorithms: [CREDENTIAL_ALGORITHM],
    }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JOSEError)
      return invalid('signature');
    throw error;
  }
  let parsed: z.infer<typeof claimsSchema>;
  try {
    const claims = claimsSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    if (!claims.success || !claims.data.type.includes('OpenBadgeCredential')) return invalid('notOpenBadge');
    parsed = claims.data;
  } catch {
    return invalid('notOpenBadge');
  }
  const details = {
    holder:
      parsed.credentialSubject.identifier?.find((id) => id.identityType === 'name' && !id.hashed)
        ?.identityHash ?? null,
    achievement: parsed.credentialSubject.achievement.name,
    issuer: parsed.issuer.name,
    validFrom: parsed.validFrom,
    validUntil: parsed.validUntil ?? null,
  };
  const urls = badgeUrls(publicUrlOf(platform));
  const list = parsed.credentialStatus.statusListCredential.startsWith(`${urls.base}/ob/status/`)
    ? Number(parsed.credentialStatus.statusListCredential.slice(`${urls.base}/ob/status/`.length))
    : Number.NaN;
  if (parsed.issuer.id !== urls.issuer || !Number.isInteger(list)) return invalid('otherIssuer', details);
  if (await isRevokedAt(platform.database.db, list, Number(parsed.credentialStatus.statusListIndex)))
    return invalid('revoked', details);
  if (parsed.validUntil && Date.parse(parsed.validUntil) <= now.getTime()) return invalid('expired', details);
  if (Date.parse(parsed.validFrom) > now.getTime() + 60_000) return invalid('notYetValid', details);
  return { valid: true, problem: null, details };
}
