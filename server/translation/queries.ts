import { sql } from 'kysely';
import { type Actor, requireCan } from '../../events/permissions';
import type { Language } from '../../events/shared/fields';
import { courseFactsFrom, keepVisibleCourses, visibleCourse } from '../course/queries';
import type { Db } from '../db/tables';

export interface TranslationItem {
  path: string;
  name: string;
  language: Language;
  isOriginal: boolean;
}

export interface TranslationGroup {
  kind: 'course' | 'module';
  originId: string;
  items: TranslationItem[];
}

interface Member {
  id: string;
  origin_id: string | null;
  path: string;
  name: string;
  language: Language;
}

/** Every original with at least one translation, the original first, then by language and path. */
function groupsOf(kind: TranslationGroup['kind'], members: Member[]): TranslationGroup[] {
  const origins = [...new Set(members.flatMap((member) => (member.origin_id ? [member.origin_id] : [])))];
  return origins.map((originId) => {
    const items = members
      .filter((member) => member.id === originId || member.origin_id === originId)
      .map((member) => ({
        path: member.path,
        name: member.name,
        language: member.language,
        isOriginal: member.id === originId,
      }))
      .sort(
        (a, b) =>
          Number(b.isOriginal) - Number(a.isOriginal) ||
          a.language.localeCompare(b.language) ||
          a.path.localeCompare(b.path),
      );
    return { kind, originId, items };
  });
}

/** The translation groups of courses and modules (tRPC `translation.groups`, the translations list). */
export async function translationGroups(db: Db, actor: Actor | null): Promise<TranslationGroup[]> {
  requireCan(actor, 'view');
  const courses = await db
    .selectFrom('course_summaries')
    .select([sql<string>`course_id::text`.as('id'), 'origin_id', 'path', 'name', 'language'])
    .where((eb) =>
      eb.or([
        eb('origin_id', 'is not', null),
        eb(sql<string>`course_id::text`, 'in', eb.selectFrom('course_summaries as t').select('t.origin_id')),
      ]),
    )
    .orderBy('path')
    .execute();
  const modules = await db
    .selectFrom('module_summaries')
    .select([sql<string>`module_id::text`.as('id'), 'origin_id', 'path', 'name', 'language'])
    .where((eb) =>
      eb.or([
        eb('origin_id', 'is not', null),
        eb(sql<string>`module_id::text`, 'in', eb.selectFrom('module_summaries as t').select('t.origin_id')),
      ]),
    )
    .orderBy('path')
    .execute();
  return [...groupsOf('course', courses), ...groupsOf('module', modules)];
}

/**
 * The course's translation group, itself included (tRPC `translation.ofCourse`, GraphQL
 * courseTranslationsPaths): the members this actor may open (the course rule).
 */
export async function courseTranslations(
  db: Db,
  actor: Actor | null,
  path: string,
): Promise<{ path: string; name: string; language: Language }[]> {
  const course = await visibleCourse(db, actor, path);
  const rootId = course.originId ?? course.courseId;
  const members = await db
    .selectFrom('course_summaries')
    .select([sql<string>`course_id::text`.as('courseId'), 'path', 'name', 'language', 'published', 'public'])
    .where((eb) => eb.or([eb(sql<string>`course_id::text`, '=', rootId), eb('origin_id', '=', rootId)]))
    .orderBy('language')
    .orderBy('path')
    .execute();
  const visible = await keepVisibleCourses(actor, members, await courseFactsFrom(db, actor, members));
  return visible.map(({ path, name, language }) => ({ path, name, language }));
}
