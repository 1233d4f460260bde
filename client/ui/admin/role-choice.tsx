import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsBeyond } from '../../../events/escalation';
import type { CurrentUser } from '../../lib/auth';
import { CheckboxField } from '../form';
import { ErrorPanel, Loading } from '../status';
import { useRoles } from './api/get-roles';

/** What a RoleChoice needs from the configured roles, or what to show until they are there. */
type RoleChoiceState =
  | { ready: true; props: { roleNames: string[]; adminAllowed: boolean; locked: string[] } }
  | { ready: false; view: ReactNode };

/**
 * Loads the configured roles for a RoleChoice of `viewer` (a spinner, or the failure with a retry,
 * until they are there). A role newly given carries only actions the giver holds: a role with
 * more is locked, unless the person already `holds` it.
 */
export function useRoleChoice(viewer: CurrentUser | null, holds: readonly string[] = []): RoleChoiceState {
  const { t } = useTranslation();
  const roles = useRoles();
  if (roles.isPending) return { ready: false, view: <Loading /> };
  if (roles.isError) {
    return {
      ready: false,
      view: (
        <ErrorPanel
          message={t('adminRoles.loadError')}
          onRetry={() => void roles.refetch()}
          error={roles.error}
        />
      ),
    };
  }
  const beyond = (role: (typeof roles.data)[number]) =>
    viewer !== null && !holds.includes(role.name) && actionsBeyond(viewer, role.actions).length > 0;
  return {
    ready: true,
    props: {
      roleNames: roles.data.map((role) => role.name),
      adminAllowed: viewer?.roles.includes('admin') ?? false,
      locked: roles.data.filter(beyond).map((role) => role.name),
    },
  };
}

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
