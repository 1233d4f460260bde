import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../form';

/**
 * The roles to give someone: 'admin' plus every configured role (docs/guide/users-and-roles.md). Only an
 * administrator may give or take 'admin'; for anyone else that box is shown but locked. The roles
 * in `locked` (their actions go beyond the giver's) cannot be newly given, only kept or taken away.
 */
export function RoleChoice({
  roleNames,
  value,
  onChange,
  adminAllowed,
  locked = [],
  disabled = false,
}: {
  roleNames: string[];
  value: string[];
  onChange: (roles: string[]) => void;
  adminAllowed: boolean;
  locked?: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const names = ['admin', ...roleNames.filter((name) => name !== 'admin')];
  // A role the user holds that no longer exists stays visible, so it can be taken away.
  const all = [...names, ...value.filter((name) => !names.includes(name))];
  const toggle = (name: string, on: boolean) =>
    onChange(on ? [...value.filter((role) => role !== name), name] : value.filter((role) => role !== name));

  return (
    <fieldset className="form-section" disabled={disabled}>
      <legend className="form-section__title">{t('adminUsers.roles')}</legend>
      <div className="checkbox-grid">
        {all.map((name) => (
          <CheckboxField
            key={name}
            label={name}
            description={
              name === 'admin'
                ? adminAllowed
                  ? t('adminUsers.adminRole')
                  : t('adminUsers.adminRoleLocked')
                : locked.includes(name)
                  ? t('role.grantBeyondYours')
                  : undefined
            }
          >
            {(control) => (
              <input
                {...control}
                type="checkbox"
                checked={value.includes(name)}
                disabled={
                  (name === 'admin' && !adminAllowed) || (locked.includes(name) && !value.includes(name))
                }
                onChange={(event) => toggle(name, event.target.checked)}
              />
            )}
          </CheckboxField>
        ))}
      </div>
      <p className="field__hint">{t('adminUsers.noRoleHint')}</p>
    </fieldset>
  );
}
