import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { parentFromSearch, parentViewHref } from '../../../ui/admin/parent-ref';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { FileForm } from './file-form';
import { useCreateFile } from './file-mutations';

/** /admin/files/new[?course=…|section=…]: a new file, linked at once to that course or section. */
export function NewFileRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('fileAdmin.newTitle'));
  const parent = parentFromSearch(useSearch());
  const create = useCreateFile();
  const [, navigate] = useLocation();
  const back = parent ? parentViewHref(parent, 'files') : '/files';

  return (
    <div className="page-narrow">
      <p className="back-link">
        <Link href={back}>← {t('fileAdmin.back')}</Link>
      </p>
      <h1>{t('fileAdmin.newTitle')}</h1>
      {parent && (
        <p className="page-lead">
          {t(parent.parentType === 'course' ? 'fileAdmin.forCourse' : 'fileAdmin.forSection', {
            path: parent.parentPath,
          })}
        </p>
      )}
      <FileForm
        defaultValues={{ name: '', url: '', type: '' }}
        submitLabel={t('fileAdmin.create')}
        onSubmit={async (file) => {
          await create.mutateAsync({ file, parent });
          navigate(back);
        }}
      />
    </div>
  );
}
