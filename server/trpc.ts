import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError, z } from 'zod';
import type { CommandMeta } from '../events/command';
import { DomainError, fieldProblem, forbidden, invalid } from '../events/errors';
import { type Actor, ADMIN_ROLE, can, type RoleAction, requireCan } from '../events/permissions';
import { type Language, pathSchema, unstorableTextIn } from '../events/shared/fields';
import { procedureScope, scopeAllows, scopeRefusal } from './api-client/scopes';
import { externalRefusalOf } from './auth/actor';
import { requestLanguage, translator } from './i18n';
import { successOutput } from './outputs';
import type { Platform } from './platform';
import { enrollingActorOf, requestActor } from './plugins/request-actor';

export interface Context {
  platform: Platform;
  actor: Actor | null;
  /**
   * A signed-in account that must enrol a second factor before anything else (REQUIRE_2FA_FOR_ROLES):
   * its `actor` is null, and only the procedures of `enrollingProcedure` see it.
   */
  enrolling?: Actor | null;
  /** Why the request's external token opened no account (auth.externalAccountExists), if it did not. */
  externalRefusal?: DomainError | null;
  requestId: string;
  language: Language;
}

export function contextFactory(platform: Platform) {
  return async ({ req }: CreateFastifyContextOptions): Promise<Context> => ({
    platform,
    actor: await requestActor(platform, req),
    enrolling: enrollingActorOf(req),
    externalRefusal: externalRefusalOf(req.headers),
    requestId: String(req.id),
    language: requestLanguage(req.headers),
  });
}

const domainToTrpc = {
  INVALID: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
} as const;

export interface ErrorData {
  key: string;
  fields: { path: string; key: string; message: string; params?: Record<string, number> }[];
}

const t = initTRPC.context<Context>().create({
  /**
   * One place maps every failure: domain errors and zod issues become a translated message plus
   * i18n keys per field; anything else is a generic message (details stay in the log).
   */
  errorFormatter({ shape, error, ctx }) {
    const t = translator(ctx?.language ?? 'en');
    const cause = error.cause;
    if (cause instanceof DomainError) {
      const fields = cause.fields.map((field) => ({ ...field, message: t(field.key) }));
      return {
        ...shape,
        message: t(cause.key, cause.params),
        data: { ...shape.data, stack: undefined, key: cause.key, fields } as typeof shape.data & ErrorData,
      };
    }
    if (cause instanceof ZodError) {
      const fields = cause.issues.map((issue) => fieldProblem(issue, t));
      return {
        ...shape,
        message: t('errors.invalidInput'),
        data: { ...shape.data, stack: undefined, key: 'errors.invalidInput', fields },
      };
    }
    const internal = shape.data.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: internal ? t('errors.generic') : shape.message,
      data: { ...shape.data, stack: undefined, key: internal ? 'errors.generic' : '', fields: [] },
    };
  },
});

export const router = t.router;

/** Who, which request and when: the meta of every command a procedure runs. */
export const metaOf = (ctx: Context): CommandMeta => ({
  actorId: ctx.actor?.userId ?? null,
  requestId: ctx.requestId,
  now: new Date(),
});

/** Turns a DomainError thrown anywhere below into the matching tRPC code. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    throw new TRPCError({ code: domainToTrpc[result.error.cause.code], cause: result.error.cause });
  }
  return result;
});

/**
 * Refuses input holding text PostgreSQL cannot take (a NUL byte, half a surrogate pair) before any
 * procedure reads or writes with it: a 400 naming the field, where a search or a field outside the
 * shared text schemas would otherwise fail in the database with a 500.
 */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  let raw: unknown;
  try {
    raw = await getRawInput();
  } catch {
    // Unreadable input: a procedure that takes none ignores it as before; one that takes some
    // refuses it with the same parse error when it reads it.
    return next();
  }
  const path = unstorableTextIn(raw);
  if (path !== null) {
    const cause = invalid('validation.text', [{ path, key: 'validation.text' }]);
    throw new TRPCError({ code: 'BAD_REQUEST', cause });
  }
  return next();
});

/**
 * A call with an external pool's token whose address belongs to an account that has not linked it
 * is refused with that reason (403), not run signed out: its holder learns what to do.
 */
const unlinkedExternalToken = t.middleware(({ ctx, next }) => {
  if (ctx.externalRefusal) throw new TRPCError({ code: 'FORBIDDEN', cause: ctx.externalRefusal });
  return next();
});

/**
 * An API client calls only the procedures that declare a scope it holds (server/api-client/scopes.ts),
 * refused before its input is read.
 */
const clientScopes = t.middleware(({ ctx, path, next }) => {
  const scope = procedureScope(path);
  if (!scopeAllows(ctx.actor, scope)) throw new TRPCError({ code: 'FORBIDDEN', cause: scopeRefusal(scope) });
  return next();
});

/**
 * Every procedure's first steps: domain errors mapped, an unlinked external token refused with its
 * reason, an API client held to its scopes.
 */
