import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DangerZone } from '../../../ui/danger-zone';
import { useDeleteMe } from '../api/delete-me';

/** Erasing one's own account, after a confirmation; then the login page says it is done. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeleteMe();
  return (
    <DangerZone
      id="delete-account-title"
      title={t('profile.deleteTitle')}
      text={t('profile.deleteText')}
      buttonLabel={t('profile.delete')}
      confirmMessage={t('profile.deleteConfirm')}
      confirmLabel={t('profile.deleteConfirmButton')}
      removal={remove}
      run={() => remove.mutateAsync()}
      // Signed out by now (this page has already been left): the login page says it is done.
      onDone={() => navigate('~/login', { replace: true, state: { notice: 'accountDeleted' } })}
    />
  );
}
