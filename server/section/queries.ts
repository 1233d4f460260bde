import { notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import { type CourseSummary, findCourseByPath } from '../../projections/course/course-summaries';
import {
  findSectionByPath,
  type SectionSummary,
  sectionsOfCourse,
} from '../../projections/section/section-summaries';
import { type CourseFacts, courseAccessWith, courseFactsFrom, visibleCourse } from '../course/queries';
import type { Db } from '../db/tables';
import { type ItemAccess, keepOpen } from '../visibility';

/**
 * What opening the section answers this actor (server/visibility.ts), shared by tRPC
 * (`section.listByCourse`, `section.byPath`) and GraphQL (`course { sections }`, `section`): nothing
 * of a course they may not open; who manages the course (the view or edit right, its owners) every
 * section; others the published ones that are public, or that are not public but belong to a
 * course they are linked to (sections have no links of their own).
 */
export async function sectionAccessWith(
  actor: Actor | null,
  section: Pick<SectionSummary, 'published' | 'public'>,
  course: Pick<CourseSummary, 'published' | 'public'>,
  courseOwners: readonly string[],
  isLinkedToCourse: (userId: string) => Promise<boolean>,
): Promise<ItemAccess> {
  if ((await courseAccessWith(actor, course, courseOwners, isLinkedToCourse)) !== 'open') return 'hidden';
  if (can(actor, 'view') || can(actor, 'edit')) return 'open';
  if (actor && courseOwners.includes(actor.userId)) return 'open';
  if (!section.published) return 'hidden';
  if (section.public) return 'open';
  return actor && (await isLinkedToCourse(actor.userId)) ? 'open' : 'hidden';
}

/** Keeps, of one course's sections, exactly those this actor may open. */
export function keepVisibleSections(
  actor: Actor | null,
  course: CourseSummary,
  sections: readonly SectionSummary[],
  facts: CourseFacts,
): Promise<SectionSummary[]> {
  // A holder of the view or edit right opens every section: no look-ups needed.
  if (can(actor, 'view') || can(actor, 'edit')) return Promise.resolve([...sections]);
  return keepOpen(sections, async (section) =>
    sectionAccessWith(actor, section, course, await facts.owners(course), (userId) =>
      facts.linked(userId, course.path),
    ),
  );
}

/**
 * Who may enter a section's classroom, of those who may open the section (docs/guide/live-classrooms.md:
 * only registered users linked to the course, or all registered users when it is public): signed in,
 * and managing the course (the view or edit right, its owners), or the course is public, or they are
 * linked to it. Callers have checked the section's own visibility (`sectionAccessWith`).
 */
export async function mayEnterClassroomWith(
  actor: Actor | null,
  course: Pick<CourseSummary, 'public'>,
  courseOwners: readonly string[],
  isLinkedToCourse: (userId: string) => Promise<boolean>,
): Promise<boolean> {
  if (!actor) return false;
  if (can(actor, 'view') || can(actor, 'edit') || courseOwners.includes(actor.userId)) return true;
  return course.public || isLinkedToCourse(actor.userId);
}

/**
 * Of these courses (by path), the public ones, read in one statement: what `mayEnterClassroomWith`
 * asks of each course when a list of sections shows its classrooms.
 */
export async function publicCoursesAmong(db: Db, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .selectFrom('course_summaries')
    .select('path')
    .where('path', 'in', [...paths])
    .where('public', '=', true)
    .execute();
  return new Set(rows.map((row) => row.path));
}

/**
 * Meeting credentials (meetingId, pwd) reach only who may enter the classroom; everyone else who
 * may open the section sees it with them blanked.
 */
function withoutCredentialsFor(section: SectionSummary, mayEnter: boolean): SectionSummary {
  if (mayEnter || !section.classroom) return section;
  return { ...section, classroom: { ...section.classroom, meetingId: '', pwd: '' } };
}

/** A course's sections in order, those this actor may open, if they may open the course; otherwise NotFound. */
export async function visibleSectionsOfCourse(
  db: Db,
  actor: Actor | null,
  coursePath: string,
): Promise<SectionSummary[]> {
  const course = await visibleCourse(db, actor, coursePath);
  const sections = await sectionsOfCourse(db, coursePath);
  const facts = await courseFactsFrom(db, actor, [course]);
  const kept = await keepVisibleSections(actor, course, sections, facts);
  const mayEnter = await mayEnterClassroomWith(actor, course, await facts.owners(course), (userId) =>
    facts.linked(userId, course.path),
  );
  return kept.map((section) => withoutCredentialsFor(section, mayEnter));
}

/** One section by path, if this actor may open it; otherwise (or when absent) NotFound. */
export async function visibleSection(db: Db, actor: Actor | null, path: string): Promise<SectionSummary> {
  const section = await findSectionByPath(db, path);
  const course = section && (await findCourseByPath(db, section.parentPath));
  if (!section || !course) throw notFound('section.notFound');
  const facts = await courseFactsFrom(db, actor, [course]);
  const owners = await facts.owners(course);
  const linked = (userId: string) => facts.linked(userId, course.path);
  if ((await sectionAccessWith(actor, section, course, owners, linked)) !== 'open') {
    throw notFound('section.notFound');
  }
  return withoutCredentialsFor(section, await mayEnterClassroomWith(actor, course, owners, linked));
}