const base = t.procedure.use(domainErrors).use(unlinkedExternalToken).use(clientScopes);

/** Anyone, signed in or not: reads that show the public what it may see, and the few public calls. */
export const publicProcedure = base.use(storableInput);

const unauthenticated = () =>
  new TRPCError({
    code: 'UNAUTHORIZED',
    cause: new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'),
  });

/**
 * A signed-in user with their rights: the context's `actor` is never null below. Refused before the
 * input is read, so a signed-out call learns nothing about what it sent.
 */
export const signedInProcedure = base
  .use(({ ctx, next }) => {
    if (!ctx.actor && ctx.enrolling)
      throw new TRPCError({
        code: 'FORBIDDEN',
        cause: new DomainError('FORBIDDEN', 'secondFactor.enrolFirst'),
      });
    if (!ctx.actor) throw unauthenticated();
    return next({ ctx: { ...ctx, actor: ctx.actor } });
  })
  .use(storableInput);

/** A signed-in account, including one that must enrol a second factor first: for enrolling itself. */
export const enrollingProcedure = base
  .use(({ ctx, next }) => {
    const actor = ctx.actor ?? ctx.enrolling ?? null;
    if (!actor) throw unauthenticated();
    return next({ ctx: { ...ctx, actor } });
  })
  .use(storableInput);

/** The context below `signedInProcedure`: someone is signed in. */
export type SignedInContext = Context & { actor: Actor };

/** A signed-in user whose roles grant `action` on all content. */
export const procedureFor = (action: RoleAction) =>
  signedInProcedure.use(({ ctx, next }) => {
    requireCan(ctx.actor, action);
    return next();
  });

/**
 * Someone holding the admin role itself, not just its rights: for what hands out every right at once
 * (API clients, which may hold any scope; learning platforms, which make accounts and link them).
 */
export const adminProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!ctx.actor.roles.includes(ADMIN_ROLE)) throw new TRPCError({ code: 'FORBIDDEN', cause: forbidden() });
  return next();
});

const itemPath = z.object({ path: pathSchema });

/**
 * A signed-in user whose right on the item at `input.path` comes from its owners: `may` decides with
 * the owners `owners` looks up (a missing item is its feature's not-found). A caller whose roles
 * already grant the right (`may` with no owners) is not made to wait for the look-up. The command
 * handler checks again inside its transaction, against the state it decides on.
 */
export const ownerProcedure = (options: {
  owners: (ctx: SignedInContext, path: string) => Promise<readonly string[]>;
  may: (actor: Actor, owners: readonly string[]) => boolean;
}) =>
  signedInProcedure.use(async ({ ctx, getRawInput, next }) => {
    if (options.may(ctx.actor, [])) return next();
    const parsed = itemPath.safeParse(await getRawInput());
    // Unreadable input: the same 400 the input's own parser gives.
    if (!parsed.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const owners = await options.owners(ctx, parsed.data.path);
    if (!options.may(ctx.actor, owners)) throw forbidden();
    return next();
  });

/** The rule of `ownerProcedure` for an edit or a delete: the role's action, or owning the item. */
export const ownerOr =
  (action: 'edit' | 'delete') =>
  (actor: Actor, owners: readonly string[]): boolean =>
    can(actor, action, { owners: [...owners] });

/** A command handler as every router calls it: who, which request, and what (a path, or a form). */
type Handler<I> = (platform: Platform, actor: Actor, meta: CommandMeta, input: I) => Promise<unknown>;

/** What a path or input mutation answers: the item's path. */
export const pathOutput = z.object({ path: z.string() });

/** The mutation, declared on `procedure`, that runs `command` on the item at `input.path` and answers that path. */
export const pathMutation = <S extends z.ZodType<{ path: string }>>(
  procedure: typeof signedInProcedure,
  schema: S,
  command: Handler<string>,
) =>
  procedure
    .input(schema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => {
      const { path } = input as { path: string };
      await command(ctx.platform, ctx.actor, metaOf(ctx), path);
      return { path };
    });

/**
 * The mutation, declared on `procedure`, that runs `command` with the whole input (an item's path and
 * its form) and answers the path.
 */
export const inputMutation = <S extends z.ZodType<{ path: string }>>(
  procedure: typeof signedInProcedure,
  schema: S,
  command: Handler<z.output<S>>,
) =>
  procedure
    .input(schema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => {
      const parsed = input as z.output<S>;
      await command(ctx.platform, ctx.actor, metaOf(ctx), parsed);
      return { path: parsed.path };
    });

/** The mutation, declared on `procedure`, that runs `command` with the whole input and answers that it ran. */
export const successMutation = <S extends z.ZodType>(
  procedure: typeof signedInProcedure,
  schema: S,
  command: Handler<z.output<S>>,
) =>
  procedure
    .input(schema)
    .output(successOutput)
    .mutation(async ({ ctx, input }) => {
      await command(ctx.platform, ctx.actor, metaOf(ctx), input as z.output<S>);
      return { success: true };
    });
