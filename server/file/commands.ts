import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute, executeMany } from '../../events/command';
import { notFound } from '../../events/errors';
import { type createFileSchema, type FileCommand, fileInputSchema } from '../../events/file/commands';
import { fileDecider } from '../../events/file/decider';
import { fileStream } from '../../events/file/events';
import { type Actor, requireCan } from '../../events/permissions';
import { slugify } from '../../events/shared/fields';
import { fileIdByPath, filePathsStartingWith } from '../../projections/file/file-summaries';
import type { Database } from '../db';
import { onParent, parentTarget } from '../link/commands';
import type { Platform } from '../platform';
import { visibleFile } from './queries';

async function freeFilePath(trx: Transaction<Database>, wanted: string): Promise<string> {
  // Serialises file creation on PostgreSQL so two creators cannot pick the same path.
  await sql`select pg_advisory_xact_lock(hashtext('file-path'))`.execute(trx);
  const taken = new Set(await filePathsStartingWith(trx, wanted));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/**
 * A new file (document); given a parent, it is linked to that course or section in the same
 * transaction, so the actor needs the create right and the right to edit the parent.
 */
export async function createFile(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createFileSchema>,
): Promise<string> {
  requireCan(actor, 'create');
  const parent = input.parent
    ? await parentTarget(platform.database.db, input.parent.parentType, input.parent.parentPath)
    : null;
  if (parent) requireCan(actor, 'edit', { owners: parent.owners });
  const fileId = uuidv7();
  // The file's stream and the parent's, in one transaction: a refused link leaves no orphan file.
  return executeMany(platform.pipeline, async (run) => {
    const outcome = await run({
      decider: fileDecider,
      stream: fileStream(fileId),
      meta,
      authorize: () => {},
      command: async (_state, trx): Promise<FileCommand> => ({
        type: 'CreateFile',
        data: {
          fileId,
          path: await freeFilePath(trx, input.path ?? slugify(input.file.name)),
          details: input.file,
        },
      }),
    });
    const path = outcome.events[0]!.data.path;
    if (parent) {
      const link = { type: 'LinkFile', data: { fileId, filePath: path } } as const;
      await onParent(platform, actor, meta, parent, link, run);
    }
    return path;
  });
}

function changeFile(action: 'edit' | 'delete', command: FileCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    requireCan(actor, action);
    const fileId = await fileIdByPath(platform.database.db, path);
    if (!fileId) throw notFound('file.notFound');
    await execute(platform.pipeline, {
      decider: fileDecider,
      stream: fileStream(fileId),
      meta,
      authorize: () => requireCan(actor, action),
      command: () => command,
    });
  };
}

export const deleteFile = changeFile('delete', { type: 'DeleteFile' });

/**
 * Changes the file form's fields `file` names (tRPC sends them all, GraphQL those it changes): the
 * others keep their stored value, merged with the file's stream inside the transaction.
 */
export async function updateFile(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; file: Partial<z.input<typeof fileInputSchema>> },
) {
  requireCan(actor, 'edit');
  const fileId = await fileIdByPath(platform.database.db, input.path);
  if (!fileId) throw notFound('file.notFound');
  await execute(platform.pipeline, {
    decider: fileDecider,
    stream: fileStream(fileId),
    meta,
    authorize: () => requireCan(actor, 'edit'),
    command: (state): FileCommand => {
      if (state.status === 'absent') throw notFound('file.notFound');
      return {
        type: 'UpdateFile',
        data: { details: fileInputSchema.parse({ ...state.details, ...input.file }) },
      };
    },
  });
}

/**
 * A copy of the document named '… (copy)', linked to nothing: the create right, and the original must
 * open for this actor as `file.byPath` would (the one ownership rule), else a file linked
 * to nothing could be copied, linked to one's own course and read there. One it may not open reads as
 * missing, as it does there.
 */
export async function duplicateFile(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
) {
  requireCan(actor, 'create');
  const original = await visibleFile(platform.database.db, actor, path);
  return createFile(platform, actor, meta, {
    file: { name: `${original.name} (copy)`.slice(0, 200), url: original.url, type: original.type },
    parent: null,
  });
}
