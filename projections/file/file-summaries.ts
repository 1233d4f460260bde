import type { ColumnType, Selectable, Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { FileDetails } from '../../events/file/events';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per live file (document): answers "which documents are there, and where do they point". */
export interface FileSummariesTable {
  file_id: string;
  path: string;
  name: string;
  url: string;
  type: FileDetails['type'];
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

export interface FileTables {
  file_summaries: FileSummariesTable;
}

const handles = ['FileCreated', 'FileUpdated', 'FileDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<FileTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  switch (event.type) {
    case 'FileCreated': {
      const { fileId, path, name, url, type } = event.data;
      await trx
        .insertInto('file_summaries')
        .values({ file_id: fileId, path, name, url, type, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('file_id').doNothing())
        .execute();
      return;
    }
    case 'FileUpdated': {
      const { fileId, name, url, type } = event.data;
      await trx
        .updateTable('file_summaries')
        .set({ name, url, type, updated_at: at })
        .where('file_id', '=', fileId)
        .execute();
      return;
    }
    case 'FileDeleted':
      await trx.deleteFrom('file_summaries').where('file_id', '=', event.data.fileId).execute();
      return;
  }
}

export const fileSummaries: Projection<FileTables> = {
  name: 'file_summaries',
  version: 1,
  tables: ['file_summaries'],
  handles,
  apply,
};

export interface FileSummary {
  fileId: string;
  path: string;
  name: string;
  url: string;
  type: FileDetails['type'];
  createdAt: string;
  updatedAt: string;
}

export const toFileSummary = (row: Selectable<FileSummariesTable>): FileSummary => ({
  fileId: row.file_id,
  path: row.path,
  name: row.name,
  url: row.url,
  type: row.type,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function listFiles(db: Db): Promise<FileSummary[]> {
  const rows = await db.selectFrom('file_summaries').selectAll().orderBy('name').orderBy('path').execute();
  return rows.map(toFileSummary);
}

export async function findFileByPath(db: Db, path: string): Promise<FileSummary | null> {
  const row = await db.selectFrom('file_summaries').selectAll().where('path', '=', path).executeTakeFirst();
  return row ? toFileSummary(row) : null;
}

export async function fileIdByPath(db: Db, path: string): Promise<string | null> {
  const row = await db
    .selectFrom('file_summaries')
    .select('file_id')
    .where('path', '=', path)
    .executeTakeFirst();
  return row?.file_id ?? null;
}

export async function filePathsStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('file_summaries')
    .select('path')
    .where((eb) => eb.or([eb('path', '=', prefix), eb('path', 'like', `${prefix}-%`)]))
    .execute();
  return rows.map((row) => row.path);
}
