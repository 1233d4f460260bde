import { z } from 'zod';
import { notFound } from '../../events/errors';
import { createFileSchema, filePathSchema, updateFileSchema } from '../../events/file/commands';
import { fileDecider } from '../../events/file/decider';
import { fileStream } from '../../events/file/events';
import { readStream } from '../../events/store';
import { fileIdByPath } from '../../projections/file/file-summaries';
import { historyProcedures } from '../history-procedures';
import {
  type Context,
  inputMutation,
  metaOf,
  pathMutation,
  pathOutput,
  procedureFor,
  publicProcedure,
  router,
  signedInProcedure,
} from '../trpc';
import { createFile, deleteFile, duplicateFile, updateFile } from './commands';
import { fileAsOfOutput, fileOutput } from './outputs';
import { visibleFile, visibleFiles } from './queries';

const listInput = z
  .object({
    course: z.string().optional(),
    section: z.string().optional(),
    filterByParent: z.boolean().optional(),
  })
  .optional();

async function fileEvents(ctx: Context, path: string) {
  const fileId = await fileIdByPath(ctx.platform.database.db, path);
  if (!fileId) throw notFound('file.notFound');
  return readStream(ctx.platform.database.db, fileStream(fileId));
}

export const fileRouter = router({
  /** A course's or section's files in link order, the unlinked ones, or all (see server/file/queries.ts). */
  list: publicProcedure
    .input(listInput)
    .output(z.array(fileOutput))
    .query(({ ctx, input }) => visibleFiles(ctx.platform.database.db, ctx.actor, input)),
  byPath: publicProcedure
    .input(filePathSchema)
    .output(fileOutput)
    .query(({ ctx, input }) => visibleFile(ctx.platform.database.db, ctx.actor, input.path)),
  ...historyProcedures({
    decider: fileDecider,
    events: fileEvents,
    shown: (state) => ({ path: state.path, deleted: state.status === 'deleted', ...state.details }),
    shownOutput: fileAsOfOutput,
  }),
  create: procedureFor('create')
    .input(createFileSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await createFile(ctx.platform, ctx.actor, metaOf(ctx), input),
    })),
  update: inputMutation(signedInProcedure, updateFileSchema, updateFile),
  duplicate: signedInProcedure
    .input(filePathSchema)
    .output(pathOutput)
    .mutation(async ({ ctx, input }) => ({
      path: await duplicateFile(ctx.platform, ctx.actor, metaOf(ctx), input.path),
    })),
  delete: pathMutation(signedInProcedure, filePathSchema, deleteFile),
});
