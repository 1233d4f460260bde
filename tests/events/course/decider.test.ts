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

describe('course links to modules and files', () => {
  const moduleA = { moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a01', modulePath: 'module-a' };
  const moduleB = { moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0a02', modulePath: 'module-b' };
  const file = { fileId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0f01', filePath: 'leaflet' };
  const linkedA: CourseEvent = { type: 'CourseModuleLinked', data: { ...ref, ...moduleA } };
  const linkedB: CourseEvent = { type: 'CourseModuleLinked', data: { ...ref, ...moduleB } };
  const linkedFile: CourseEvent = { type: 'CourseFileLinked', data: { ...ref, ...file } };
  const deleted: CourseEvent = { type: 'CourseDeleted', data: { ...ref, name: details.name } };
  const table: {
    name: string;
    given: CourseEvent[];
    when: CourseCommand;
    thenEvents?: CourseEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'links a module',
      given: [created],
      when: { type: 'LinkModule', data: moduleA },
      thenEvents: [linkedA],
    },
    {
      name: 'linking a linked module changes nothing',
      given: [created, linkedA],
      when: { type: 'LinkModule', data: moduleA },
      thenEvents: [],
    },
    {
      name: 'unlinks a module',
      given: [created, linkedA],
      when: { type: 'UnlinkModule', data: moduleA },
      thenEvents: [{ type: 'CourseModuleUnlinked', data: { ...ref, ...moduleA } }],
    },
    {
      name: 'unlinking a module that is not linked changes nothing',
      given: [created, linkedB],
      when: { type: 'UnlinkModule', data: moduleA },
      thenEvents: [],
    },
    {
      name: 'a module unlinked may be linked again',
      given: [created, linkedA, { type: 'CourseModuleUnlinked', data: { ...ref, ...moduleA } }],
      when: { type: 'LinkModule', data: moduleA },
      thenEvents: [linkedA],
    },
    {
      name: 'orders its modules by the list of their paths',
      given: [created, linkedA, linkedB],
      when: { type: 'OrderModules', data: { modules: ['module-b', 'module-a'] } },
      thenEvents: [{ type: 'CourseModulesOrdered', data: { ...ref, modules: ['module-b', 'module-a'] } }],
    },
    {
      name: 'links a file',
      given: [created],
      when: { type: 'LinkFile', data: file },
      thenEvents: [linkedFile],
    },
    {
      name: 'linking a linked file changes nothing',
      given: [created, linkedFile],
      when: { type: 'LinkFile', data: file },
      thenEvents: [],
    },
    {
      name: 'unlinks a file',
      given: [created, linkedFile],
      when: { type: 'UnlinkFile', data: file },
      thenEvents: [{ type: 'CourseFileUnlinked', data: { ...ref, ...file } }],
    },
    {
      name: 'unlinking a file that is not linked changes nothing',
      given: [created],
      when: { type: 'UnlinkFile', data: file },
      thenEvents: [],
    },
    {
      name: 'a deleted course links nothing',
      given: [created, deleted],
      when: { type: 'LinkFile', data: file },
      throws: ['NOT_FOUND', 'course.notFound'],
    },
    {
      name: 'a missing course links nothing',
      given: [],
      when: { type: 'LinkModule', data: moduleA },
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

  it('keeps its linked items, in order, in the state', () => {
    const state = [
      created,
      linkedA,
      linkedB,
      linkedFile,
      { type: 'CourseModulesOrdered', data: { ...ref, modules: ['module-b', 'module-a'] } } as CourseEvent,
    ].reduce(courseDecider.evolve, courseDecider.initialState());
    expect(state.status === 'active' && state.links).toEqual({
      modules: [
        { id: moduleB.moduleId, path: 'module-b' },
        { id: moduleA.moduleId, path: 'module-a' },
      ],
      files: [{ id: file.fileId, path: 'leaflet' }],
    });
  });
});

describe('course form schema', () => {
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
