import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useDeleteMe } from '../api/delete-me';
import { useSecondFactor } from '../api/get-second-factor';
import { ReauthForm } from './reauth-form';

/**
 * Erasing one's own account: after confirming it is them (password, and the code of two-step
 * sign-in when it is on), so a session left open on a shared computer erases no one. Then the
 * login page says it is done.
 */
export function DeleteAccount() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeleteMe();
  const withSecondFactor = useSecondFactor().data?.enrolled === true;
  const [asking, setAsking] = useState(false);
  return (
    <section className="danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">{t('profile.deleteTitle')}</h2>
      <p>{t('profile.deleteText')}</p>
      {asking ? (
        <ReauthForm
          withSecondFactor={withSecondFactor}
          lead={`${t('profile.deleteConfirm')} ${withSecondFactor ? t('reauth.leadWithCode') : t('reauth.lead')}`}
          submitLabel={t('profile.deleteConfirmButton')}
          danger
          onProof={async (reauth) => {
            await remove.mutateAsync({ reauth });
            // Signed out by now: the login page says it is done.
            navigate('~/login', { replace: true, state: { notice: 'accountDeleted' } });
          }}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <button type="button" className="button button--danger-ghost" onClick={() => setAsking(true)}>
          {t('profile.delete')}
        </button>
      )}
    </section>
  );
}
