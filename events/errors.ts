import type { ParseKeys, TFunction } from 'i18next';

/**
 * A key of the interface texts (client/locales/en.json, typed by client/locales/i18next.d.ts): a
 * refusal names only texts that exist in every language.
 */
export type TextKey = ParseKeys;

/** The keys below a section of the texts, without the section: `SubKey<'resultsCsv'>` holds `score`. */
export type SubKey<Section extends string> = TextKey extends infer Key
  ? Key extends `${Section}.${infer Rest}`
    ? Rest
    : never
  : never;

/**
 * A zod issue's message as a text key: our schemas' messages are keys (`validation.date`), zod's own
 * English sentences are not and read as `fallback`.
 */
export function issueKey(message: string, fallback: TextKey = 'validation.invalid'): TextKey {
  return /^[\w-]+(\.[\w-]+)+$/.test(message) ? (message as TextKey) : fallback;
}

/** The parts of a zod issue that say what was wrong and where; the shape every zod version shares. */
interface ZodIssueLike {
  code: string;
  message: string;
  path: PropertyKey[];
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
}

const boundKeys = {
  too_big: {
    number: 'validation.atMost',
    string: 'validation.atMostCharacters',
    array: 'validation.atMostItems',
  },
  too_small: {
    number: 'validation.atLeast',
    string: 'validation.atLeastCharacters',
    array: 'validation.atLeastItems',
  },
} as const satisfies Record<string, Record<string, TextKey>>;

/**
 * A refused field's text: our schemas' keys as they are; zod's own checks of a size name their bound
 * (`limit`: "At most 500."), so a caller learns what to send instead of only that it was refused; a
 * missing field is required.
 */
export function issueText(issue: ZodIssueLike): { key: TextKey; params: Record<string, number> } {
  if (issueKey(issue.message, 'errors.generic') !== 'errors.generic')
    return { key: issue.message as TextKey, params: {} };
  if ((issue.code === 'too_big' || issue.code === 'too_small') && issue.inclusive !== false) {
    const keys: Record<string, TextKey> = boundKeys[issue.code];
    const key = keys[issue.origin === 'int' || issue.origin === 'bigint' ? 'number' : (issue.origin ?? '')];
    const bound: Record<string, number> =
      issue.code === 'too_big' ? { max: Number(issue.maximum) } : { min: Number(issue.minimum) };
    if (key) return { key, params: bound };
  }
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return { key: 'validation.required', params: {} };
  return { key: 'validation.invalid', params: {} };
}

/** A refused field as a transport answers it: where, the key (the client translates it again on a language change), the text. */
export function fieldProblem(issue: ZodIssueLike, t: TFunction) {
  const { key, params } = issueText(issue);
  return {
    path: issue.path.map(String).join('.'),
    key,
    message: t(key, params),
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

export type DomainErrorCode =
  | 'INVALID'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED';

export interface FieldIssue {
  path: string;
  /** i18n key of the message shown next to the field. */
  key: TextKey;
}

/** A refusal the user can act on. `key` is an i18n key; transports translate it. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    readonly key: TextKey,
    readonly params: Record<string, string | number> = {},
    readonly fields: FieldIssue[] = [],
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

/** The HTTP status of each refusal, for the plain HTTP routes (auth, downloads). */
export const httpStatusOf: Record<DomainErrorCode, number> = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
};

export const invalid = (key: TextKey, fields: FieldIssue[] = [], params = {}) =>
  new DomainError('INVALID', key, params, fields);
export const forbidden = (key: TextKey = 'errors.forbidden') => new DomainError('FORBIDDEN', key);
export const unauthenticated = () => new DomainError('UNAUTHENTICATED', 'errors.unauthenticated');
export const notFound = (key: TextKey, params = {}) => new DomainError('NOT_FOUND', key, params);
export const conflict = (key: TextKey, params = {}) => new DomainError('CONFLICT', key, params);

/** The stream moved on between read and append. The pipeline retries once, then answers CONFLICT. */
export class VersionConflictError extends DomainError {
  constructor(
    readonly stream: string,
    readonly expectedVersion: number,
    readonly actualVersion: number | null,
  ) {
    super('CONFLICT', 'errors.versionConflict', { stream });
    this.name = 'VersionConflictError';
  }
}
