import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { CurrentUser } from '../../../lib/auth';
import { useModule } from '../../../ui/admin/api/modules';
import { ModuleQueryState } from '../../../ui/admin/module-query-state';
import { moduleRights } from '../../../ui/admin/module-rights';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { pageFormValues } from './editor/elements';
import { PageEditor } from './editor/page-editor';
import { useCreatePage } from './pages';

/** /admin/pages/new?module={modulePath}: a new page at the end of that module. */
export function NewPageRoute({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('pageAdmin.newTitle'));
  const modulePath = new URLSearchParams(useSearch()).get('module') ?? '';
  const module = useModule(modulePath, modulePath !== '');
  const create = useCreatePage();
  const [, navigate] = useLocation();

  if (!modulePath) {
    return (
      <div className="page-narrow">
        <h1>{t('pageAdmin.newTitle')}</h1>
        <p className="page-lead">{t('pageAdmin.pickModule')}</p>
        <p>
          <Link href="/modules">{t('moduleAdmin.backToList')}</Link>
        </p>
      </div>
    );
  }
  if (module.isPending || module.isError) return <ModuleQueryState query={module} />;
  const rights = moduleRights(viewer, module.data);

  return (
    <div className="page-editor-route">
      <p className="back-link">
        <Link href={`/modules/${module.data.path}/pages`}>← {module.data.name}</Link>
      </p>
      <h1>{t('pageAdmin.newTitle')}</h1>
      <p className="page-lead">{t('pageAdmin.newLead', { name: module.data.name })}</p>
      <PageEditor
        defaultValues={pageFormValues(null)}
        readOnly={!rights.addPages}
        submitLabel={t('pageAdmin.create')}
        save={async (values) => {
          const created = await create.mutateAsync({
            parentType: 'module',
            parentPath: modulePath,
            page: values,
          });
          navigate(`/pages/${created.path}`, { state: { notice: 'pageCreated' } });
          return null;
        }}
      >
        <Link href={`/modules/${module.data.path}/pages`} className="button button--ghost">
          {t('dialog.cancel')}
        </Link>
      </PageEditor>
    </div>
  );
}
