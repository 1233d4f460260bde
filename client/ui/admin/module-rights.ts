import { type CurrentUser, hasRule } from '../../lib/auth';
import type { ModuleDetail } from './api/modules';

/**
 * What the viewer may do with this module: the rights the server sends with it (the one module
 * rule), plus a copy by the create rule (the module opened for them, so they may copy it). The
 * module, page and result screens all ask it.
 */
export function moduleRights(viewer: CurrentUser, module: Pick<ModuleDetail, 'rights' | 'courseTeacher'>) {
  return {
    ...module.rights,
    /** Duplicate and translate: the create rule, on a module the viewer could open. */
    create: hasRule(viewer, 'create'),
    /** New and duplicated pages: the module's edit right or owning it, never the create rule alone. */
    addPages: module.rights.edit,
    /** Teaches it only through a course: reaches that course's participants, not the module itself. */
    courseTeacher: module.courseTeacher,
  };
}
export type ModuleRights = ReturnType<typeof moduleRights>;
