import { lazy } from 'react';
import { LivePart } from '../../features/classroom/components/live-part';
import type { CourseParts } from '../../features/course/parts';
import { CourseRoute, type CourseTab } from '../../features/course/routes/course';
import { LinkedFiles, LinkedModules } from '../../features/module/components/linked-content';

/** Only someone holding the course certificate sees its tab: its code loads when it is opened. */
const CertificateTab = lazy(() =>
  import('../../features/certificate/routes/course-certificate-tab').then((m) => ({
    default: m.CourseCertificateTab,
  })),
);

const parts: CourseParts = { LivePart, LinkedModules, LinkedFiles, CertificateTab };

/** The course page with what the classroom, module and certificate features draw on it. */
export function CoursePage(props: { coursePath: string; tab?: CourseTab }) {
  return <CourseRoute {...props} parts={parts} />;
}
