import {
  BasePlugin,
  type FieldNullability,
  type InputFieldMap,
  type PothosOutputFieldConfig,
  type SchemaTypes,
  type TypeParam,
} from '@pothos/core';
import { ZodError, z } from 'zod';
import type en from '../../client/locales/en.json';
import {
  DomainError,
  type DomainErrorCode,
  invalid,
  issueKey,
  issueText,
  type TextKey,
  unauthenticated,
} from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { translator } from '../i18n';
import type { GraphQLContext } from './context';
import { GraphQLError, type GraphQLFieldResolver } from './graphql';

type Translate = ReturnType<typeof translator>;

/** What a successful mutation answers in `message`: a text of the `apiAnswers` section. */
type SuccessKey = keyof (typeof en)['apiAnswers'];

/** The extension code a refused query carries, per domain error code. */
const extensionCodes: Record<DomainErrorCode, string> = {
  INVALID: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
};

/** A refusal the caller can act on: domain errors and invalid input. Anything else is unexpected. */
function refusalOf(error: unknown): { code: string; key: TextKey; params: Record<string, unknown> } | null {
  if (error instanceof DomainError) {
    return { code: extensionCodes[error.code], key: error.key, params: error.params };
  }
  if (error instanceof ZodError) {
    const first = error.issues[0]?.message ?? '';
    return { code: 'BAD_USER_INPUT', key: issueKey(first, 'errors.invalidInput'), params: {} };
  }
  return null;
}

/** A refusal as a GraphQL error with the translated message and an extension code; anything else as it is. */
async function refused(ctx: GraphQLContext, error: unknown): Promise<never> {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const t = translator(await ctx.language());
  throw new GraphQLError(queryRefusalText(error, refusal, t), { extensions: { code: refusal.code } });
}

/**
 * A query's refusal has no `fields` to name what was wrong, so bad input names its first field and
 * why (`“limit” is not valid: At most 500.`).
 */
function queryRefusalText(
  error: unknown,
  refusal: { key: TextKey; params: Record<string, unknown> },
  t: Translate,
) {
  const issue = error instanceof ZodError ? error.issues[0] : undefined;
  if (!issue || issue.path.length === 0) return t(refusal.key, refusal.params);
  const { key, params } = issueText(issue);
  return t('errors.invalidField', { field: fieldPath(issue.path), reason: t(key, params) });
}

/** A refused field: its path in the mutation's arguments (`doc`'s fields named from its root), and why. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * What a mutation answers. Its resolver gives only its own fields (the created item, the scoring):
 * the refusals plugin below adds `success`, `message` and `fields`.
 */
export interface MutationAnswer {
  success?: boolean;
  message?: string | null;
  /** The refused fields; empty on success and for refusals that concern no field. */
  fields?: FieldError[];
}

/**
 * The command schemas wrap a document under its kind (`{ path, course: {...} }`); the GraphQL `doc`
 * is that inner document, so an issue at `course.name` is reported as `name`.
 */
const documentRoots = new Set(['course', 'section', 'module', 'page', 'file', 'role', 'user', 'result']);

function fieldPath(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  if (parts.length > 1 && documentRoots.has(parts[0]!)) parts.shift();
  return parts.join('.');
}

/** The refused fields of an error, translated. */
function fieldErrorsOf(error: unknown, t: Translate): FieldError[] {
  if (error instanceof DomainError)
    return error.fields.map((field) => ({ path: fieldPath(field.path.split('.')), message: t(field.key) }));
  if (error instanceof ZodError)
    return error.issues.map((issue) => {
      const { key, params } = issueText(issue);
      return { path: fieldPath(issue.path), message: t(key, params) };
    });
  return [];
}

/**
 * Runs a mutation and answers `{ success, message, fields }` in the caller's language, plus what `run`
 * returns on success. Refusals and bad input answer `success: false`; an unexpected failure is
 * logged and answered with the generic message (no stack trace or SQL reaches the caller).
 */
async function answer(ctx: GraphQLContext, successKey: SuccessKey, run: () => Promise<unknown>) {
  try {
    const extra = (await run()) as object | null;
    const message = translator(await ctx.language())(`apiAnswers.${successKey}`);
    return { success: true, message, fields: [], ...extra };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) ctx.log.error({ err: error }, 'graphql mutation failed');
    const t = translator(await ctx.language());
    const message = refusal ? t(refusal.key, refusal.params) : t('errors.generic');
    const fields = refusal ? fieldErrorsOf(error, t) : [];
    return { success: false, message, fields };
  }
}

// The plugin is generic over the schema's types; this schema's context is always a GraphQLContext.
const contextOf = (ctx: unknown) => ctx as GraphQLContext;

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/**
 * Where GraphQL maps errors, once for every field: a mutation answers `{ success, message, fields }`
 * with the message its `success` option names (a mutation without one fails the schema build), and
 * any other field turns a refusal (a domain error, invalid input) into a translated GraphQL error.
 * A field that resolves without waiting stays synchronous, so plain fields cost nothing extra.
 */
export class RefusalsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    if (fieldConfig.kind === 'Mutation') {
      const key = (fieldConfig.pothosOptions as { success?: SuccessKey }).success;
      if (!key) throw new Error(`mutation ${fieldConfig.name} names no success message`);
      return (parent, args, ctx, info) =>
        answer(contextOf(ctx), key, async () => resolver(parent, args, ctx, info));
    }
    return (parent, args, ctx, info) => {
      try {
        const value = resolver(parent, args, ctx, info);
        return isPromise(value) ? value.catch((error) => refused(contextOf(ctx), error)) : value;
      } catch (error) {
        return refused(contextOf(ctx), error);
      }
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      refusals: RefusalsPlugin<Types>;
    }
    export interface MutationFieldOptions<
      Types extends SchemaTypes,
      Type extends TypeParam<Types>,
      Nullable extends FieldNullability<Type>,
      Args extends InputFieldMap,
      ResolveReturnShape,
    > {
      /** The message a successful answer carries. */
      success: SuccessKey;
    }
  }
}

/** The GraphQL counterpart of tRPC's signedInProcedure. */
export function signedIn(ctx: GraphQLContext): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}

/** The `published` a create or update `doc` may carry beside the form. */
export const publishedSchema = z.boolean().optional();

/** A JSON document argument must be an object. */
export function documentOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('errors.invalidInput');
  return value as Record<string, unknown>;
}

/**
 * The document of a create or update: the typed `input` or the contract's untyped argument (`doc`;
 * `role` for createRole, `result` for the results), exactly one of them (both go through the same
 * schema afterwards).
 */
export function documentArg(
  args: { input?: unknown } & Record<string, unknown>,
  untyped = 'doc',
): Record<string, unknown> {
  const given = [args[untyped], args.input].filter((value) => value !== undefined && value !== null);
  if (given.length !== 1)
    throw invalid('errors.invalidInput', [{ path: 'input', key: 'validation.docOrInput' }]);
  return documentOf(given[0]);
}
