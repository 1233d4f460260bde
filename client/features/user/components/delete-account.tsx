import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { problemOf } from '../../../lib/forms';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { useDeleteMe } from '../api/delete-me';

/** Erasing one's own account, after a confirmation; then the login page says it is done. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const remove = useDeleteMe();

  return (
    <section className="danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{t('profile.deleteTitle')}</h2>
      <p>{t('profile.deleteText')}</p>
      <button
        type="button"
        className="button button--danger-ghost"
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        {t('profile.delete')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('profile.deleteTitle')}
        message={<p>{t('profile.deleteConfirm')}</p>}
        confirmLabel={t('profile.deleteConfirmButton')}
        busy={remove.isPending}
        error={remove.isError ? (problemOf(remove.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync();
          } catch {
            return; // the dialog shows why
          }
          // Signed out by now (this page has already been left): the login page says it is done.
          navigate('~/login', { replace: true, state: { notice: 'accountDeleted' } });
        }}
      />
    </section>
  );
}
