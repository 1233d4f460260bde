import type { CourseOwnerTables } from './course/course-owners';
import type { CourseSummaryTables } from './course/course-summaries';
import type { RolesTable } from './role/roles';
import type { UserTables } from './user/users';

export type ProjectionTables = CourseSummaryTables & CourseOwnerTables & UserTables & { roles: RolesTable };
