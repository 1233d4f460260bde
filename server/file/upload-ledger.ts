import { sql } from 'kysely';
import { fromKysely } from 'pg-boss';
import type { Actor } from '../../events/permissions';
import {
  REMOVE_UNUSED_UPLOAD_JOB,
  removeUnusedUploadKey,
  UNUSED_UPLOAD_SECONDS,
} from '../../jobs/file/remove-unused-upload';
import { REMOVE_UPLOAD_JOB, removeUploadKey, uploadReferences } from '../../jobs/file/remove-upload';
import type { Config } from '../config';
import type { Db } from '../db/tables';
import { transaction } from '../db/transaction';
import type { Platform } from '../platform';

/** What an upload is for: a profile picture (anyone signed in), or anything else (the create right). */
export type UploadPurpose = 'profile' | 'content';

const megabyte = 1024 * 1024;

/**
 * How long a replaced profile picture stays before `upload.remove` takes it: its sizes are still
 * being made when pictures are chosen one after the other, and a page may still show it.
 */
const REPLACED_UPLOAD_GRACE_SECONDS = 60;

/**
 * How many bytes of uploads this person may keep stored, or null for no limit: UPLOAD_QUOTA_MB for
 * people without any role, UPLOAD_QUOTA_STAFF_MB for anyone holding one (0: no limit).
 */
function uploadQuotaBytes(
  config: Pick<Config, 'UPLOAD_QUOTA_MB' | 'UPLOAD_QUOTA_STAFF_MB'>,
  actor: Actor,
): number | null {
  const megabytes = actor.roles.length > 0 ? config.UPLOAD_QUOTA_STAFF_MB : config.UPLOAD_QUOTA_MB;
  return megabytes > 0 ? megabytes * megabyte : null;
}

/** The bytes of the uploads this person has stored and still counted (originals, not their sizes). */
async function storedBytes(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ bytes: number }>`
    select coalesce(sum(bytes), 0)::float8 as bytes from uploads where user_id = ${userId}`.execute(db);
  return rows[0]?.bytes ?? 0;
}

/** Megabytes with one decimal, as the quota message shows them. */
export const inMegabytes = (bytes: number) => Math.round((bytes / megabyte) * 10) / 10;

export type Admission = { admitted: true } | { admitted: false; usedBytes: number; quotaBytes: number };

/**
 * Books a stored upload to its owner, in one transaction serialised per owner (so parallel uploads
 * cannot together pass the quota):
 * - a profile picture replaces the owner's earlier ones that nothing refers to (one unused profile
 *   upload per person): their rows go now, their files a minute later with `upload.remove`, which
 *   checks again;
 * - past the quota (what stays stored plus this upload), nothing changes and the answer says so: the
 *   caller removes the file;
 * - otherwise the upload's row is written and `upload.remove-unused` is sent to run a day later.
 */
export async function admitUpload(
  platform: Platform,
  actor: Actor,
  upload: { id: string; bytes: number; purpose: UploadPurpose },
): Promise<Admission> {
  const quotaBytes = uploadQuotaBytes(platform.config, actor);
  const userId = actor.userId;
  return transaction(platform.database.db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`.execute(trx);
    const replaced: { uploadId: string; bytes: number }[] = [];
    if (upload.purpose === 'profile') {
      const { rows } = await sql<{ upload_id: string; bytes: number }>`
        select upload_id, bytes::float8 as bytes from uploads
        where user_id = ${userId} and purpose = 'profile' and upload_id <> ${upload.id}`.execute(trx);
      for (const row of rows) {
        if ((await uploadReferences(trx, row.upload_id)).length === 0) {
          replaced.push({ uploadId: row.upload_id, bytes: row.bytes });
        }
      }
    }
    if (quotaBytes !== null) {
      const freed = replaced.reduce((sum, row) => sum + row.bytes, 0);
      const usedBytes = (await storedBytes(trx, userId)) - freed;
      if (usedBytes + upload.bytes > quotaBytes) return { admitted: false, usedBytes, quotaBytes };
    }
    const boss = platform.jobs.boss;
    for (const { uploadId } of replaced) {
      await sql`delete from uploads where upload_id = ${uploadId}`.execute(trx);
      await boss.send(
        REMOVE_UPLOAD_JOB,
        { uploadId },
        {
          db: fromKysely(trx),
          singletonKey: removeUploadKey(uploadId),
          startAfter: REPLACED_UPLOAD_GRACE_SECONDS,
        },
      );
    }
    await sql`
      insert into uploads (upload_id, user_id, purpose, bytes)
      values (${upload.id}, ${userId}, ${upload.purpose}, ${upload.bytes})`.execute(trx);
    await boss.send(
      REMOVE_UNUSED_UPLOAD_JOB,
      { uploadId: upload.id },
      {
        db: fromKysely(trx),
        singletonKey: removeUnusedUploadKey(upload.id),
        startAfter: UNUSED_UPLOAD_SECONDS,
      },
    );
    return { admitted: true };
  });
}
