import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import type { CourseCommand } from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { invalid, notFound, unauthenticated } from '../../events/errors';
import { type Actor, requireCan } from '../../events/permissions';
import {
  type createSectionSchema,
  type SectionCommand,
  sectionInputSchema,
} from '../../events/section/commands';
import { sectionDecider } from '../../events/section/decider';
import { type SectionDetails, sectionStream } from '../../events/section/events';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { courseIdByPath } from '../../projections/course/course-summaries';
import {
  findSectionByPath,
  type SectionSummary,
  sectionPathsStartingWith,
  sectionsOfCourse,
} from '../../projections/section/section-summaries';
import { freePath, typedOrFromName } from '../content/free-path';
import type { Platform } from '../platform';

async function parentCourse(platform: Platform, coursePath: string) {
  const courseId = await courseIdByPath(platform.database.db, coursePath);
  if (!courseId) throw notFound('course.notFound');
  // A course's owners look after its sections too.
  return { courseId, owners: await ownersOfCourse(platform.database.db, courseId) };
}

/**
 * A section is a child of its course: adding one (new, a duplicate, or a course copy's) needs the
 * edit right or owning the course, as changing the course does (the one ownership rule).
 */
export async function createSection(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createSectionSchema>,
) {
  if (!actor) throw unauthenticated();
  const { owners } = await parentCourse(platform, input.parentPath);
  requireCan(actor, 'edit', { owners });
  const sectionId = uuidv7();
  const outcome = await execute(platform.pipeline, {
    decider: sectionDecider,
    stream: sectionStream(sectionId),
    meta,
    authorize: () => {},
    command: async (_state, trx): Promise<SectionCommand> => ({
      type: 'CreateSection',
      data: {
        sectionId,
        path: await freePath(
          trx,
          'section',
          typedOrFromName(input.path, input.section.name),
          sectionPathsStartingWith,
        ),
        parentPath: input.parentPath,
        details: input.section,
        published: input.published,
      },
    }),
  });
  return outcome.events[0]!.data.path as string;
}

/** A command on an existing section, with the right on its course (the one ownership rule). */
export function changeSection(action: 'edit' | 'delete', command: SectionCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const section = await findSectionByPath(platform.database.db, path);
    if (!section) throw notFound('section.notFound');
    const { owners } = await parentCourse(platform, section.parentPath);
    await execute(platform.pipeline, {
      decider: sectionDecider,
      stream: sectionStream(section.sectionId),
      meta,
      authorize: () => requireCan(actor, action, { owners }),
      command: () => command,
    });
  };
}

export const publishSection = changeSection('edit', { type: 'PublishSection' });
export const unpublishSection = changeSection('edit', { type: 'UnpublishSection' });
export const deleteSection = changeSection('delete', { type: 'DeleteSection' });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stored form with `changes` over it; a partial `classroom` keeps the stored room's other fields. */
function changedDetails(stored: SectionDetails, changes: Record<string, unknown>) {
  const classroom =
    isObject(changes.classroom) && stored.classroom
      ? { ...stored.classroom, ...changes.classroom }
      : changes.classroom;
  return { ...stored, ...changes, ...('classroom' in changes ? { classroom } : {}) };
}

/**
 * Changes a section in one command: the form fields `section` names over the stored ones (the admin
 * form sends them all, GraphQL only those that change), validated together against the state the
 * decision starts from, and with `published` its publication in the same batch of events. A section
 * stays in its course: a parent given (GraphQL's doc may repeat it) must be `course` and its own.
 */
export async function updateSection(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: {
    path: string;
    section?: Record<string, unknown>;
    published?: boolean;
    parentType?: unknown;
    parentPath?: unknown;
  },
) {
  const changes = input.section ?? {};
  if (Object.keys(changes).length === 0 && input.published === undefined)
    throw invalid('errors.invalidInput');
  const section = await findSectionByPath(platform.database.db, input.path);
  if (!section) throw notFound('section.notFound');
  const { owners } = await parentCourse(platform, section.parentPath);
  await execute(platform.pipeline, {
    decider: sectionDecider,
    stream: sectionStream(section.sectionId),
    meta,
    authorize: () => requireCan(actor, 'edit', { owners }),
    command: (state): SectionCommand => {
      if (state.status === 'absent') throw notFound('section.notFound');
      const parentGiven = input.parentType !== undefined || input.parentPath !== undefined;
      if (
        parentGiven &&
        (input.parentType !== 'course' ||
          (input.parentPath !== undefined && input.parentPath !== state.parentPath))
      )
        throw invalid('errors.invalidInput');
      if (Object.keys(changes).length === 0)
        return { type: input.published ? 'PublishSection' : 'UnpublishSection' };
      const details = sectionInputSchema.parse(changedDetails(state.details, changes));
      return { type: 'UpdateSection', data: { details, published: input.published } };
    },
  });
}

/** A stored section's form values (for copies). */
export const sectionDetailsOf = (section: SectionSummary): SectionDetails => ({
  name: section.name,
  language: section.language,
  info: section.info,
  originId: section.originId,
  date: section.date,
  location: section.location,
  teacher: section.teacher,
  public: section.public,
  image: section.image,
  classroom: section.classroom,
});

/**
 * A copy of the section in the same course, named '… (copy)', placed last and unpublished (the course
 * may be live: learners see the copy once an editor publishes it). Its
 * classroom comes along; its links to modules and files do not (they are linked on the copy). Like
 * any new section it needs the edit right or owning the course (who may open every section).
 */
export async function duplicateSection(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  path: string,
) {
  const section = await findSectionByPath(platform.database.db, path);
  if (!section) throw notFound('section.notFound');
  return createSection(platform, actor, meta, {
    parentType: 'course',
    parentPath: section.parentPath,
    section: { ...sectionDetailsOf(section), originId: null, name: `${section.name} (copy)`.slice(0, 200) },
    published: false,
  });
}

/**
 * Saves the course's section order as the full list of its section paths
 * (docs/guide/building-a-course.md).
 */
export async function orderSections(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; sections: string[] },
) {
  const { courseId, owners } = await parentCourse(platform, input.path);
  const current = (await sectionsOfCourse(platform.database.db, input.path)).map((section) => section.path);
  const same =
    current.length === input.sections.length && current.every((path) => input.sections.includes(path));
  if (!same) throw invalid('section.orderMismatch', [{ path: 'sections', key: 'section.orderMismatch' }]);
  await execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: () => requireCan(actor, 'edit', { owners }),
    command: (): CourseCommand => ({ type: 'OrderSections', data: { sections: input.sections } }),
  });
}
