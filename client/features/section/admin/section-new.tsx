import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useCreateSection } from '../../../ui/admin/api/section-mutations';
import { Empty } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { SectionForm, sectionFormValues } from './section-form';

/** /admin/sections/new?course={coursePath}: a new section of that course (published by default). */
export function NewSectionRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('sectionAdmin.newTitle'));
  const coursePath = new URLSearchParams(useSearch()).get('course');
  const create = useCreateSection();
  const [, navigate] = useLocation();

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href={coursePath ? `/courses/${coursePath}/sections` : '/courses'}>
          ← {coursePath ? t('sectionAdmin.backToCourse') : t('courseAdmin.backToList')}
        </Link>
      </p>
      <h1>{t('sectionAdmin.newTitle')}</h1>
      {coursePath ? (
        <SectionForm
          defaultValues={sectionFormValues()}
          submitLabel={t('sectionAdmin.create')}
          onSubmit={async (section) => {
            await create.mutateAsync({ parentType: 'course', parentPath: coursePath, section });
            navigate(`/courses/${coursePath}/sections`);
          }}
        />
      ) : (
        <Empty>{t('sectionAdmin.needsCourse')}</Empty>
      )}
    </div>
  );
}
