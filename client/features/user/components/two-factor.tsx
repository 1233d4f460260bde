import './two-factor.css';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../events/shared/dates';
import { totpCodeSchema } from '../../../../events/user/commands';
import { problemOf, showFieldProblems } from '../../../lib/forms';
import { Alert } from '../../../ui/alert';
import { codeInputProps, Field, SubmitButton } from '../../../ui/form';
import { ErrorPanel, Loading } from '../../../ui/status';
import {
  useBeginSecondFactor,
  useConfirmSecondFactor,
  useRemoveSecondFactor,
} from '../api/enrol-second-factor';
import { type SecondFactorStatus, useSecondFactor } from '../api/get-second-factor';
import { ReauthForm } from './reauth-form';

type Step =
  | { kind: 'idle'; notice?: string }
  | { kind: 'confirm-enrol' }
  | { kind: 'confirm-remove' }
  | { kind: 'scan'; secret: string; qrCode: string }
  | { kind: 'codes'; codes: string[] };

/**
 * Two-step sign-in on the profile page: set up with an authenticator app (QR code or key, then the
 * app's first code), ten recovery codes shown once, moving to a new phone, turning it off. Every
 * change starts by confirming it is the person (password, and the code when it is on).
 * `onEnrolled` runs once the recovery codes are put away (who had to enrol may go on then).
 */
export function TwoFactor({ onEnrolled }: { onEnrolled?: () => void }) {
  const { t } = useTranslation();
  const status = useSecondFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const begin = useBeginSecondFactor();
  const remove = useRemoveSecondFactor();

  return (
    <section className="panel two-factor" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">{t('secondFactor.title')}</h2>
      {status.isPending ? (
        <Loading />
      ) : status.isError ? (
        <ErrorPanel message={t('secondFactor.loadError')} onRetry={() => void status.refetch()} />
      ) : (
        <>
          {step.kind === 'idle' && (
            <Overview
              status={status.data}
              notice={step.notice}
              onEnrol={() => setStep({ kind: 'confirm-enrol' })}
              onRemove={() => setStep({ kind: 'confirm-remove' })}
            />
          )}
          {step.kind === 'confirm-enrol' && (
            <ReauthForm
              withSecondFactor={status.data.enrolled}
              lead={status.data.enrolled ? t('reauth.leadWithCode') : t('reauth.lead')}
              submitLabel={t('reauth.continue')}
              onProof={async (reauth) => {
                const shown = await begin.mutateAsync({ reauth });
                setStep({ kind: 'scan', secret: shown.secret, qrCode: shown.qrCode });
              }}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          )}
          {step.kind === 'confirm-remove' && (
            <ReauthForm
              withSecondFactor
              lead={`${t('secondFactor.removeText')} ${t('reauth.leadWithCode')}`}
              submitLabel={t('secondFactor.remove')}
              danger
              onProof={async (reauth) => {
                await remove.mutateAsync({ reauth });
                setStep({ kind: 'idle', notice: t('secondFactor.removed') });
              }}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          )}
          {step.kind === 'scan' && (
            <Scan
              secret={step.secret}
              qrCode={step.qrCode}
              onConfirmed={(codes) => setStep({ kind: 'codes', codes })}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          )}
          {step.kind === 'codes' && (
            <RecoveryCodes
              codes={step.codes}
              onDone={() => {
                setStep({ kind: 'idle', notice: t('secondFactor.enrolled') });
                onEnrolled?.();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function Overview({
  status,
  notice,
  onEnrol,
  onRemove,
}: {
  status: SecondFactorStatus;
  notice?: string;
  onEnrol: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {notice && (
        <Alert tone="success">
          <p>{notice}</p>
        </Alert>
      )}
      {status.enrolled ? (
        <>
          <p>
            {status.enrolledAt
              ? t('secondFactor.onSince', { date: formatDate(status.enrolledAt) })
              : t('secondFactor.on')}{' '}
            {t('secondFactor.codesLeft', { count: status.recoveryCodesLeft })}
          </p>
          {status.recoveryCodesLeft <= 2 && <p className="muted">{t('secondFactor.fewCodesLeft')}</p>}
        </>
      ) : (
        <p>{t('secondFactor.lead')}</p>
      )}
      {status.required && <p className="muted">{t('secondFactor.required')}</p>}
      <div className="form__actions">
        <button type="button" className="button" onClick={onEnrol}>
          {status.enrolled ? t('secondFactor.newPhone') : t('secondFactor.setUp')}
        </button>
        {status.enrolled && !status.required && (
          <button type="button" className="button button--danger-ghost" onClick={onRemove}>
            {t('secondFactor.remove')}
          </button>
        )}
      </div>
    </>
  );
}

/** The new secret as a QR code and as a key to type, then the app's first code to turn it on. */
function Scan({
  secret,
  qrCode,
  onConfirmed,
  onCancel,
}: {
  secret: string;
  qrCode: string;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmSecondFactor();
  const form = useForm({ defaultValues: { code: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    const parsed = totpCodeSchema.safeParse(values.code);
    if (!parsed.success) {
      form.setError('code', { type: 'validate', message: parsed.error.issues[0]?.message });
      return;
    }
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code: parsed.data });
      onConfirmed(recoveryCodes);
    } catch (error) {
      const refused = problemOf(error);
      if (showFieldProblems(form.setError, refused.fields, ['code']) === 0)
        setProblem(refused.message ?? t('form.unreachable'));
      form.setValue('code', '');
      form.setFocus('code');
    }
  });

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <ol className="two-factor__steps">
        <li>
          <p>{t('secondFactor.scan')}</p>
          <img
            className="two-factor__qr"
            src={qrCode}
            alt={t('secondFactor.qrAlt')}
            width={200}
            height={200}
          />
          <p>{t('secondFactor.manual')}</p>
          <code className="two-factor__secret" data-testid="second-factor-secret">
            {secret}
          </code>
        </li>
        <li>
          <Field label={t('secondFactor.confirmCode')} hint={t('secondFactor.codeHint')} error={errors.code}>
            {(control) => <input {...control} {...form.register('code')} {...codeInputProps} maxLength={7} />}
          </Field>
        </li>
      </ol>
      {problem && (
        <Alert tone="danger">
          <p>{problem}</p>
        </Alert>
      )}
      <div className="form__actions">
        <SubmitButton busy={isSubmitting} busyLabel={t('reauth.checking')}>
          {t('secondFactor.turnOn')}
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={isSubmitting}>
          {t('dialog.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The ten recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="two-factor__codes">
      <h3 ref={heading} tabIndex={-1}>
        {t('secondFactor.codesTitle')}
      </h3>
      <p>{t('secondFactor.codesLead')}</p>
      <ol className="two-factor__code-list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__actions">
        <button type="button" className="button" onClick={onDone}>
          {t('secondFactor.codesSaved')}
        </button>
      </div>
    </div>
  );
}
