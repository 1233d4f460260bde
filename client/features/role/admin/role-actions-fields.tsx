import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type RoleAction, roleActions } from '../../../../events/permissions';
import type { roleInputSchema } from '../../../../events/role/commands';
import { CheckboxField } from '../../../ui/form';

/** The part of a role form these fields fill: the role input's actions. */
type ActionValues = Pick<z.input<typeof roleInputSchema>, 'actions'>;

/**
 * One checkbox per action a role can grant, each with what it allows. An action in `locked` (one
 * the editor lacks and the role did not have) cannot be ticked: a role editor gives no action they
 * do not hold themselves, and the box says so.
 */
export function RoleActionsFields<T extends ActionValues>({
  register,
  disabled = false,
  locked = [],
}: {
  register: UseFormRegister<T>;
  disabled?: boolean;
  locked?: readonly RoleAction[];
}) {
  const { t } = useTranslation();
  const reg = register as unknown as UseFormRegister<ActionValues>;
  return (
    <fieldset className="form-section" disabled={disabled}>
      <legend className="form-section__title">{t('adminRoles.actions')}</legend>
      <div className="checkbox-grid">
        {roleActions.map((action) => (
          <CheckboxField
            key={action}
            label={t(`roleActions.${action}.label`)}
            description={
              locked.includes(action)
                ? `${t(`roleActions.${action}.description`)} ${t('adminRoles.notYours')}`
                : t(`roleActions.${action}.description`)
            }
          >
            {(control) => (
              <input
                {...control}
                {...reg(`actions.${action}`, { disabled: locked.includes(action) })}
                type="checkbox"
              />
            )}
          </CheckboxField>
        ))}
      </div>
    </fieldset>
  );
}
