import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '../job';
import { type UploadRemovalDeps, uploadReferences } from './remove-upload';

export const REMOVE_UNUSED_UPLOAD_JOB = 'upload.remove-unused';
/** How long an upload may wait for something to refer to it (a saved form, a page, a file). */
export const UNUSED_UPLOAD_SECONDS = 24 * 60 * 60;
/** One job per upload: sent once with it, so a retry or a second send cannot double it (pg-boss `stately`). */
export const removeUnusedUploadKey = (uploadId: string) => `upload-unused-${uploadId}`;

export const removeUnusedUploadPayloadSchema = z.object({ uploadId: z.uuid() });
export type RemoveUnusedUploadPayload = z.output<typeof removeUnusedUploadPayloadSchema>;

/**
 * Sent with every upload (server/file/upload-ledger.ts), to run a day later: when nothing current
 * refers to the upload by then (the read tables of `uploadReferences`: it was never saved anywhere),
 * removes the original and its derivatives from the store, then its row of the `uploads` table, so
 * it no longer counts against its owner's quota. An upload in use is kept, and so is its row. A row
 * already gone (the upload was replaced or removed meanwhile) leaves nothing to do. Removing what is
 * already gone is no error, and the row goes only after the files: a retry after a failure
 * finishes the work.
 */
export const removeUnusedUploadJob = defineJob({
  name: REMOVE_UNUSED_UPLOAD_JOB,
  schema: removeUnusedUploadPayloadSchema,
  retryLimit: 12,
  retryDelay: 20,
  policy: 'stately',
  handler: async ({ uploadId }: RemoveUnusedUploadPayload, deps: UploadRemovalDeps) => {
    const { rows } = await sql<{ user_id: string }>`
      select user_id from uploads where upload_id = ${uploadId}`.execute(deps.db);
    if (rows.length === 0) return;
    const references = await uploadReferences(deps.db, uploadId);
    if (references.length > 0) {
      deps.log?.info({ uploadId, references }, 'upload in use: kept');
      return;
    }
    await deps.files.remove(uploadId);
    await sql`delete from uploads where upload_id = ${uploadId}`.execute(deps.db);
    deps.log?.info({ uploadId, userId: rows[0]!.user_id }, 'unused upload removed');
  },
});
