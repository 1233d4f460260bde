import { z } from 'zod';

/** At most this many rows (besides the header) in one import: a larger list is split by its sender. */
export const IMPORT_MAX_ROWS = 2000;
/** At most this many characters of text (a file of 2,000 full rows stays well below it). */
export const IMPORT_MAX_CHARS = 1_000_000;

/** The text of a CSV file or of a spreadsheet paste, with its header row (docs/guide/importing-users.md). */
export const importUsersSchema = z.object({
  text: z.string().min(1, 'validation.required').max(IMPORT_MAX_CHARS, 'userImport.tooLarge'),
});

/** What the import does with a row: make the account, add links to an existing one, nothing, or refuse it. */
export const importActions = ['create', 'link', 'unchanged', 'refused'] as const;
export type ImportAction = (typeof importActions)[number];

/** Why a row is refused: each a text under `userImport.reason` in every language. */
export const importReasons = [
  'invalidEmail',
  'missingName',
  'tooLong',
  'unknownLanguage',
  'unknownRole',
  'adminOnly',
  'roleBeyondYours',
  'unknownCourse',
  'ambiguousCourse',
  'courseNotYours',
  'duplicateEmail',
  'changedMeanwhile',
] as const;
export type ImportReason = (typeof importReasons)[number];
