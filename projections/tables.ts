import type { CourseOwnerTables } from './course/course-owners';
import type { CourseSummaryTables } from './course/course-summaries';
import type { RolesTable } from './role/roles';
import type { SectionTables } from './section/section-summaries';
import type { UserTables } from './user/users';

export type ProjectionTables = CourseSummaryTables &
  CourseOwnerTables &
  SectionTables &
  UserTables & { roles: RolesTable };
