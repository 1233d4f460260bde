import { useTranslation } from 'react-i18next';

/**
 * A page the participant can no longer finish alone (attempts used up without the answer the gate
 * needs): says so in plain words and names who can give another attempt.
 */
export function StuckNotice({ helpers, id }: { helpers: string[]; id?: string }) {
  const { t, i18n } = useTranslation();
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(helpers);
  return (
    <div className="alert stuck-notice" role="note" id={id}>
      <p>
        <strong>{t('answering.stuckTitle')}</strong>
      </p>
      <p>{t('answering.stuckText')}</p>
      <p>{helpers.length > 0 ? t('answering.askHelpers', { names }) : t('answering.askTeacher')}</p>
    </div>
  );
}
