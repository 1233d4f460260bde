import { type ColumnType, sql, type Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Language } from '../../events/shared/fields';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';
import { MATCH_END, MATCH_START, pageText, plainText } from './searchable-text';

export type SearchKind = 'course' | 'module' | 'page';

/**
 * One row per live course, module and page with the words a reader sees in it, indexed in its
 * language: answers "which items hold these words". A page takes its module's language. Drafts of
 * live content never reach it (docs/adr/0019-drafts-of-live-content.md); who may open a row is
 * decided when reading, by the items' own rules.
 */
export interface SearchItemsTable {
  item_id: string;
  kind: SearchKind;
  path: string;
  /** A page's module; null for a course or module. */
  module_path: string | null;
  language: Language;
  name: string;
  body: string;
  /** The name (weight A) and body (weight B) as the language's dictionary stems them. */
  document: ColumnType<string, never, never>;
}

export interface SearchTables {
  search_items: SearchItemsTable;
}

const handles = [
  'CourseCreated',
  'CourseUpdated',
  'CourseChangesPublished',
  'CourseDeleted',
  'ModuleCreated',
  'ModuleUpdated',
  'ModuleChangesPublished',
  'ModuleDeleted',
  'PageCreated',
  'PageUpdated',
  'PageChangesPublished',
  'PageDeleted',
] as const;
type Handled = (typeof handles)[number];

/**
 * The text search dictionary of a language column: each stems words as its language does
 * ('bevallingen' finds 'bevalling'); PGlite and PostgreSQL both ship all three
 * (docs/adr/0022-search-with-postgresql-full-text.md).
 */
const dictionaryOf = (column: string) => sql`(case ${sql.ref(column)} when 'nl' then 'dutch'::regconfig
  when 'fr' then 'french'::regconfig else 'english'::regconfig end)`;

/** The weighted document of a row's name and body in its language. */
const documentSql = sql`setweight(to_tsvector(${dictionaryOf('language')}, name), 'A')
  || setweight(to_tsvector(${dictionaryOf('language')}, body), 'B')`;

interface Item {
  itemId: string;
  kind: SearchKind;
  path: string;
  modulePath: string | null;
  language: Language;
  name: string;
  body: string;
}

async function upsert(trx: Transaction<SearchTables>, item: Item) {
  await sql`
    insert into search_items (item_id, kind, path, module_path, language, name, body, document)
    values (${item.itemId}, ${item.kind}, ${item.path}, ${item.modulePath}, ${item.language},
      ${item.name}, ${item.body}, '')
    on conflict (item_id) do update set language = excluded.language, name = excluded.name,
      body = excluded.body`.execute(trx);
  await sql`update search_items set document = ${documentSql} where item_id = ${item.itemId}`.execute(trx);
}

async function updateDetails(
  trx: Transaction<SearchTables>,
  itemId: string,
  details: { name: string; body: string; language?: Language },
) {
  await sql`
    update search_items set name = ${plainText(details.name)}, body = ${details.body},
      language = coalesce(${details.language ?? null}, language)
    where item_id = ${itemId}`.execute(trx);
  await sql`update search_items set document = ${documentSql} where item_id = ${itemId}`.execute(trx);
}

