import './translation-switch.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { languageName } from '../lib/languages';
import { useTranslations } from '../lib/translations';

/**
 * 'Also in: Français, English' for a course or module that has translations; nothing otherwise
 * (also while loading or when the list cannot be loaded: it is an extra, not the content).
 */
export function TranslationSwitch({
  kind,
  path,
  hrefOf,
}: {
  kind: 'course' | 'module';
  path: string;
  hrefOf: (path: string) => string;
}) {
  const { t } = useTranslation();
  const translations = useTranslations(kind, path);
  const others = (translations.data ?? []).filter((translation) => translation.path !== path);
  if (others.length === 0) return null;
  return (
    <nav className="translation-switch" aria-label={t('translations.label')}>
      <span>{t('translations.alsoIn')}</span>{' '}
      {others.map((translation, index) => (
        <span key={translation.path}>
          {index > 0 && ', '}
          <Link href={hrefOf(translation.path)} hrefLang={translation.language} lang={translation.language}>
            {languageName(t, translation.language)}
          </Link>
        </span>
      ))}
    </nav>
  );
}
