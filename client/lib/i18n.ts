import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import nl from '../locales/nl.json';

export const interfaceLanguages = ['nl', 'en', 'fr'] as const;
export type InterfaceLanguage = (typeof interfaceLanguages)[number];

/** Where the language picked in the footer is remembered. */
export const languageStorageKey = 'language';

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (interfaceLanguages as readonly string[]).includes(value);
}

/** The language the interface is shown in now: one of nl, en, fr. */
export function currentLanguage(): InterfaceLanguage {
  const resolved = i18next.resolvedLanguage;
  return isInterfaceLanguage(resolved) ? resolved : 'nl';
}

/** Switches the interface and remembers the choice for the next visit. */
export async function chooseLanguage(language: InterfaceLanguage): Promise<void> {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Storage may be blocked (private mode); the choice then lasts for this visit only.
  }
  await i18next.changeLanguage(language);
}

i18next.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

/**
 * Interface language: the one chosen earlier in the footer, else the browser's, else nl.
 * Only an explicit choice is stored (see chooseLanguage), so a browser change still counts.
 */
void i18next
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { nl: { translation: nl }, en: { translation: en }, fr: { translation: fr } },
    supportedLngs: [...interfaceLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: 'nl',
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: languageStorageKey,
      caches: [],
    },
    initAsync: false,
    returnNull: false,
  });
