import type { Migration, MigrationProvider } from 'kysely/migration';
import * as createEvents from './2026_11_22_07_00_00_create_events';
import * as createCourseSummaries from './2026_11_22_07_10_00_create_course_summaries';

/** Listed statically (not read from disk) so the bundled binary carries them. Append only. */
const migrations: Record<string, Migration> = {
  '2026_11_22_07_00_00_create_events': createEvents,
  '2026_11_22_07_10_00_create_course_summaries': createCourseSummaries,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
