import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import type { AdminUserDetail } from './get-user';
import { useResetSecondFactor, useUserSecondFactor } from './second-factor';

/**
 * Someone's two-step sign-in (manage_users): whether it is on, and a reset for a person who lost
 * their phone and their recovery codes, after a confirmation. The reset is in their history and
 * mailed to them.
 */
export function SecondFactorPanel({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const status = useUserSecondFactor(user._id);
  const reset = useResetSecondFactor();
  const [asking, setAsking] = useState(false);
  return (
    <section className="panel" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">{t('secondFactor.title')}</h2>
      {status.isSuccess && (
        <p>{status.data.enrolled ? t('secondFactor.admin.on') : t('secondFactor.admin.off')}</p>
      )}
      {status.isError && <p className="muted">{t('secondFactor.loadError')}</p>}
      {reset.isSuccess && (
        <Alert tone="success">
          <p>{t('secondFactor.admin.resetDone', { name: user.name })}</p>
        </Alert>
      )}
      {status.data?.enrolled && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--small button--danger-ghost"
            onClick={() => {
              reset.reset();
              setAsking(true);
            }}
          >
            {t('secondFactor.admin.reset')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        title={t('secondFactor.admin.reset')}
        message={<p>{t('secondFactor.admin.resetConfirm', { name: user.name })}</p>}
        confirmLabel={t('secondFactor.admin.resetButton')}
        busy={reset.isPending}
        error={reset.isError ? (problemOf(reset.error).message ?? t('form.unreachable')) : null}
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await reset.mutateAsync(user._id);
          } catch {
            return; // the dialog shows why
          }
          setAsking(false);
        }}
      />
    </section>
  );
}
