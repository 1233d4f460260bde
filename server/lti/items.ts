import type { Db } from '../db/tables';

/** A module or course a platform may launch into: published ones only. */
export interface LtiItem {
  itemType: 'module' | 'course';
  itemId: string;
  path: string;
  name: string;
  language: string;
}

/** Where a launch leads: `/module/<path>` or `/course/<path>` of the target link, or the link's custom `module` or `course`. */
export function itemAddressOf(
  targetLinkUri: string | undefined,
  custom: Record<string, unknown> | undefined,
): { itemType: 'module' | 'course'; path: string } | null {
  for (const itemType of ['module', 'course'] as const) {
    const given = custom?.[itemType];
    if (typeof given === 'string' && given.trim()) return { itemType, path: given.trim() };
  }
  if (!targetLinkUri) return null;
  try {
    const match = /^\/(module|course)\/([^/?#]+)\/?$/.exec(new URL(targetLinkUri).pathname);
    return match ? { itemType: match[1] as 'module' | 'course', path: decodeURIComponent(match[2]!) } : null;
  } catch {
    return null;
  }
}

export async function publishedItem(db: Db, address: { itemType: 'module' | 'course'; path: string }) {
  const row =
    address.itemType === 'module'
      ? await db
          .selectFrom('module_summaries')
          .select(['module_id as itemId', 'path', 'name', 'language'])
          .where('path', '=', address.path)
          .where('published', '=', true)
          .executeTakeFirst()
      : await db
          .selectFrom('course_summaries')
          .select(['course_id as itemId', 'path', 'name', 'language'])
          .where('path', '=', address.path)
          .where('published', '=', true)
          .executeTakeFirst();
  return row ? ({ itemType: address.itemType, ...row } satisfies LtiItem) : null;
}

/** What a teacher may choose in Deep Linking: every published course and module, by name. */
export async function publishedItems(db: Db): Promise<LtiItem[]> {
  const [modules, courses] = await Promise.all([
    db
      .selectFrom('module_summaries')
      .select(['module_id as itemId', 'path', 'name', 'language'])
      .where('published', '=', true)
      .orderBy('name')
      .orderBy('path')
      .execute(),
    db
      .selectFrom('course_summaries')
      .select(['course_id as itemId', 'path', 'name', 'language'])
      .where('published', '=', true)
      .orderBy('name')
      .orderBy('path')
      .execute(),
  ]);
  return [
    ...courses.map((row) => ({ itemType: 'course' as const, ...row })),
    ...modules.map((row) => ({ itemType: 'module' as const, ...row })),
  ];
}
