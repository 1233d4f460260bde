import { describe, it } from 'vitest';
import { courseInputSchema } from '../../events/course/commands';
import { courseDecider } from '../../events/course/decider';
import type { CourseEvent } from '../../events/course/events';
import { moduleInputSchema } from '../../events/module/commands';
import { moduleDecider } from '../../events/module/decider';
import type { ModuleEvent } from '../../events/module/events';
import { sectionInputSchema } from '../../events/section/commands';
import { sectionDecider } from '../../events/section/decider';
import type { SectionEvent } from '../../events/section/events';
import { deciderSpec } from './decider-spec';

/**
 * Publication inside the create and update commands of courses, modules and sections: a new item
 * carries its publication in its created event, and an update appends its change and the
 * publication together, one decision (a publication that is already so adds nothing).
 */
describe('publication inside create and update', () => {
  const courseId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201';
  const course = courseInputSchema.parse({ name: 'SRHR basics', language: 'en' });
  const courseRef = { courseId, path: 'srhr-basics' };
  const courseCreated = (published: boolean): CourseEvent => ({
    type: 'CourseCreated',
    data: { ...courseRef, ...course, published },
  });
  const courses = deciderSpec(courseDecider);

  it('creates a course unpublished when asked, published by default', () => {
    const data = { ...courseRef, details: course, ownerId: null };
    courses([])
      .when({ type: 'CreateCourse', data: { ...data, published: false } })
      .thenEvents([courseCreated(false)]);
    courses([])
      .when({ type: 'CreateCourse', data })
      .thenEvents([courseCreated(true)]);
  });

  it('updates a course and its publication in one decision', () => {
    const update = (published?: boolean) => ({
      type: 'UpdateCourse' as const,
      data: { details: course, published },
    });
    const updated: CourseEvent = { type: 'CourseUpdated', data: { ...courseRef, ...course } };
    courses([courseCreated(true)])
      .when(update(false))
      .thenEvents([updated, { type: 'CourseUnpublished', data: courseRef }]);
    courses([courseCreated(false)])
      .when(update(true))
      .thenEvents([updated, { type: 'CoursePublished', data: courseRef }]);
    courses([courseCreated(true)])
      .when(update(true))
      .thenEvents([updated]);
    courses([courseCreated(true)])
      .when(update())
      .thenEvents([updated]);
  });

  const moduleId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0202';
  const module = moduleInputSchema.parse({ name: 'Consent', language: 'en' });
  const moduleRef = { moduleId, path: 'consent' };
  const moduleCreated = (published: boolean): ModuleEvent => ({
    type: 'ModuleCreated',
    data: { ...moduleRef, ...module, published },
  });
  const modules = deciderSpec(moduleDecider);

  it('creates and updates a module with its publication', () => {
    modules([])
      .when({
        type: 'CreateModule',
        data: { ...moduleRef, details: module, ownerId: null, published: false },
      })
      .thenEvents([moduleCreated(false)]);
    modules([moduleCreated(false)])
      .when({ type: 'UpdateModule', data: { details: module, published: true } })
      .thenEvents([
        { type: 'ModuleUpdated', data: { ...moduleRef, ...module } },
        { type: 'ModulePublished', data: moduleRef },
      ]);
  });

  const sectionId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0203';
  const section = sectionInputSchema.parse({ name: 'Week 1', language: 'nl' });
  const sectionRef = { sectionId, path: 'week-1' };
  const sectionCreated = (published: boolean): SectionEvent => ({
    type: 'SectionCreated',
    data: { ...sectionRef, parentType: 'course', parentPath: 'srhr-basics', ...section, published },
  });
  const sections = deciderSpec(sectionDecider);

  it('creates and updates a section with its publication', () => {
    sections([])
      .when({
        type: 'CreateSection',
        data: { ...sectionRef, parentPath: 'srhr-basics', details: section, published: false },
      })
      .thenEvents([sectionCreated(false)]);
    sections([sectionCreated(true)])
      .when({ type: 'UpdateSection', data: { details: section, published: false } })
      .thenEvents([
        { type: 'SectionUpdated', data: { ...sectionRef, ...section } },
        { type: 'SectionUnpublished', data: sectionRef },
      ]);
  });
});
