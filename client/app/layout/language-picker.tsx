import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../lib/i18n';
import { interfaceLanguages, isInterfaceLanguage } from '../../lib/languages';
import { useTenant } from '../../lib/tenant';
import { useLanguage } from '../../lib/use-language';

/** Footer control for the interface language; the choice is remembered for the next visit. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const id = useId();
  const language = useLanguage();
  const offered = useTenant().data?.languages ?? interfaceLanguages;
  const options = offered.includes(language) ? offered : [language, ...offered];

  return (
    <div className="language-picker">
      <label htmlFor={id}>{t('nav.language')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isInterfaceLanguage(chosen)) void chooseLanguage(chosen);
        }}
      >
        {options.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
