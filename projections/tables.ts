import type { CourseSummaryTables } from './course/course-summaries';

export type ProjectionTables = CourseSummaryTables;
