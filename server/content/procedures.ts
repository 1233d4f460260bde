import type { z } from 'zod';
import type { CommandMeta } from '../../events/command';
import type { Decider } from '../../events/decider';
import { notFound, type TextKey } from '../../events/errors';
import type { Actor } from '../../events/permissions';
import { type NewEvent, readStream } from '../../events/store';
import type { Db } from '../db/tables';
import { historyProcedures } from '../history-procedures';
import type { Platform } from '../platform';
import {
  type Context,
  inputMutation,
  metaOf,
  ownerOr,
  ownerProcedure,
  pathMutation,
  pathOutput,
  publicProcedure,
  signedInProcedure,
} from '../trpc';

/** A command handler as the routers call it: who, which request, and what. */
type Command<I, Answer = unknown> = (
  platform: Platform,
  actor: Actor,
  meta: CommandMeta,
  input: I,
) => Promise<Answer>;

type Procedure = typeof signedInProcedure;

/**
 * The mutation, declared on `procedure`, that runs `command` with the whole input and answers the
 * path the command returns: a new item's, a copy's or a translation's.
 */
export const newPathMutation = <S extends z.ZodType>(
  procedure: Procedure,
  schema: S,
  command: Command<z.output<S>, string>,
) =>
  procedure
    .input(schema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await command(ctx.platform, ctx.actor, metaOf(ctx), input as z.output<S>),
    }));

/** Who owns an item whose parent owns it (a section's course, a page's module): none once the parent is gone. */
export const parentOwners =
  (
    parentIdByPath: (db: Db, path: string) => Promise<string | null>,
    ownersOf: (db: Db, parentId: string) => Promise<readonly string[]>,
  ) =>
  async (db: Db, item: { parentPath: string }): Promise<readonly string[]> => {
    const parentId = await parentIdByPath(db, item.parentPath);
    return parentId ? ownersOf(db, parentId) : [];
  };

type PathProcedure<P extends z.ZodType<{ path: string }>> = ReturnType<typeof pathMutation<P>>;

/** Publishing and unpublishing, for the kinds learners see only once published. */
interface Publishing {
  publish: Command<string>;
  unpublish: Command<string>;
}

/**
 * A content kind (course, module, section, page, file) as its router's shared procedures need it.
 * `find` looks an item up by path (null: the kind's `notFound`), `stream` names its event stream and
 * `owners` says who owns it (its own owners, or its parent's).
 */
export interface ContentKind<
  P extends z.ZodType<{ path: string }>,
  Found,
  Read extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType<{ path: string }>,
  C,
  E extends NewEvent,
  S extends { status: string },
  Shown extends z.ZodObject,
  Pub extends Publishing | undefined,
> {
  /** The input naming one item. */
  path: P;
  notFound: TextKey;
  find: (db: Db, path: string) => Promise<Found | null>;
  stream: (found: Found) => string;
  owners?: (db: Db, found: Found) => Promise<readonly string[]>;
  rights: {
    /** Who may call `create` (the handler checks again). */
    create: Procedure;
    /**
     * Who may call `update`, `publish`, `unpublish` and `delete`: `owners`, a role's edit (delete)
     * right or owning the item, checked before the input is handled; `handler`, anyone signed in,
     * the command handler decides.
     */
    change: 'owners' | 'handler';
  };
  /** `byPath`: one item as the caller may see it. */
  read: { output: Read; query: (db: Db, actor: Actor | null, path: string) => Promise<z.input<Read>> };
  /** `history` and `asOf` (server/history-procedures.ts). */
  history: {
    decider: Decider<C, E, S>;
    shown: (state: Exclude<S, { status: 'absent' }>) => Shown['_zod']['input'];
    output: Shown;
  };
  create: { input: Create; command: Command<z.output<Create>, string> };
  update: { input: Update; command: Command<z.output<Update>> };
  delete: Command<string>;
  /** Makes a copy of the item and answers its path. */
  duplicate: Command<string, string>;
  publishing?: Pub;
}

/**
 * The procedures every content kind's router shares: `byPath`, `history`, `asOf`, `create`,
 * `update`, `delete`, `duplicate`, and `publish`/`unpublish` where the kind has them. Each router
 * spreads them and adds what is its own.
 */
export function contentProcedures<
  P extends z.ZodType<{ path: string }>,
  Found,
  Read extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType<{ path: string }>,
  C,
  E extends NewEvent,
  S extends { status: string },
  Shown extends z.ZodObject,
  Pub extends Publishing | undefined = undefined,
>(kind: ContentKind<P, Found, Read, Create, Update, C, E, S, Shown, Pub>) {
  const found = async (ctx: Context, path: string) => {
    const item = await kind.find(ctx.platform.database.db, path);
    if (item === null) throw notFound(kind.notFound);
    return item;
  };
  const owners = kind.owners;
  const ownersByPath = owners
    ? async (ctx: Context, path: string) => owners(ctx.platform.database.db, await found(ctx, path))
    : undefined;
  const changer = (action: 'edit' | 'delete'): Procedure =>
    kind.rights.change === 'owners'
      ? ownerProcedure({ owners: ownersByPath ?? (async () => []), may: ownerOr(action) })
      : signedInProcedure;
  const editor = changer('edit');

  const procedures = {
    byPath: publicProcedure
      .input(kind.path)
      .output(kind.read.output)
      .query(
        ({ ctx, input }) =>
          // The query answers the schema's input; tRPC cannot see that while the schema is a type parameter.
          kind.read.query(ctx.platform.database.db, ctx.actor, (input as { path: string }).path) as never,
      ),
    ...historyProcedures({
      decider: kind.history.decider,
      events: async (ctx, path) => readStream(ctx.platform.database.db, kind.stream(await found(ctx, path))),
      ...(ownersByPath ? { owners: ownersByPath } : {}),
      shown: kind.history.shown,
      shownOutput: kind.history.output,
    }),
    create: newPathMutation(kind.rights.create, kind.create.input, kind.create.command),
    update: inputMutation(editor, kind.update.input, kind.update.command),
    delete: pathMutation(changer('delete'), kind.path, kind.delete),
    duplicate: newPathMutation(signedInProcedure, kind.path, (platform, actor, meta, input) =>
      kind.duplicate(platform, actor, meta, input.path),
    ),
  };
  const publishing = kind.publishing && {
    publish: pathMutation(editor, kind.path, kind.publishing.publish),
    unpublish: pathMutation(editor, kind.path, kind.publishing.unpublish),
  };
  return { ...procedures, ...publishing } as typeof procedures &
    (Pub extends Publishing ? { publish: PathProcedure<P>; unpublish: PathProcedure<P> } : unknown);
}
