import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { ZodError, type z } from 'zod';
import type { CommandMeta } from '../events/command';
import { DomainError, invalid } from '../events/errors';
import { type Actor, type RoleAction, requireCan } from '../events/permissions';
import { type Language, unstorableTextIn } from '../events/shared/fields';
import { externalRefusalOf } from './auth/actor';
import { requestLanguage, translator } from './i18n';
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
  fields: { path: string; key: string; message: string }[];
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
      const fields = cause.issues.map((issue) => ({
        path: issue.path.join('.'),
        key: issue.message.includes(' ') ? 'validation.invalid' : issue.message,
        message: t(issue.message.includes(' ') ? 'validation.invalid' : issue.message),
      }));
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

export const publicProcedure = t.procedure.use(domainErrors).use(storableInput).use(unlinkedExternalToken);

export const authenticatedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.actor && ctx.enrolling)
    throw new TRPCError({
      code: 'FORBIDDEN',
      cause: new DomainError('FORBIDDEN', 'secondFactor.enrolFirst'),
    });
  if (!ctx.actor)
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      cause: new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'),
    });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

/** A signed-in account, including one that must enrol a second factor first: for enrolling itself. */
export const enrollingProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = ctx.actor ?? ctx.enrolling ?? null;
  if (!actor)
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      cause: new DomainError('UNAUTHENTICATED', 'errors.unauthenticated'),
    });
  return next({ ctx: { ...ctx, actor } });
});

/** A signed-in user whose roles grant `action` on all content. */
export const procedureFor = (action: RoleAction) =>
  authenticatedProcedure.use(({ ctx, next }) => {
    requireCan(ctx.actor, action);
    return next();
  });

/** A command handler as every router calls it: who, which request, and what (a path, or a form). */
type Handler<I> = (platform: Platform, actor: Actor | null, meta: CommandMeta, input: I) => Promise<unknown>;

/** The mutation that runs `command` on the item at `input.path` and answers that path. */
export const pathMutation = <S extends z.ZodType<{ path: string }>>(schema: S, command: Handler<string>) =>
  publicProcedure.input(schema).mutation(async ({ ctx, input }) => {
    const { path } = input as { path: string };
    await command(ctx.platform, ctx.actor, metaOf(ctx), path);
    return { path };
  });

/** The mutation that runs `command` with the whole input (an item's path and its form) and answers the path. */
export const inputMutation = <S extends z.ZodType<{ path: string }>>(
  schema: S,
  command: Handler<z.output<S>>,
) =>
  publicProcedure.input(schema).mutation(async ({ ctx, input }) => {
    const parsed = input as z.output<S>;
    await command(ctx.platform, ctx.actor, metaOf(ctx), parsed);
    return { path: parsed.path };
  });
