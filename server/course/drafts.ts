import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import { type CourseCommand, courseInputSchema, type updateCourseSchema } from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import { courseStream } from '../../events/course/events';
import { notFound, unauthenticated } from '../../events/errors';
import { type Actor, requireCan } from '../../events/permissions';
import { type CourseDraft, draftOfCourse } from '../../projections/course/course-drafts';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { findCourseByPath } from '../../projections/course/course-summaries';
import type { Db } from '../db/tables';
import type { Platform } from '../platform';

/**
 * Drafts of a published course's settings (docs/adr/0019-drafts-of-live-content.md), kept beside the
 * settings learners see until published or discarded. Every step needs what editing the course
 * needs: the edit right or owning it.
 */
async function courseWithOwners(db: Db, path: string) {
  const course = await findCourseByPath(db, path);
  if (!course) throw notFound('course.notFound');
  return { course, owners: await ownersOfCourse(db, course.courseId) };
}

/** Saves the course form as the course's draft: learners keep the live settings. */
export async function saveCourseDraft(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof updateCourseSchema>,
) {
  const { course, owners } = await courseWithOwners(platform.database.db, input.path);
  await execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(course.courseId),
    meta,
    authorize: () => requireCan(actor, 'edit', { owners }),
    command: (state): CourseCommand => {
      if (state.status === 'absent') throw notFound('course.notFound');
      // Fields the form does not carry (the original of a translation) keep their value.
      const details = courseInputSchema.parse({ ...state.details, ...input.course });
      return { type: 'SaveCourseDraft', data: { details } };
    },
  });
}

function draftCommand(command: CourseCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const { course, owners } = await courseWithOwners(platform.database.db, path);
    await execute(platform.pipeline, {
      decider: courseDecider,
      stream: courseStream(course.courseId),
      meta,
      authorize: () => requireCan(actor, 'edit', { owners }),
      command: () => command,
    });
  };
}

/** The draft becomes the course's settings learners see. */
export const publishCourseChanges = draftCommand({ type: 'PublishCourseChanges' });
export const discardCourseDraft = draftCommand({ type: 'DiscardCourseDraft' });

export interface CourseDraftState {
  /** Learners can see the course (it is published): its form saves to a draft. */
  live: boolean;
  draft: CourseDraft | null;
}

/** Whether the course is live and its settings' draft: for those who may edit it. */
export async function courseDraftState(db: Db, actor: Actor | null, path: string): Promise<CourseDraftState> {
  if (!actor) throw unauthenticated();
  const { course, owners } = await courseWithOwners(db, path);
  requireCan(actor, 'edit', { owners });
  return { live: course.published, draft: await draftOfCourse(db, course.courseId) };
}
