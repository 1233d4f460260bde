import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

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
 * Each language's texts are a chunk of their own (about 18 KB compressed each), fetched when that
 * language is first shown: a visitor downloads one language, never all three. A language switch
 * loads the new texts before i18next changes language, so nothing renders with missing texts.
 */
const texts: Record<InterfaceLanguage, () => Promise<{ default: ResourceKey }>> = {
  nl: () => import('../locales/nl.json'),
  en: () => import('../locales/en.json'),
  fr: () => import('../locales/fr.json'),
};

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isInterfaceLanguage(language)) return callback(null, {});
    texts[language]().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * Interface language: the one chosen earlier in the footer, else the browser's, else nl.
 * Only an explicit choice is stored (see chooseLanguage), so a browser change still counts.
 *
 * Any other language falls back to nl; en and fr fall back to nothing, so they never fetch nl's
 * texts too (tests/client/locales.test.ts keeps every key in all three languages).
 *
 * Resolves once the texts of the language shown are loaded: render after it (client/main.tsx).
 */
export const i18nReady: Promise<unknown> = i18next
  .use(LanguageDetector)
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    supportedLngs: [...interfaceLanguages],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: { en: [], fr: [], default: ['nl'] },
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: languageStorageKey,
      caches: [],
    },
    returnNull: false,
  });
