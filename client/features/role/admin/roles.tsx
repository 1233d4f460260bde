import './roles.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { roleActions } from '../../../../events/permissions';
import { useRoles } from '../../../ui/admin/api/get-roles';
import { ListQuery, listLoading } from '../../../ui/list-query';
import { useDocumentTitle } from '../../../ui/use-document-title';

/** /admin/roles: the configured roles and what each allows. 'admin' is built in, with every right. */
export function RolesRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminRoles.title'));
  const roles = useRoles();
  const loading = listLoading(roles);

  const list = () => (
    <ListQuery query={roles} loadError={t('adminRoles.loadError')} empty={t('adminRoles.empty')}>
      {(items) => (
        <ul className="role-list">
          {items.map((role) => {
            const granted = roleActions.filter((action) => role.actions[action]);
            return (
              <li key={role._id} className="role-list__item">
                <h2 className="role-list__name">
                  <Link href={`/roles/${encodeURIComponent(role.name)}`}>{role.name}</Link>
                </h2>
                <p className="badges">
                  {granted.length === 0 ? (
                    <span className="badge badge--muted">{t('adminRoles.noActions')}</span>
                  ) : (
                    granted.map((action) => (
                      <span key={action} className="badge">
                        {t(`roleActions.${action}.label`)}
                      </span>
                    ))
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </ListQuery>
  );

  return (
    <>
      <div className="page-header">
        <h1>{t('adminRoles.title')}</h1>
        <div className="page-header__actions">
          <Link href="/roles/new-role" className="button button--small">
            {t('adminRoles.new')}
          </Link>
        </div>
      </div>
      <p className="page-lead">{t('adminRoles.adminBuiltIn')}</p>
      <section aria-busy={loading} aria-label={t('adminRoles.title')}>
        {list()}
      </section>
    </>
  );
}
