import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { Empty, ErrorPanel, Loading } from '../../../ui/status';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useAdminModules } from '../api/modules';

/** /admin/modules: every module this person may see in the admin area, top level. */
export function ModuleListRoute({ viewer }: { viewer: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('moduleAdmin.title'));
  const modules = useAdminModules();
  const loading = modules.isPending || (modules.isError && modules.isFetching);

  const list = () => {
    if (loading) return <Loading />;
    if (modules.isError)
      return (
        <ErrorPanel
          message={t('modules.loadError')}
          onRetry={() => void modules.refetch()}
          error={modules.error}
        />
      );
    if (modules.data.length === 0) return <Empty>{t('moduleAdmin.empty')}</Empty>;
    return (
      <table className="data-table">
        <caption className="visually-hidden">{t('moduleAdmin.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('moduleAdmin.form.name')}</th>
            <th scope="col">{t('moduleAdmin.form.language')}</th>
            <th scope="col">{t('moduleAdmin.list.kind')}</th>
            <th scope="col">{t('moduleAdmin.list.pages')}</th>
            <th scope="col">{t('moduleAdmin.list.state')}</th>
          </tr>
        </thead>
        <tbody>
          {modules.data.map((module) => (
            <tr key={module.moduleId}>
              <th scope="row">
                <Link href={`/modules/${module.path}`}>{module.name}</Link>
              </th>
              <td data-label={t('moduleAdmin.form.language')}>{t(`languages.${module.language}`)}</td>
              <td data-label={t('moduleAdmin.list.kind')}>
                {module.test ? t('moduleAdmin.kind.test') : t('moduleAdmin.kind.normal')}
              </td>
              <td data-label={t('moduleAdmin.list.pages')}>{module.pageCount}</td>
              <td data-label={t('moduleAdmin.list.state')}>
                <span className={module.published ? 'badge' : 'badge badge--muted'}>
                  {module.published ? t('moduleAdmin.state.published') : t('moduleAdmin.state.unpublished')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  };

  return (
    <>
      <div className="page-header">
        <h1>{t('moduleAdmin.title')}</h1>
        {hasRule(viewer, 'create') && (
          <div className="page-header__actions">
            <Link href="/modules/new" className="button button--small">
              {t('moduleAdmin.new')}
            </Link>
          </div>
        )}
      </div>
      <p className="page-lead">{t('moduleAdmin.lead')}</p>
      <section aria-busy={loading} aria-label={t('moduleAdmin.title')}>
        {list()}
      </section>
    </>
  );
}
