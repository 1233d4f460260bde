import { jwtVerify, SignJWT } from 'jose';
import type { TokenKeys } from './keys';

/**
 * Short-lived signed statements the server hands out and takes back, signed with the ID-token key
 * but under their own issuer, so none of them is ever taken for an ID token (nor one for another):
 *
 * - `second-factor`: the password of this account was right a moment ago; with a code of its second
 *   factor, sign-in may finish (`/auth/sign-in/second-factor`).
 * - `recent-auth`: the person signed in again just now (password, and second factor when enrolled),
 *   in this session; a sensitive change (deleting the account, the second factor) asks for it.
 */
export type ProofPurpose = 'second-factor' | 'recent-auth';

const ALGORITHM = 'ES256';
const issuerOf = (purpose: ProofPurpose) => `srhr-platform/${purpose}`;

/** How long a proof lasts: long enough to type a code or confirm a dialog, too short to be kept. */
export const PROOF_TTL_SECONDS: Record<ProofPurpose, number> = {
  'second-factor': 5 * 60,
  'recent-auth': 5 * 60,
};

export interface Proof {
  userId: string;
  /** The session family a recent-auth proof was given in (null: a token signed without a sign-in). */
  sessionId: string | null;
  /** The account's credential version then: a new password since voids the proof. */
  credentialVersion: number;
  /** Sign-in's second step finishes the sign-in as the first step asked. */
  keepSignedIn: boolean;
}

export async function signProof(keys: TokenKeys, purpose: ProofPurpose, proof: Proof): Promise<string> {
  return new SignJWT({
    sid: proof.sessionId,
    cv: proof.credentialVersion,
    keep: proof.keepSignedIn,
  })
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid, typ: purpose })
    .setSubject(proof.userId)
    .setIssuer(issuerOf(purpose))
    .setIssuedAt()
    .setExpirationTime(`${PROOF_TTL_SECONDS[purpose]}s`)
    .sign(keys.privateKey);
}

/** The proof's statement, or null when it is not one of ours for this purpose, or has run out. */
export async function verifyProof(
  keys: TokenKeys,
  purpose: ProofPurpose,
  token: string,
): Promise<Proof | null> {
  try {
    const { payload, protectedHeader } = await jwtVerify(token, keys.publicKey, {
      issuer: issuerOf(purpose),
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
      maxTokenAge: PROOF_TTL_SECONDS[purpose],
    });
    if (protectedHeader.typ !== purpose || typeof payload.sub !== 'string') return null;
    if (typeof payload.cv !== 'number') return null;
    return {
      userId: payload.sub,
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
      credentialVersion: payload.cv,
      keepSignedIn: payload.keep === true,
    };
  } catch {
    return null;
  }
}
