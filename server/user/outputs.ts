import { z } from 'zod';
import { importActions, importReasons } from '../../events/user/import';
import { imageOutput, languageOutput, rulesOutput } from '../outputs';

/** A person as the caller may see them (server/user/queries.ts hides what a private profile hides). */
export const userOutput = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profession: z.string().nullable(),
  riziv: z.string().nullable(),
  description: z.string().nullable(),
  image: imageOutput,
  language: languageOutput,
  fullPrivacy: z.boolean(),
  roles: z.array(z.string()),
  verified: z.boolean(),
  createdAt: z.string(),
  courses: z.array(z.string()),
  modules: z.array(z.string()),
  groups: z.record(z.string(), z.string()),
});

/** The signed-in user with the rules the interface shows and hides actions by. */
export const meOutput = userOutput
  .extend({ rules: rulesOutput, mustEnrolSecondFactor: z.boolean() })
  .nullable();

/** Someone else, for who manages users: with the rules their roles give (null once erased). */
export const userWithRulesOutput = userOutput.extend({ rules: rulesOutput.nullable() });

const exportFile = z.object({
  erased: z.literal(false),
  content: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
});

export const myDataOutput = exportFile;

/** A subject access request: the export, or when the person's data was erased. */
export const dataExportOutput = z.discriminatedUnion('erased', [
  exportFile,
  z.object({ erased: z.literal(true), erasedAt: z.string() }),
]);

/** What an import does (previewImport) or did (import) with each row of the file, and how many of each. */
export const importPlanOutput = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      name: z.string(),
      email: z.string(),
      action: z.enum(importActions),
      problems: z.array(z.object({ reason: z.enum(importReasons), value: z.string().nullable() })),
      roles: z.array(z.string()),
      courses: z.array(z.string()),
      group: z.string().nullable(),
    }),
  ),
  counts: z.object({
    create: z.number().int(),
    link: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
});
