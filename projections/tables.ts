import type { CourseOwnerTables } from './course/course-owners';
import type { CourseSummaryTables } from './course/course-summaries';
import type { ModuleOwnerTables } from './module/module-owners';
import type { ModuleSummaryTables } from './module/module-summaries';
import type { PageTables } from './page/page-summaries';
import type { RolesTable } from './role/roles';
import type { SectionTables } from './section/section-summaries';
import type { UserTables } from './user/users';

export type ProjectionTables = CourseSummaryTables &
  CourseOwnerTables &
  SectionTables &
  ModuleSummaryTables &
  ModuleOwnerTables &
  PageTables &
  UserTables & { roles: RolesTable };
