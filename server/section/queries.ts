import { notFound } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import type { AnyDb } from '../../projections/db';
import {
  findSectionByPath,
  type SectionSummary,
  sectionsOfCourse,
} from '../../projections/section/section-summaries';
import { visibleCourse } from '../course/queries';

/**
 * The read rules for sections, shared by tRPC (`section.listByCourse`, `section.byPath`) and
 * GraphQL (`course { sections }`, `section`): learners see published sections of a course they
 * may see; holders of the view or edit right see every section.
 */
export const seesUnpublishedSections = (actor: Actor | null): boolean =>
  can(actor, 'view') || can(actor, 'edit');

/** Keeps, of a course's sections, those this actor may see (for sections loaded in a batch). */
export const sectionsVisibleTo = (actor: Actor | null, sections: SectionSummary[]): SectionSummary[] =>
  seesUnpublishedSections(actor) ? sections : sections.filter((section) => section.published);

/**
 * Meeting credentials are for signed-in users only: anonymous visitors of a public course see the
 * classroom, but not its meeting id and password.
 */
export function withoutCredentialsFor(actor: Actor | null, section: SectionSummary): SectionSummary {
  if (actor || !section.classroom) return section;
  return { ...section, classroom: { ...section.classroom, meetingId: '', pwd: '' } };
}

/** A course's sections in order, if this actor may see the course; otherwise NotFound. */
export async function visibleSectionsOfCourse(
  db: AnyDb,
  actor: Actor | null,
  coursePath: string,
): Promise<SectionSummary[]> {
  await visibleCourse(db, actor, coursePath);
  const sections = await sectionsOfCourse(
    db,
    coursePath,
    seesUnpublishedSections(actor) ? {} : { published: true },
  );
  return sections.map((section) => withoutCredentialsFor(actor, section));
}

/** One section by path, if this actor may see it and its course; otherwise (or when absent) NotFound. */
export async function visibleSection(db: AnyDb, actor: Actor | null, path: string): Promise<SectionSummary> {
  const section = await findSectionByPath(db, path);
  if (!section || (!section.published && !seesUnpublishedSections(actor))) throw notFound('section.notFound');
  await visibleCourse(db, actor, section.parentPath);
  return withoutCredentialsFor(actor, section);
}
