import { createHash, randomBytes } from 'node:crypto';

/**
 * The client secret: 256 random bits behind a prefix that says what it is (secret scanners and
 * people reading a log see it is a key of this platform), and that the transports tell apart from
 * an ID token.
 */
const SECRET_PREFIX = 'srhr_';

export const newClientSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What the store and the read table keep: the secret's SHA-256 (its 256 bits need no slow hash). */
export const clientSecretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const isClientSecret = (token: string): boolean =>
  token.startsWith(SECRET_PREFIX) && token.length <= 100;
