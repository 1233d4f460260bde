import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { roleActions } from '../../../../events/permissions';
import { CheckboxField } from '../../../ui/form';

type ActionValues = { actions?: Partial<Record<(typeof roleActions)[number], boolean>> };

/** One checkbox per action a role can grant, each with what it allows. */
export function RoleActionsFields<T extends ActionValues>({
  register,
  disabled = false,
}: {
  register: UseFormRegister<T>;
  disabled?: boolean;
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
            description={t(`roleActions.${action}.description`)}
          >
            {(control) => <input {...control} {...reg(`actions.${action}`)} type="checkbox" />}
          </CheckboxField>
        ))}
      </div>
    </fieldset>
  );
}
