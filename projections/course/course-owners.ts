import type { Transaction } from 'kysely';
import type { StoredOf } from '../../events/event-types';
import type { Db } from '../../server/db/tables';
import type { Projection } from '../projection';
import { toUserProfile, type UserProfile } from '../user/users';

/** Who owns which course: answers "may this teacher edit it" and "whose courses are these". */
export interface CourseOwnerTables {
  course_owners: { course_id: string; user_id: string };
}

const handles = ['CourseOwnerAdded', 'CourseOwnerRemoved', 'CourseDeleted'] as const;
type Handled = (typeof handles)[number];

async function apply(trx: Transaction<CourseOwnerTables>, event: StoredOf<Handled>) {
  switch (event.type) {
    case 'CourseOwnerAdded': {
      const { courseId, userId } = event.data;
      await trx
        .insertInto('course_owners')
        .values({ course_id: courseId, user_id: userId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'CourseOwnerRemoved': {
      const { courseId, userId } = event.data;
      await trx
        .deleteFrom('course_owners')
        .where('course_id', '=', courseId)
        .where('user_id', '=', userId)
        .execute();
      return;
    }
    case 'CourseDeleted':
      await trx.deleteFrom('course_owners').where('course_id', '=', event.data.courseId).execute();
      return;
  }
}

export const courseOwnersProjection: Projection<CourseOwnerTables> = {
  name: 'course_owners',
  version: 1,
  tables: ['course_owners'],
  handles,
  apply,
};

/** The owners of several courses in one statement (the team shown on each course), by name. */
export async function ownersOfCourses(
  db: Db,
  courseIds: readonly string[],
): Promise<{ courseId: string; user: UserProfile }[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom('course_owners')
    .innerJoin('users', 'users.user_id', 'course_owners.user_id')
    .selectAll('users')
    .select('course_owners.course_id')
    .where('course_owners.course_id', 'in', [...courseIds])
    .orderBy('users.name')
    .orderBy('users.user_id')
    .execute();
  return rows.map(({ course_id, ...row }) => ({ courseId: course_id, user: toUserProfile(row) }));
}

export async function ownersOfCourse(db: Db, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('course_owners')
    .select('user_id')
    .where('course_id', '=', courseId)
    .execute();
  return rows.map((row) => row.user_id);
}
