import { useTranslation } from 'react-i18next';
import { pick, useTenant } from '../../lib/tenant';
import { useLanguage } from '../../lib/use-language';
import { CookieSettingsButton } from './analytics-banner';
import { LanguagePicker } from './language-picker';

export function Footer() {
  const { t } = useTranslation();
  const language = useLanguage();
  const tenant = useTenant().data;

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <img
          className="site-footer__logo"
          src={tenant?.images.logo ?? '/logo.svg'}
          alt={tenant?.name ?? t('app.name')}
          width="48"
          height="48"
        />
        <p className="site-footer__text">{tenant ? pick(tenant.texts.footer, language) : t('footer.text')}</p>
        <CookieSettingsButton />
        <LanguagePicker />
      </div>
    </footer>
  );
}
