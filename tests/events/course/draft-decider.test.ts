import { describe, expect, it } from 'vitest';
import { type CourseCommand, courseInputSchema } from '../../../events/course/commands';
import { courseDecider } from '../../../events/course/decider';
import type { CourseDetails, CourseEvent } from '../../../events/course/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(courseDecider);
const courseId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0501';
const path = 'consent-course';
const ref = { courseId, path };
const live: CourseDetails = courseInputSchema.parse({
  name: 'Consent',
  language: 'en',
  info: 'About consent.',
});
const changed: CourseDetails = { ...live, name: 'Consent and care', info: 'About consent, and about care.' };

const created: CourseEvent = { type: 'CourseCreated', data: { ...ref, ...live, published: true } };
const draftSaved: CourseEvent = { type: 'CourseDraftSaved', data: { ...ref, ...changed } };
const published: CourseEvent = { type: 'CourseChangesPublished', data: { ...ref, ...changed } };
const discarded: CourseEvent = { type: 'CourseDraftDiscarded', data: { ...ref, name: live.name } };

describe('drafts of a published course’s settings (course decider)', () => {
  const table: {
    name: string;
    given: CourseEvent[];
    when: CourseCommand;
    thenEvents?: CourseEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'saves a draft whole',
      given: [created],
      when: { type: 'SaveCourseDraft', data: { details: changed } },
      thenEvents: [draftSaved],
    },
    {
      name: 'refuses a draft of a deleted course',
      given: [created, { type: 'CourseDeleted', data: { ...ref, name: live.name } }],
      when: { type: 'SaveCourseDraft', data: { details: changed } },
      throws: ['NOT_FOUND', 'course.notFound'],
    },
    {
      name: 'publishes the draft as the live settings',
      given: [created, draftSaved],
      when: { type: 'PublishCourseChanges' },
      thenEvents: [published],
    },
    {
      name: 'refuses to publish without a draft',
      given: [created, draftSaved, published],
      when: { type: 'PublishCourseChanges' },
      throws: ['CONFLICT', 'course.noDraft'],
    },
    {
      name: 'discards the draft, naming the live course',
      given: [created, draftSaved],
      when: { type: 'DiscardCourseDraft' },
      thenEvents: [discarded],
    },
    {
      name: 'refuses to discard without a draft',
      given: [created],
      when: { type: 'DiscardCourseDraft' },
      throws: ['CONFLICT', 'course.noDraft'],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }

  it('keeps the live settings while a draft is kept, and takes the draft when published', () => {
    const fold = (events: CourseEvent[]) => events.reduce(courseDecider.evolve, courseDecider.initialState());
    expect(fold([created, draftSaved])).toMatchObject({ details: live, draft: changed, published: true });
    expect(fold([created, draftSaved, published])).toMatchObject({ details: changed, draft: null });
    expect(fold([created, draftSaved, discarded])).toMatchObject({ details: live, draft: null });
  });
});
