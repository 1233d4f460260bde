import { hkdfSync } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'ES256';
const ISSUER = 'srhr-platform';

export interface TokenKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  kid: string;
  /**
   * The secret that keys the rate-limit counters' hashes (HMAC), derived from the signing key: every
   * instance that shares the signing key computes the same keys, and the database alone (a dump, a
   * backup) holds no secret that would let anyone test an address or an IP against them.
   */
  limitSecret: Buffer;
}

export interface IdTokenClaims {
  sub: string;
  email: string;
  roles: string[];
  /**
   * The account's credential version when the token was issued (`cv`): a password change or a
   * removed role raises it, and a token carrying an older one is refused.
   */
  credentialVersion: number;
  /**
   * The session family the token was issued to (`sid`): each request checks that it still runs, so
   * signing out or a revoked session ends the token too. Absent only on tokens signed without a
   * sign-in (tests, benchmarks), which live until they expire.
   */
  sessionId?: string;
}

/** No ID token of ours lives longer than this, whatever its `exp` says (the TTL setting's maximum). */
const MAX_TOKEN_AGE_SECONDS = 86_400;

async function fromPrivateJwk(jwk: JWK): Promise<TokenKeys> {
  const { d: _d, ...publicJwk } = jwk;
  return {
    privateKey: (await importJWK(jwk, ALGORITHM)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
    kid: jwk.kid ?? 'default',
    limitSecret: Buffer.from(
      hkdfSync('sha256', Buffer.from(jwk.d ?? '', 'base64url'), '', 'srhr-platform rate-limit keys', 32),
    ),
  };
}

/**
 * The signing key for ID tokens: from ID_TOKEN_PRIVATE_JWK when given (several instances share it),
 * else created once in DATA_DIR/keys; in memory when there is no data folder (tests).
 */
export async function loadOrCreateKeys(dataDir: string | null, givenJwk?: string): Promise<TokenKeys> {
  if (givenJwk) return fromPrivateJwk(JSON.parse(givenJwk) as JWK);
  const file = dataDir ? path.join(dataDir, 'keys', 'id-token.jwk.json') : null;
  if (file) {
    try {
      return await fromPrivateJwk(JSON.parse(await fs.readFile(file, 'utf8')) as JWK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: ALGORITHM, kid: crypto.randomUUID() };
  if (file) {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.writeFile(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' }).catch(async (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
    return fromPrivateJwk(JSON.parse(await fs.readFile(file, 'utf8')) as JWK);
  }
  return fromPrivateJwk(jwk);
}

export async function signIdToken(
  keys: TokenKeys,
  claims: IdTokenClaims,
  ttlSeconds = 3600,
): Promise<string> {
  return new SignJWT({
    email: claims.email,
    roles: claims.roles,
    cv: claims.credentialVersion,
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM, kid: keys.kid })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(keys.privateKey);
}

/** Seconds of clock difference a token's times are allowed. */
const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Tokens verified lately, per signing key, with the claims they gave and until when they stay
 * valid: a browser sends the same token with every request, and checking its signature costs more
 * CPU than the rest of authenticating it. Only the exact string that was verified hits; the
 * account's credential version is still checked against the database by the caller on every
 * request. Bounded; the oldest entries go first.
 */
const verified = new WeakMap<TokenKeys, Map<string, { claims: IdTokenClaims; validUntilMs: number }>>();
const VERIFIED_TOKENS_KEPT = 5_000;

/**
 * The claims of a valid token, or null for anything else (expired, forged, garbage, without `exp`,
 * `iat` or `cv`, issued in the future or longer ago than any token may live). Whether `cv` is still
 * the account's current credential version is for the caller, which reads the account anyway.
 */
export async function verifyIdToken(keys: TokenKeys, token: string): Promise<IdTokenClaims | null> {
  let known = verified.get(keys);
  if (!known) {
    known = new Map();
    verified.set(keys, known);
  }
  const hit = known.get(token);
  if (hit) {
    if (Date.now() < hit.validUntilMs) return hit.claims;
    known.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, {
      issuer: ISSUER,
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    if (typeof payload.cv !== 'number' || !Number.isInteger(payload.cv)) return null;
    const roles = Array.isArray(payload.roles)
      ? payload.roles.filter((r): r is string => typeof r === 'string')
      : [];
    const claims: IdTokenClaims = {
      sub: payload.sub,
      email: payload.email,
      roles,
      credentialVersion: payload.cv,
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    };
    // jose refuses it from the first of these on: its expiry, or the longest any token may live.
    const lastSecond = Math.min(payload.exp!, payload.iat! + MAX_TOKEN_AGE_SECONDS) + CLOCK_TOLERANCE_SECONDS;
    if (known.size >= VERIFIED_TOKENS_KEPT) known.delete(known.keys().next().value!);
    known.set(token, { claims, validUntilMs: lastSecond * 1000 });
    return claims;
  } catch {
    return null;
  }
}

/** Accepts `Authorization: Bearer <token>` and the bare token. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const trimmed = header.trim();
  const token = trimmed.toLowerCase().startsWith('bearer ') ? trimmed.slice(7).trim() : trimmed;
  return token.length > 0 ? token : null;
}
