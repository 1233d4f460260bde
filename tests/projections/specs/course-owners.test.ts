import { describe, it } from 'vitest';
import { courseOwnersProjection } from '../../../projections/course/course-owners';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCourse } from './fixtures';

describe.each(databaseKinds)('course_owners on %s', (kind) => {
  const spec = projectionSpec(courseOwnersProjection, kind);
  const course = aCourse();

  it('an added owner is a row, added twice still one', () =>
    spec
      .given()
      .when(course.ownerAdded('teacher-1'), course.ownerAdded('teacher-1'), course.ownerAdded('teacher-2'))
      .thenRows({
        course_owners: [
          { course_id: course.courseId, user_id: 'teacher-1' },
          { course_id: course.courseId, user_id: 'teacher-2' },
        ],
      }));

  it('a removed owner goes, the others stay', () =>
    spec
      .given(course.ownerAdded('teacher-1'), course.ownerAdded('teacher-2'))
      .when(course.ownerRemoved('teacher-1'))
      .thenRows({ course_owners: [{ user_id: 'teacher-2' }] }));

  it('a deleted course has no owners left, another course keeps its own', () => {
    const other = aCourse('other');
    return spec
      .given(course.ownerAdded('teacher-1'), other.ownerAdded('teacher-1'))
      .when(course.deleted())
      .thenRows({ course_owners: [{ course_id: other.courseId, user_id: 'teacher-1' }] });
  });
});
