import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { type CurrentUser, hasRule } from '../../../lib/auth';
import { useFiles } from '../../../ui/admin/api/get-files';
import { ListQuery, listLoading } from '../../../ui/list-query';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** /admin/files: every file the user may manage; the files of a course or section are in its views. */
export function FilesRoute({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  useDocumentTitle(t('fileAdmin.title'));
  const files = useFiles();
  const loading = listLoading(files);

  const list = () => (
    <ListQuery query={files} loadError={t('fileAdmin.loadError')} empty={t('fileAdmin.empty')}>
      {(items) => (
        <ul className="content-list">
          {items.map((file) => (
            <li key={file.path} className="content-list__item">
              <div className="content-list__main">
                <h2 className="content-list__name">
                  <Link href={`/files/${file.path}`}>{file.name}</Link>
                </h2>
                <p className="badges">
                  <span className="badge">{t(`fileAdmin.types.${file.type}`)}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ListQuery>
  );

  return (
    <>
      <div className="page-header">
        <h1>{t('fileAdmin.title')}</h1>
        {hasRule(user, 'create') && (
          <div className="page-header__actions">
            <Link href="/files/new" className="button button--small">
              {t('fileAdmin.new')}
            </Link>
          </div>
        )}
      </div>
      <p className="page-lead">{t('fileAdmin.lead')}</p>
      <section aria-busy={loading} aria-label={t('fileAdmin.title')}>
        {list()}
      </section>
    </>
  );
}
