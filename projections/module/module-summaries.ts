import { type ColumnType, type Selectable, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { CheckReveals, gateOptions, ModuleEvent, randomizeOptions } from '../../events/module/events';
import type { Image, Language } from '../../events/shared/fields';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';

type Randomize = (typeof randomizeOptions)[number];
type Gate = (typeof gateOptions)[number];

/** One row per live module: answers "which modules are there, and how do they behave". */
export interface ModuleSummariesTable {
  module_id: string;
  path: string;
  name: string;
  language: Language;
  info: string;
  origin_id: string | null;
  public: boolean;
  on_home: boolean;
  show_correct: boolean;
  test: boolean;
  anonymous_pages: boolean;
  randomized: ColumnType<Randomize[], string, string>;
  gate_progress: boolean;
  gate_config: ColumnType<Gate[], string, string>;
  image: ColumnType<Image | null, string | null, string | null>;
  check_reveals: CheckReveals;
  published: boolean;
  created_at: ColumnType<Date, string, never>;
  updated_at: ColumnType<Date, string, string>;
}

export interface ModuleSummaryTables {
  module_summaries: ModuleSummariesTable;
}

type Data<T extends ModuleEvent['type']> = Extract<ModuleEvent, { type: T }>['data'];

function detailColumns(data: Data<'ModuleUpdated'>) {
  return {
    name: data.name,
    language: data.language,
    info: data.info,
    origin_id: data.originId,
    public: data.public,
    on_home: data.onHome,
    show_correct: data.showCorrect,
    test: data.test,
    anonymous_pages: data.anonymousPages,
    randomized: JSON.stringify(data.randomized),
    gate_progress: data.gateProgress,
    gate_config: JSON.stringify(data.gateConfig),
    image: data.image ? JSON.stringify(data.image) : null,
    check_reveals: data.checkReveals,
  };
}

const handles = [
  'ModuleCreated',
  'ModuleUpdated',
  'ModuleChangesPublished',
  'ModulePublished',
  'ModuleUnpublished',
  'ModuleDeleted',
] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<ModuleSummaryTables>, event: StoredOf<Handled>) {
  const at = event.meta.at;
  switch (event.type) {
    case 'ModuleCreated': {
      const { moduleId, path, published, ...details } = event.data;
      await trx
        .insertInto('module_summaries')
        .values({
          module_id: moduleId,
          path,
          ...detailColumns({ moduleId, path, ...details }),
          published,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('module_id').doNothing())
        .execute();
      return;
    }
    case 'ModuleUpdated':
    // Published changes are the live settings from now on; a draft before it changed nothing here.
    case 'ModuleChangesPublished': {
      const data = event.data;
      await trx
        .updateTable('module_summaries')
        .set({ ...detailColumns(data), updated_at: at })
        .where('module_id', '=', data.moduleId)
        .execute();
      return;
    }
    case 'ModulePublished':
    case 'ModuleUnpublished':
      await trx
        .updateTable('module_summaries')
        .set({ published: event.type === 'ModulePublished', updated_at: at })
        .where('module_id', '=', event.data.moduleId)
        .execute();
      return;
    case 'ModuleDeleted':
      await trx.deleteFrom('module_summaries').where('module_id', '=', event.data.moduleId).execute();
      return;
  }
}

export const moduleSummaries: Projection<ModuleSummaryTables> = {
  name: 'module_summaries',
  // 2: check_reveals, filled in for existing rows by the rebuild.
  version: 2,
  tables: ['module_summaries'],
  handles,
  apply,
};

export interface ModuleSummary {
  moduleId: string;
  path: string;
  name: string;
  language: Language;
  info: string;
  originId: string | null;
  public: boolean;
  onHome: boolean;
  showCorrect: boolean;
  test: boolean;
  anonymousPages: boolean;
  randomized: Randomize[];
  gateProgress: boolean;
  gateConfig: Gate[];
  image: Image | null;
  /** What a learner's check reveals while attempts remain. */
  checkReveals: CheckReveals;
  published: boolean;
  /** How many pages the module has. */
  pageCount: number;
  /** The sum of its pages' estimated times, in seconds. */
  estimatedTime: number;
  createdAt: string;
  updatedAt: string;
}

/** A module row with its page totals, as the queries here (and GraphQL's batched loaders) read it. */
export type ModuleRowWithTotals = Selectable<ModuleSummariesTable> & {
  page_count: number;
  estimated_time: number;
};

export const toModuleSummary = (row: ModuleRowWithTotals): ModuleSummary => ({
  moduleId: row.module_id,
  path: row.path,
  name: row.name,
  language: row.language,
  info: row.info,
  originId: row.origin_id,
  public: row.public,
  onHome: row.on_home,
  showCorrect: row.show_correct,
  test: row.test,
  anonymousPages: row.anonymous_pages,
  randomized: row.randomized,
  gateProgress: row.gate_progress,
  gateConfig: row.gate_config,
  image: row.image,
  checkReveals: row.check_reveals,
  published: row.published,
  pageCount: Number(row.page_count),
  estimatedTime: Number(row.estimated_time),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Module rows with their page count and total estimated time (page_summaries is the pages' read side). */
const withPageTotals = (db: Db) =>
  db
    .selectFrom('module_summaries as m')
    .selectAll('m')
    .select([
      sql<number>`(select count(*)::int from page_summaries p where p.module_path = m.path)`.as('page_count'),
      sql<number>`(select coalesce(sum(p.estimated_time), 0)::int from page_summaries p where p.module_path = m.path)`.as(
        'estimated_time',
      ),
    ]);

export interface ModuleListFilter {
  published?: boolean;
  onHome?: boolean;
  publicOnly?: boolean;
  /** Only the modules this user owns (editors without the view right see only their own). */
  ownedBy?: string;
}

export async function listModules(db: Db, filter: ModuleListFilter = {}): Promise<ModuleSummary[]> {
  let query = withPageTotals(db);
  if (filter.published !== undefined) query = query.where('m.published', '=', filter.published);
  if (filter.onHome !== undefined) query = query.where('m.on_home', '=', filter.onHome);
  if (filter.publicOnly) query = query.where('m.public', '=', true);
  if (filter.ownedBy) {
    const owner = filter.ownedBy;
    query = query.where(
      sql<string>`m.module_id::text`,
      'in',
      sql<string>`(select module_id from module_owners where user_id = ${owner})`,
    );
  }
  const rows = await query.orderBy('m.name').orderBy('m.path').execute();
  return rows.map(toModuleSummary);
}

export async function findModuleByPath(db: Db, path: string): Promise<ModuleSummary | null> {
  const row = await withPageTotals(db).where('m.path', '=', path).executeTakeFirst();
  return row ? toModuleSummary(row) : null;
}

export async function moduleIdByPath(db: Db, path: string): Promise<string | null> {
  const row = await db
    .selectFrom('module_summaries')
    .select('module_id')
    .where('path', '=', path)
    .executeTakeFirst();
  return row?.module_id ?? null;
}

export async function modulePathsStartingWith(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('module_summaries')
    .select('path')
    .where((eb) => eb.or([eb('path', '=', prefix), eb('path', 'like', `${prefix}-%`)]))
    .execute();
  return rows.map((row) => row.path);
}

/**
 * A translation group: the original (whose id is `rootId`) and every module made from it, by
 * language then path.
 */
export async function modulesOfTranslationGroup(
  db: Db,
  rootId: string,
): Promise<{ moduleId: string; path: string; name: string; language: Language }[]> {
  const rows = await db
    .selectFrom('module_summaries')
    .select(['module_id', 'path', 'name', 'language'])
    .where((eb) => eb.or([eb(sql<string>`module_id::text`, '=', rootId), eb('origin_id', '=', rootId)]))
    .orderBy('language')
    .orderBy('path')
    .execute();
  return rows.map((row) => ({
    moduleId: row.module_id,
    path: row.path,
    name: row.name,
    language: row.language,
  }));
}