async function apply(trx: Transaction<SearchTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'CourseCreated':
    case 'ModuleCreated': {
      const { data } = event;
      const course = event.type === 'CourseCreated';
      await upsert(trx, {
        itemId: course ? event.data.courseId : event.data.moduleId,
        kind: course ? 'course' : 'module',
        path: data.path,
        modulePath: null,
        language: data.language,
        name: plainText(data.name),
        body: plainText(data.info),
      });
      return;
    }
    case 'CourseUpdated':
    case 'CourseChangesPublished':
      await updateDetails(trx, event.data.courseId, {
        name: event.data.name,
        body: plainText(event.data.info),
        language: event.data.language,
      });
      return;
    case 'ModuleUpdated':
    case 'ModuleChangesPublished': {
      const { moduleId, path, name, info, language } = event.data;
      await updateDetails(trx, moduleId, { name, body: plainText(info), language });
      // Its pages are read in the module's language.
      await sql`update search_items set language = ${language} where module_path = ${path}`.execute(trx);
      await sql`update search_items set document = ${documentSql} where module_path = ${path}`.execute(trx);
      return;
    }
    case 'PageCreated': {
      const { data } = event;
      const module = await trx
        .selectFrom('search_items')
        .select('language')
        .where('kind', '=', 'module')
        .where('path', '=', data.parentPath)
        .executeTakeFirst();
      await upsert(trx, {
        itemId: data.pageId,
        kind: 'page',
        path: data.path,
        modulePath: data.parentPath,
        language: module?.language ?? 'nl',
        name: plainText(data.name),
        body: pageText(data.content),
      });
      return;
    }
    case 'PageUpdated':
    // Published changes are the live page from now on; a draft before it changed nothing here.
    case 'PageChangesPublished':
      await updateDetails(trx, event.data.pageId, {
        name: event.data.name,
        body: pageText(event.data.content),
      });
      return;
    case 'CourseDeleted':
      await trx.deleteFrom('search_items').where('item_id', '=', event.data.courseId).execute();
      return;
    case 'ModuleDeleted':
      // The pages of a deleted module are no longer reachable.
      await trx
        .deleteFrom('search_items')
        .where((eb) =>
          eb.or([eb('item_id', '=', event.data.moduleId), eb('module_path', '=', event.data.path)]),
        )
        .execute();
      return;
    case 'PageDeleted':
      await trx.deleteFrom('search_items').where('item_id', '=', event.data.pageId).execute();
      return;
  }
}

export const searchItems: Projection<SearchTables> = {
  name: 'search_items',
  version: 1,
  tables: ['search_items'],
  handles,
  apply,
};

/** A row that holds the words, with what deciding who may open it needs. */
export interface SearchHit {
  itemId: string;
  kind: SearchKind;
  path: string;
  modulePath: string | null;
  language: Language;
  name: string;
  rank: number;
}

/** The query of each row's language: websearch syntax ("quoted phrase", -without, or). */
const matches = (q: string) => sql<boolean>`(
  (s.language = 'nl' and s.document @@ websearch_to_tsquery('dutch', ${q}))
  or (s.language = 'fr' and s.document @@ websearch_to_tsquery('french', ${q}))
  or (s.language = 'en' and s.document @@ websearch_to_tsquery('english', ${q})))`;

const rankOf = (q: string) =>
  sql<number>`ts_rank(s.document, websearch_to_tsquery(${dictionaryOf('s.language')}, ${q}))`;

/**
 * The rows holding the words of `q`, best first (those in `preferred`, the reader's language,
 * before the others), at most `limit`. The caller keeps those the reader may open.
 */
export async function searchHits(
  db: Db,
  q: string,
  preferred: Language,
  limit: number,
): Promise<SearchHit[]> {
  const { rows } = await sql<{
    item_id: string;
    kind: SearchKind;
    path: string;
    module_path: string | null;
    language: Language;
    name: string;
    rank: number;
  }>`
    select s.item_id, s.kind, s.path, s.module_path, s.language, s.name, ${rankOf(q)} as rank
    from search_items s
    where ${matches(q)}
    order by (s.language = ${preferred}) desc, rank desc, s.kind, s.path
    limit ${limit}`.execute(db);
  return rows.map((row) => ({
    itemId: row.item_id,
    kind: row.kind,
    path: row.path,
    modulePath: row.module_path,
    language: row.language,
    name: row.name,
    rank: Number(row.rank),
  }));
}

/**
 * A short passage of each item's body around the words of `q`, the matches between MATCH_START and
 * MATCH_END (one statement for all of them); an item whose body does not hold them gets its start.
 */
export async function snippetsOf(
  db: Db,
  itemIds: readonly string[],
  q: string,
): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const options = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
  const { rows } = await sql<{ item_id: string; snippet: string }>`
    select s.item_id, ts_headline(${dictionaryOf('s.language')}, s.body,
      websearch_to_tsquery(${dictionaryOf('s.language')}, ${q}), ${options}) as snippet
    from search_items s
    where s.item_id in (${sql.join([...itemIds])})`.execute(db);
  return new Map(rows.map((row) => [row.item_id, row.snippet]));
}
