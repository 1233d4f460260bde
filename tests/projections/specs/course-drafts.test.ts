import { describe, expect, it } from 'vitest';
import { courseDrafts } from '../../../projections/course/course-drafts';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCourse } from './fixtures';

describe.each(databaseKinds)('course_drafts on %s', (kind) => {
  const spec = projectionSpec(courseDrafts, kind);
  const hygiene = aCourse('hygiene');
  const care = aCourse('care');

  it('a saved draft is a row with the whole settings', () =>
    spec
      .given(hygiene.created({ published: true }))
      .when(hygiene.draftSaved({ name: 'Hygiene at work' }))
      .thenCheck((rows) => {
        expect(rows.course_drafts).toEqual([
          expect.objectContaining({
            course_id: hygiene.courseId,
            path: 'hygiene',
            details: expect.objectContaining({ name: 'Hygiene at work', language: 'en' }),
          }),
        ]);
      }));

  it('publishing, discarding or deleting the course leaves no draft', () =>
    spec
      .given(
        hygiene.created(),
        care.created(),
        hygiene.draftSaved({ name: 'A' }),
        care.draftSaved({ name: 'B' }),
        hygiene.changesPublished({ name: 'A' }),
        care.draftDiscarded(),
        care.draftSaved({ name: 'C' }),
      )
      .when(care.deleted())
      .thenRows({ course_drafts: [] }));
});
