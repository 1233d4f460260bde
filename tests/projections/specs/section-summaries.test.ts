import { describe, it } from 'vitest';
import { sectionSummaries } from '../../../projections/section/section-summaries';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';
import { aCourse, aSection } from './fixtures';

const classroom = {
  name: 'Room',
  type: 'jitsi',
  startdate: null,
  enddate: null,
  meetingId: '',
  pwd: '',
  extraInfo: '',
  recordings: [],
  breakoutrooms: [],
  breakoutroomCountdown: 0,
  breakoutroomCountdownStarted: null,
  breakoutroomInfo: '',
};

describe.each(databaseKinds)('section_summaries on %s', (kind) => {
  const spec = projectionSpec(sectionSummaries, kind);
  const course = aCourse();
  const one = aSection(course, 'one');
  const two = aSection(course, 'two');

  it('a created section goes last in its course', () =>
    spec
      .given(one.created())
      .when(two.created({ published: true }))
      .thenRows({
        section_summaries: [
          { section_id: one.sectionId, path: 'one', course_path: course.path, position: 0, published: false },
          { section_id: two.sectionId, path: 'two', position: 1, published: true },
        ],
      }));

  it('an update replaces the details; publishing sets published', () =>
    spec
      .given(one.created())
      .when(one.updated({ name: 'Session 1', location: 'Gent' }), one.published())
      .thenRows({ section_summaries: [{ name: 'Session 1', location: 'Gent', published: true }] }));

  it('the course orders its sections', () =>
    spec
      .given(one.created(), two.created())
      .when(course.sectionsOrdered(['two', 'one']))
      .thenRows({
        section_summaries: [
          { path: 'two', position: 0 },
          { path: 'one', position: 1 },
        ],
      }));

  it('a breakout countdown sets only its start in the classroom', () =>
    spec
      .given(one.created({ classroom }))
      .when(
        event('BreakoutCountdownStarted', { ...one.ref, startedAt: '2026-11-24T10:00:00.000Z', minutes: 5 }),
      )
      .thenRows({
        section_summaries: [
          { classroom: { ...classroom, breakoutroomCountdownStarted: '2026-11-24T10:00:00.000Z' } },
        ],
      }));

  it('a countdown in a section without a classroom changes nothing', () =>
    spec
      .given(one.created())
      .when(event('BreakoutCountdownStopped', one.ref))
      .thenRows({ section_summaries: [{ classroom: null }] }));

  it('a deleted section goes; a deleted course takes all its sections', () => {
    const other = aCourse('other-course');
    const elsewhere = aSection(other, 'elsewhere');
    return spec
      .given(one.created(), two.created(), elsewhere.created())
      .when(one.deleted(), course.deleted())
      .thenRows({ section_summaries: [{ path: 'elsewhere' }] });
  });
});
