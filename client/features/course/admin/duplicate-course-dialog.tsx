import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert';

export type CopiedModules = 'copy' | 'share';

/**
 * Asks, before duplicating a course, what the copy does with its modules: copies of them (the
 * default: next year's edition can change without touching this year's) or the very same modules,
 * with what that means said next to the choice. A modal <dialog> like ConfirmDialog: Esc or Cancel
 * closes it and focus returns to what opened it.
 */
export function DuplicateCourseDialog({
  open,
  name,
  busy,
  error,
  onConfirm,
  onCancel,
  returnFocus,
}: {
  open: boolean;
  name: string;
  busy: boolean;
  error?: string | null;
  onConfirm: (modules: CopiedModules) => void;
  onCancel: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [modules, setModules] = useState<CopiedModules>('copy');

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setModules('copy');
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus?.current?.focus();
    }
  }, [open, returnFocus]);

  const choice = (value: CopiedModules, label: string, hint: string) => (
    <div className="checkbox">
      <input
        id={`${id}-${value}`}
        type="radio"
        name={`${id}-modules`}
        value={value}
        checked={modules === value}
        onChange={() => setModules(value)}
        aria-describedby={`${id}-${value}-hint`}
      />
      <div className="checkbox__text">
        <label htmlFor={`${id}-${value}`} className="checkbox__label">
          {label}
        </label>
        <p id={`${id}-${value}-hint`} className="checkbox__description">
          {hint}
        </p>
      </div>
    </div>
  );

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-lead`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`} className="dialog__title">
        {t('courseCopy.dialogTitle', { name })}
      </h2>
      <p id={`${id}-lead`} className="dialog__message">
        {t('courseCopy.dialogLead')}
      </p>
      <fieldset className="field">
        <legend className="field__label">{t('courseCopy.modulesLegend')}</legend>
        <div className="checkbox-grid">
          {choice('copy', t('courseCopy.copy'), t('courseCopy.copyHint'))}
          {choice('share', t('courseCopy.share'), t('courseCopy.shareWarning'))}
        </div>
      </fieldset>
      {error && <Alert tone="danger">{error}</Alert>}
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className="button" onClick={() => onConfirm(modules)} disabled={busy}>
          {busy && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('courseCopy.confirm')}
        </button>
      </div>
    </dialog>
  );
}
