import { sql, type Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { type CommandMeta, execute } from '../../events/command';
import type { CourseCommand, courseInputSchema, createCourseSchema } from '../../events/course/commands';
import { type CourseState, courseDecider } from '../../events/course/decider';
import { type CourseDetails, courseStream } from '../../events/course/events';
import { notFound } from '../../events/errors';
import { type Actor, requireCan } from '../../events/permissions';
import { slugify } from '../../events/shared/fields';
import { courseIdByPath, pathsStartingWith } from '../../projections/course/course-summaries';
import type { Database } from '../db';
import type { Platform } from '../platform';

type CourseInput = z.output<typeof courseInputSchema>;

const toDetails = (input: CourseInput): CourseDetails => ({ ...input });

/** The first free path for a new course: the wanted slug, else slug-2, slug-3, … */
async function freeCoursePath(trx: Transaction<Database>, wanted: string): Promise<string> {
  // Serialises course creation on PostgreSQL so two creators cannot pick the same path.
  await sql`select pg_advisory_xact_lock(hashtext('course-path'))`.execute(trx);
  const taken = new Set(await pathsStartingWith(trx, wanted));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

async function existingCourseId(platform: Platform, path: string): Promise<string> {
  const courseId = await courseIdByPath(platform.database.db, path);
  if (!courseId) throw notFound('course.notFound');
  return courseId;
}

const ownersOf = (state: CourseState) => ({ owners: state.status === 'absent' ? [] : state.owners });

export async function createCourse(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: z.output<typeof createCourseSchema>,
) {
  requireCan(actor, 'create');
  const courseId = uuidv7();
  return execute(platform.pipeline, {
    decider: courseDecider,
    stream: courseStream(courseId),
    meta,
    authorize: () => {},
    command: async (_state, trx): Promise<CourseCommand> => ({
      type: 'CreateCourse',
      data: {
        courseId,
        path: await freeCoursePath(trx, input.path ?? slugify(input.course.name)),
        details: toDetails(input.course),
        ownerId: actor?.userId && actor.userId !== 'system' ? actor.userId : null,
      },
    }),
  });
}

function changeCourse(action: 'edit' | 'delete', command: CourseCommand) {
  return async (platform: Platform, actor: Actor | null, meta: CommandMeta, path: string) => {
    const courseId = await existingCourseId(platform, path);
    return execute(platform.pipeline, {
      decider: courseDecider,
      stream: courseStream(courseId),
      meta,
      authorize: (state) => requireCan(actor, action, ownersOf(state)),
      command: () => command,
    });
  };
}

export const publishCourse = changeCourse('edit', { type: 'PublishCourse' });
export const unpublishCourse = changeCourse('edit', { type: 'UnpublishCourse' });
export const deleteCourse = changeCourse('delete', { type: 'DeleteCourse' });

export async function updateCourse(
  platform: Platform,
  actor: Actor | null,
  meta: CommandMeta,
  input: { path: string; course: CourseInput },
) {
  return changeCourse('edit', { type: 'UpdateCourse', data: { details: toDetails(input.course) } })(
    platform,
    actor,
    meta,
    input.path,
  );
}
