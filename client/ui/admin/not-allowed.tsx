import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useDocumentTitle } from '../use-document-title';

/** A signed-in person whose roles do not grant this part of the admin area. */
export function NotAllowed() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminArea.notAllowedTitle'));
  return (
    <div className="status status--not-found">
      <h1>{t('adminArea.notAllowedTitle')}</h1>
      <p>{t('adminArea.notAllowedText')}</p>
      <p>
        <Link href="~/">{t('notFound.home')}</Link>
      </p>
    </div>
  );
}

/** One view of an item that the person's rights do not open (the item's other views still do). */
export function NotAllowedHere() {
  const { t } = useTranslation();
  return <p className="status status--empty">{t('adminArea.notAllowedText')}</p>;
}
