import { useTranslation } from 'react-i18next';
import { type InterfaceLanguage, isInterfaceLanguage } from './languages';

/** The interface language, re-rendering the caller when it changes. */
export function useLanguage(): InterfaceLanguage {
  const { i18n } = useTranslation();
  return isInterfaceLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'nl';
}
