import { createFileSchema, filePathSchema } from '../../events/file/commands';
import { type FileSummary, findFileByPath } from '../../projections/file/file-summaries';
import { createFile, deleteFile, updateFile } from '../file/commands';
import { visibleFiles } from '../file/queries';
import { builder } from './builder';
import { metaOf } from './context';
import { documentArg, documentOf, type MutationAnswer } from './errors';
import { FileInput, FileUpdateInput } from './inputs';
import { docDescription, MutationResponse, MutationResult, typedDescription } from './shared';

/** A document linked to a course or section. */
export const FileType = builder.objectRef<FileSummary>('File').implement({
  fields: (t) => ({
    path: t.exposeString('path'),
    name: t.exposeString('name'),
    url: t.exposeString('url'),
    type: t.exposeString('type', { description: 'pdf, document, image, video, audio, link or other.' }),
  }),
});

const FileMutationResult = builder
  .objectRef<MutationAnswer & { file?: FileSummary | null }>('FileMutationResult')
  .implement({
    interfaces: [MutationResponse],
    fields: (t) => ({
      file: t.field({ type: FileType, nullable: true, resolve: (result) => result.file ?? null }),
    }),
  });

builder.queryFields((t) => ({
  files: t.field({
    type: [FileType],
    description:
      "A course's or section's files in link order; with filterByParent and no parent, the files linked to nothing; with neither, every file for holders of the view right (other editors: those of the courses they own).",
    args: { course: t.arg.string(), section: t.arg.string(), filterByParent: t.arg.boolean() },
    resolve: (_root, args, ctx) =>
      visibleFiles(ctx.platform.database.db, ctx.actor, {
        course: args.course ?? undefined,
        section: args.section ?? undefined,
        filterByParent: args.filterByParent ?? undefined,
      }),
  }),
}));

/** `doc` is the file form (name, url, type) plus, when creating, `path` and `parentType`/`parentPath`. */
function splitFileDoc(value: unknown) {
  const { path, parentType, parentPath, ...details } = documentOf(value);
  return { path, parentType, parentPath, details };
}

builder.mutationFields((t) => ({
  createFile: t.field({
    type: FileMutationResult,
    description:
      'Creates a file (create right) from `doc` (or the typed `input`): name, url, optionally type (else guessed from the url) and `path`; with `parentType` ("course" or "section") and `parentPath` it is linked there at once (edit right on that parent too).',
    args: {
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: FileInput, description: typedDescription }),
    },
    success: 'fileCreated',
    resolve: async (_root, args, ctx) => {
      const { path, parentType, parentPath, details } = splitFileDoc(documentArg(args));
      const parent = parentType === undefined && parentPath === undefined ? null : { parentType, parentPath };
      const input = createFileSchema.parse({ path, file: details, parent });
      const created = await createFile(ctx.platform, ctx.actor, metaOf(ctx), input);
      return { file: await findFileByPath(ctx.platform.database.db, created) };
    },
  }),
  updateFile: t.field({
    type: FileMutationResult,
    description:
      'Changes the fields `doc` (or the typed `input`) names (edit right); links change through addItemToParent.',
    args: {
      path: t.arg.string({ required: true }),
      doc: t.arg({ type: 'JSON', description: docDescription }),
      input: t.arg({ type: FileUpdateInput, description: typedDescription }),
    },
    success: 'fileUpdated',
    resolve: async (_root, args, ctx) => {
      const { path } = filePathSchema.parse(args);
      const { details } = splitFileDoc(documentArg(args));
      await updateFile(ctx.platform, ctx.actor, metaOf(ctx), { path, file: details });
      return { file: await findFileByPath(ctx.platform.database.db, path) };
    },
  }),
  deleteFile: t.field({
    type: MutationResult,
    description: 'Deletes a file (delete right); it leaves every course and section it was linked to.',
    args: { path: t.arg.string({ required: true }) },
    success: 'fileDeleted',
    resolve: async (_root, args, ctx) => {
      const { path } = filePathSchema.parse(args);
      await deleteFile(ctx.platform, ctx.actor, metaOf(ctx), path);
      return {};
    },
  }),
}));
