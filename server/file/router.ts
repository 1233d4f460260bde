import { z } from 'zod';
import { createFileSchema, filePathSchema, updateFileSchema } from '../../events/file/commands';
import { fileDecider } from '../../events/file/decider';
import { fileStream } from '../../events/file/events';
import { fileIdByPath } from '../../projections/file/file-summaries';
import { contentProcedures } from '../content/procedures';
import { procedureFor, publicProcedure, router } from '../trpc';
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

const fileProcedures = contentProcedures({
  path: filePathSchema,
  notFound: 'file.notFound',
  find: fileIdByPath,
  stream: fileStream,
  rights: { create: procedureFor('create'), change: 'handler' },
  read: { output: fileOutput, query: visibleFile },
  history: {
    decider: fileDecider,
    shown: (state) => ({ path: state.path, deleted: state.status === 'deleted', ...state.details }),
    output: fileAsOfOutput,
  },
  create: { input: createFileSchema, command: createFile },
  update: { input: updateFileSchema, command: updateFile },
  delete: deleteFile,
  duplicate: duplicateFile,
});

export const fileRouter = router({
  /** A course's or section's files in link order, the unlinked ones, or all (see server/file/queries.ts). */
  list: publicProcedure
    .input(listInput)
    .output(z.array(fileOutput))
    .query(({ ctx, input }) => visibleFiles(ctx.platform.database.db, ctx.actor, input)),
  ...fileProcedures,
});
