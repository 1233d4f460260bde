import type { ComponentType } from 'react';
import type { CourseSection } from '../../lib/course-sections';

type Classroom = NonNullable<CourseSection['classroom']>;
type Parent = { parentType: 'course' | 'section'; parentPath: string };

/**
 * What the course page shows that other features draw: a section's live part (classroom), the
 * modules and documents linked to the course or a section (module), and the Your Certificate tab
 * (certificate). The app's page composes them (client/app/pages/course-page.tsx), so the course
 * feature imports none of those features.
 */
export interface CourseParts {
  LivePart: ComponentType<{
    section: CourseSection & { classroom: Classroom };
    coursePath: string;
    now: Date;
  }>;
  LinkedModules: ComponentType<{ parent: Parent; base: string }>;
  LinkedFiles: ComponentType<{ parent: Parent }>;
  CertificateTab: ComponentType<{ coursePath: string }>;
}
