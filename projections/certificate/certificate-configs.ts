import type { ColumnType, Transaction } from 'kysely';
import type { CertificateConfig } from '../../events/certificate/config';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

/** One row per module or course whose certificate someone configured: "what does its certificate say". */
export interface CertificateConfigsTable {
  item_type: 'module' | 'course';
  item_id: string;
  config: ColumnType<CertificateConfig, string, string>;
}

export interface CertificateConfigTables {
  certificate_configs: CertificateConfigsTable;
}

const handles = [
  'ModuleCertificateConfigured',
  'CourseCertificateConfigured',
  'ModuleDeleted',
  'CourseDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CertificateConfigTables>, stored: StoredOf<Handled>) {
  const remove = (itemType: 'module' | 'course', itemId: string) =>
    trx
      .deleteFrom('certificate_configs')
      .where('item_type', '=', itemType)
      .where('item_id', '=', itemId)
      .execute();
  const save = (itemType: 'module' | 'course', itemId: string, config: CertificateConfig) =>
    trx
      .insertInto('certificate_configs')
      .values({ item_type: itemType, item_id: itemId, config: JSON.stringify(config) })
      .onConflict((oc) =>
        oc.columns(['item_type', 'item_id']).doUpdateSet({ config: JSON.stringify(config) }),
      )
      .execute();
  switch (stored.type) {
    case 'ModuleCertificateConfigured': {
      const { moduleId, config } = stored.data;
      await save('module', moduleId, config);
      return;
    }
    case 'CourseCertificateConfigured': {
      const { courseId, config } = stored.data;
      await save('course', courseId, config);
      return;
    }
    case 'ModuleDeleted':
      await remove('module', stored.data.moduleId);
      return;
    case 'CourseDeleted':
      await remove('course', stored.data.courseId);
      return;
  }
}

export const certificateConfigsProjection: Projection<CertificateConfigTables, Handled> = {
  name: 'certificate_configs',
  version: 1,
  tables: ['certificate_configs'],
  handles,
  apply,
};

/** The stored config of a module or course; null when nobody configured it. */
export async function certificateConfigOf(
  db: Db,
  itemType: 'module' | 'course',
  itemId: string,
): Promise<CertificateConfig | null> {
  const row = await db
    .selectFrom('certificate_configs')
    .select('config')
    .where('item_type', '=', itemType)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.config ?? null;
}
