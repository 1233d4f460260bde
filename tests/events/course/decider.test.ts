import { describe, expect, it } from 'vitest';
import { type CourseCommand, courseInputSchema } from '../../../events/course/commands';
import { courseDecider } from '../../../events/course/decider';
import type { CourseDetails, CourseEvent } from '../../../events/course/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(courseDecider);
const courseId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0001';
const path = 'srhr-basics';
const details: CourseDetails = courseInputSchema.parse({ name: 'SRHR basics', language: 'en' });
const renamed: CourseDetails = { ...details, name: 'SRHR basics, second edition', startdate: '2027-01-01' };

const created: CourseEvent = { type: 'CourseCreated', data: { courseId, path, ...details, published: true } };
const ref = { courseId, path };

describe('course decider', () => {
  const table: {
    name: string;
    given: CourseEvent[];
    when: CourseCommand;
    thenEvents?: CourseEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'creates a published course',
      given: [],
      when: { type: 'CreateCourse', data: { courseId, path, details, ownerId: null } },
      thenEvents: [created],
    },
    {
      name: 'makes the creator the first owner',
      given: [],
      when: { type: 'CreateCourse', data: { courseId, path, details, ownerId: 'teacher-1' } },
      thenEvents: [created, { type: 'CourseOwnerAdded', data: { ...ref, userId: 'teacher-1' } }],
    },
    {
      name: 'adds an owner once',
      given: [created, { type: 'CourseOwnerAdded', data: { ...ref, userId: 'teacher-1' } }],
      when: { type: 'AddCourseOwner', data: { userId: 'teacher-1' } },
      thenEvents: [],
    },
    {
      name: 'removes an owner',
      given: [created, { type: 'CourseOwnerAdded', data: { ...ref, userId: 'teacher-1' } }],
      when: { type: 'RemoveCourseOwner', data: { userId: 'teacher-1' } },
      thenEvents: [{ type: 'CourseOwnerRemoved', data: { ...ref, userId: 'teacher-1' } }],
    },
    {
      name: 'refuses to create a course twice',
      given: [created],
      when: { type: 'CreateCourse', data: { courseId, path, details, ownerId: 'teacher-1' } },
      throws: ['CONFLICT', 'course.alreadyExists'],
    },
    {
      name: 'updates every field at once',
      given: [created],
      when: { type: 'UpdateCourse', data: { details: renamed } },
      thenEvents: [{ type: 'CourseUpdated', data: { ...ref, ...renamed } }],
    },
    {
      name: 'refuses to update a course that does not exist',
      given: [],
      when: { type: 'UpdateCourse', data: { details } },
      throws: ['NOT_FOUND', 'course.notFound'],
    },
    {
      name: 'unpublishes a published course',
      given: [created],
      when: { type: 'UnpublishCourse' },
      thenEvents: [{ type: 'CourseUnpublished', data: ref }],
    },
    {
      name: 'publishing a published course changes nothing',
      given: [created],
      when: { type: 'PublishCourse' },
      thenEvents: [],
    },
    {
      name: 'publishes an unpublished course',
      given: [created, { type: 'CourseUnpublished', data: ref }],
      when: { type: 'PublishCourse' },
      thenEvents: [{ type: 'CoursePublished', data: ref }],
    },
    {
      name: 'unpublishing an unpublished course changes nothing',
      given: [created, { type: 'CourseUnpublished', data: ref }],
      when: { type: 'UnpublishCourse' },
      thenEvents: [],
    },
    {
      name: 'deletes a course, keeping its last name for the history',
      given: [created, { type: 'CourseUpdated', data: { ...ref, ...renamed } }],
      when: { type: 'DeleteCourse' },
      thenEvents: [{ type: 'CourseDeleted', data: { ...ref, name: renamed.name } }],
    },
    {
      name: 'a deleted course cannot be changed',
      given: [created, { type: 'CourseDeleted', data: { ...ref, name: details.name } }],
      when: { type: 'PublishCourse' },
      throws: ['NOT_FOUND', 'course.notFound'],
    },
    {
      name: 'a deleted course cannot be deleted again',
      given: [created, { type: 'CourseDeleted', data: { ...ref, name: details.name } }],
      when: { type: 'DeleteCourse' },
      throws: ['NOT_FOUND', 'course.notFound'],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }
});

describe('course form schema (spec section 5)', () => {
  it('requires a name and a language', () => {
    const result = courseInputSchema.safeParse({ name: '  ' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toContainEqual(['name', 'validation.required']);
    expect(messages).toContainEqual(['language', 'validation.languageRequired']);
  });

  it('accepts only nl, fr and en', () => {
    expect(courseInputSchema.safeParse({ name: 'x', language: 'de' }).success).toBe(false);
    for (const language of ['nl', 'fr', 'en']) {
      expect(courseInputSchema.safeParse({ name: 'x', language }).success).toBe(true);
    }
  });

  it('refuses an end date before the start date, on the enddate field', () => {
    const result = courseInputSchema.safeParse({
      name: 'x',
      language: 'nl',
      startdate: '2027-05-01',
      enddate: '2027-04-30',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({
      path: ['enddate'],
      message: 'course.enddateBeforeStartdate',
    });
  });

  it('allows equal dates and a single date', () => {
    expect(
      courseInputSchema.safeParse({
        name: 'x',
        language: 'nl',
        startdate: '2027-05-01',
        enddate: '2027-05-01',
      }).success,
    ).toBe(true);
    expect(courseInputSchema.safeParse({ name: 'x', language: 'nl', enddate: '2027-05-01' }).success).toBe(
      true,
    );
  });

  it('refuses a date that is not a date', () => {
    expect(courseInputSchema.safeParse({ name: 'x', language: 'nl', startdate: '2027-13-45' }).success).toBe(
      false,
    );
  });
});
