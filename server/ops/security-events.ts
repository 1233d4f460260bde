import { createHmac } from 'node:crypto';

/**
 * What an investigator looks for after an incident: attempts on accounts, their outcome, and every
 * copy of personal data that left the platform. One log line each, `security` naming the kind.
 */
export const securityEventKinds = {
  /** A wrong password (or an unknown address) at sign-in. */
  'sign-in-failed': 'info',
  /** Sign-in refused before the password was checked: too many failures from this client. */
  'sign-in-throttled': 'warn',
  /** An account needs its mailed unlock code before anyone signs in to it again. */
  'account-locked': 'warn',
  /** The unlock code came back: the account signs in again. */
  'account-unlocked': 'info',
  'second-factor-enrolled': 'info',
  'second-factor-removed': 'info',
  /** An administrator reset someone's second factor. */
  'second-factor-reset': 'warn',
  'second-factor-failed': 'info',
  'recovery-code-used': 'info',
  /** One session ended by someone or something other than its own sign-out (a revocation, a new password). */
  'session-revoked': 'info',
  /** Every session of the account ended at once ('sign out everywhere', a new password). */
  'sessions-revoked': 'info',
  /** Personal data left the platform: one's own export, a subject access request, the users CSV. */
  'personal-data-exported': 'info',
  /** An external pool's identity now signs in to the account: its owner linked it after signing in again. */
  'external-identity-linked': 'warn',
} as const satisfies Record<string, 'info' | 'warn'>;

export type SecurityEventKind = keyof typeof securityEventKinds;

/**
 * What a security event may say. `userId` is the account the event is about (null when the address
 * names no account: then `addressDigest`); `actorId` who caused it when that is someone else (an
 * administrator). Never a password, an e-mail address, a code or a token: the type refuses those
 * names and `securityEvent` drops them should they come in anyway.
 */
export interface SecurityEventFields {
  userId: string | null;
  actorId?: string | null;
  /** An unknown address, as `addressDigest` gives it. */
  addressDigest?: string;
  /** The request's id, where the logger is not the request's own (which carries `reqId` already). */
  requestId?: string;
  ip?: string;
  [detail: string]: string | number | boolean | null | undefined;
  password?: never;
  email?: never;
  code?: never;
  token?: never;
}

const forbiddenFields = new Set(['password', 'email', 'code', 'token']);

/** The part of a pino logger a security event needs (a request's `request.log`, or the platform's). */
export interface SecurityLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Logs a security event: `{ security: kind, userId, …fields }` with the message 'security event',
 * at warn for lockouts, throttling and resets by someone else, info otherwise. Pass the request's
 * logger where there is one (its lines carry `reqId`); otherwise the platform's with `requestId`.
 */
export function securityEvent(log: SecurityLog, kind: SecurityEventKind, fields: SecurityEventFields): void {
  const { requestId, ...rest } = fields;
  const line: Record<string, unknown> = { security: kind };
  for (const [name, value] of Object.entries(rest)) {
    if (value !== undefined && !forbiddenFields.has(name)) line[name] = value;
  }
  if (requestId !== undefined) line.reqId = requestId;
  log[securityEventKinds[kind]](line, 'security event');
}

/**
 * An e-mail address as a security event may name it: an HMAC under the platform's limit secret
 * (`keys.limitSecret`), so one address always reads the same and can be matched by whoever holds
 * the secret, while the log never holds the address. Distinct from the rate-limit keys of the same
 * address, so a log line does not point at a counter row.
 */
export function addressDigest(secret: Buffer, email: string): string {
  return createHmac('sha256', secret)
    .update(`security-log:${email.trim().toLowerCase()}`)
    .digest('hex')
    .slice(0, 32);
}
