import { describe, expect, it } from 'vitest';
import { courseSummaries } from '../../../projections/course/course-summaries';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCourse } from './fixtures';

describe.each(databaseKinds)('course_summaries on %s', (kind) => {
  const spec = projectionSpec(courseSummaries, kind);
  const course = aCourse();

  it('a created course is a row, published as it was created', () =>
    spec
      .given()
      .when(course.created())
      .thenRows({
        course_summaries: [
          {
            course_id: course.courseId,
            path: course.path,
            name: 'Family planning',
            published: false,
            version: 1,
          },
        ],
      }));

  it('an update replaces the details, and the update time moves past the creation time', () =>
    spec
      .given(course.created())
      .when(course.updated({ name: 'Contraception', language: 'fr', onHome: true }))
      .thenCheck(({ course_summaries: rows }) => {
        expect(rows).toHaveLength(1);
        expect(rows![0]).toMatchObject({ name: 'Contraception', language: 'fr', on_home: true, version: 2 });
        expect(Date.parse(rows![0]!.updated_at as string)).toBeGreaterThan(
          Date.parse(rows![0]!.created_at as string),
        );
      }));

  it('publishing and unpublishing set published, the last one winning', () =>
    spec
      .given(course.created(), course.published())
      .when(course.unpublished(), course.published())
      .thenRows({ course_summaries: [{ published: true, version: 4 }] }));

  it('a deleted course leaves no row, and the others stay', () => {
    const other = aCourse('other-course');
    return spec
      .given(course.created(), other.created())
      .when(course.deleted())
      .thenRows({ course_summaries: [{ course_id: other.courseId }] });
  });

  it('a creation applied again changes nothing', () =>
    spec
      .given(course.created(), course.published())
      .when(course.created())
      .thenRows({ course_summaries: [{ published: true, version: 2 }] }));

  it('published changes replace the live settings; a draft alone changes nothing', () =>
    spec
      .given(course.created({ published: true }), course.draftSaved({ name: 'Draft name' }))
      .when(course.changesPublished({ name: 'Family planning in practice' }))
      .thenRows({ course_summaries: [{ name: 'Family planning in practice', published: true }] }));
});
