import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../../ui/use-document-title';

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
