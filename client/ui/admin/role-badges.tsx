import { useTranslation } from 'react-i18next';

/** The roles a user holds as badges; someone without a role is a plain 'User'. */
export function RoleBadges({ roles }: { roles: string[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <span className="badge badge--muted">{t('adminUsers.plainUser')}</span>;
  return (
    <span className="badges">
      {roles.map((role) => (
        <span key={role} className={role === 'admin' ? 'badge badge--strong' : 'badge'}>
          {role}
        </span>
      ))}
    </span>
  );
}
