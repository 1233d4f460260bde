import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../job';

/** The part of the file store the job needs (server/file/storage.ts implements it on both drivers). */
export interface UploadStore {
  /** Removes `<upload id>` and everything under it (the original and `sizes/`); nothing there is fine. */
  remove(folder: string): Promise<void>;
}

export interface UploadRemovalDeps {
  // biome-ignore lint/suspicious/noExplicitAny: reads the read tables of the full schema
  db: Kysely<any>;
  files: UploadStore;
  log?: { info: (context: object, message: string) => void };
}

export const REMOVE_UPLOAD_JOB = 'upload.remove';
/** One waiting removal per upload: deleting two files of one upload at once asks once (pg-boss `stately`). */
export const removeUploadKey = (uploadId: string) => `upload-remove-${uploadId}`;

export const removeUploadPayloadSchema = z.object({ uploadId: z.uuid() });
export type RemoveUploadPayload = z.output<typeof removeUploadPayloadSchema>;

/**
 * The read tables whose rows may point at an upload: files (their url), courses, sections, modules
 * and users (`image.name`, descriptions in markdown), pages (markdown images, videos, interactive
 * videos), certificate settings. A row refers to an upload when its text mentions the upload's id
 * anywhere (`/files/<id>/…`, an absolute address of it, a derivative), whatever the column: a new
 * column that holds urls is covered without a change here.
 */
const referencingTables = [
  'file_summaries',
  'course_summaries',
  'section_summaries',
  'module_summaries',
  'page_summaries',
  'users',
  'certificate_configs',
] as const;

/** The tables (of `referencingTables`) where something current still points at the upload. */
export async function uploadReferences(
  // biome-ignore lint/suspicious/noExplicitAny: reads the read tables of the full schema
  db: Kysely<any>,
  uploadId: string,
): Promise<string[]> {
  // An upload id is hex digits and dashes only: nothing in it is special to LIKE.
  const pattern = `%${removeUploadPayloadSchema.shape.uploadId.parse(uploadId)}%`;
  const checks = referencingTables.map(
    (table) =>
      sql<string>`select ${table}::text as name where exists (select 1 from ${sql.table(table)} t where t::text like ${pattern})`,
  );
  const { rows } = await sql<{ name: string }>`${sql.join(checks, sql` union all `)}`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Queued by every FileDeleted whose url is an upload (jobs/follow-ups.ts), in the deletion's
 * transaction. Runs after it has committed: when nothing current refers to the upload any more (a
 * duplicated file, a course image, a page may share it), removes the original and its derivatives
 * from the store; otherwise it is done without removing. The file's events stay in the log. Retried
 * with backoff for about a day while the store or the database fails; removing what is already gone
 * is no error, so a retry after a partial removal finishes it.
 */
export const removeUploadJob = defineJob({
  name: REMOVE_UPLOAD_JOB,
  schema: removeUploadPayloadSchema,
  retryLimit: 12,
  retryDelay: 20,
  policy: 'stately',
  handler: async ({ uploadId }: RemoveUploadPayload, deps: UploadRemovalDeps) => {
    const references = await uploadReferences(deps.db, uploadId);
    if (references.length > 0) {
      deps.log?.info({ uploadId, references }, 'upload still in use: kept');
      return;
    }
    await deps.files.remove(uploadId);
    // No longer stored: no longer counted against its owner's quota.
    await sql`delete from uploads where upload_id = ${uploadId}`.execute(deps.db);
    deps.log?.info({ uploadId }, 'upload removed');
  },
});
