import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A page the participant can no longer finish alone (attempts used up without the answer the gate
 * needs): says so in plain words and names who can give another attempt; `action` offers a way to
 * ask them.
 */
export function StuckNotice({ helpers, id, action }: { helpers: string[]; id?: string; action?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(helpers);
  return (
    <div className="alert stuck-notice" role="note" id={id}>
      <p>
        <strong>{t('answering.stuckTitle')}</strong>
      </p>
      <p>{t('answering.stuckText')}</p>
      <p>{helpers.length > 0 ? t('answering.askHelpers', { names }) : t('answering.askTeacher')}</p>
      {action && <p>{action}</p>}
    </div>
  );
}
