import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { CourseList } from '../components/course-list';

/** /course: every published course. */
export function CoursesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('courses.title'));
  return (
    <>
      <h1 id="page-title">{t('courses.title')}</h1>
      <CourseList labelledBy="page-title" />
    </>
  );
}
