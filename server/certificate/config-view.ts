import type { CertificateKind } from '../../events/certificate/events';
import { forbidden, notFound, unauthenticated } from '../../events/errors';
import { type Actor, can } from '../../events/permissions';
import { ownersOfCourse } from '../../projections/course/course-owners';
import { findCourseByPath } from '../../projections/course/course-summaries';
import { ownersOfModule } from '../../projections/module/module-owners';
import { findModuleByPath } from '../../projections/module/module-summaries';
import type { Platform } from '../platform';
import { configOrDefault } from './queries';

/**
 * The certificate-config view's data: the config (the default one when none was saved), the item's
 * name, language and course facts for the live preview, and whether the viewer may save it.
 */
export async function certificateConfigView(
  platform: Platform,
  actor: Actor | null,
  kind: CertificateKind,
  path: string,
) {
  if (!actor) throw unauthenticated();
  const db = platform.database.db;
  if (kind === 'module') {
    const module = await findModuleByPath(db, path);
    if (!module) throw notFound('module.notFound');
    const owners = await ownersOfModule(db, module.moduleId);
    if (!can(actor, 'view') && !can(actor, 'edit', { owners })) throw forbidden();
    return {
      kind,
      path: module.path,
      name: module.name,
      language: module.language,
      course: null,
      canEdit: can(actor, 'edit', { owners }),
      config: await configOrDefault(db, 'module', module.moduleId),
    };
  }
  const course = await findCourseByPath(db, path);
  if (!course) throw notFound('course.notFound');
  const owners = await ownersOfCourse(db, course.courseId);
  if (!can(actor, 'view') && !can(actor, 'edit', { owners })) throw forbidden();
  return {
    kind,
    path: course.path,
    name: course.name,
    language: course.language,
    course: {
      startdate: course.startdate,
      enddate: course.enddate,
      teacher: course.teacher,
      location: course.location,
    },
    canEdit: can(actor, 'edit', { owners }),
    config: await configOrDefault(db, 'course', course.courseId),
  };
}
