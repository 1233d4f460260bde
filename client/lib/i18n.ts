import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { type InterfaceLanguage, interfaceLanguages, isInterfaceLanguage } from './languages';

/** Where the language picked in the footer is remembered. */
const languageStorageKey = 'language';

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
  if (withAdminTexts) await addAdminTexts(language);
  await i18next.changeLanguage(language);
}

i18next.on('languageChanged', () => {
  document.documentElement.lang = currentLanguage();
});

/**
 * Each language's texts are a chunk of their own, fetched when that language is first shown: a
 * visitor downloads one language, never all three. A language switch loads the new texts before
 * i18next changes language, so nothing renders with missing texts. The admin area's sections are a
 * second chunk per language (client/locales/sections.ts), added when the admin area opens.
 */
const texts: Record<InterfaceLanguage, () => Promise<{ default: ResourceKey }>> = {
  nl: () => import('../locales/nl.json?texts=learner'),
  en: () => import('../locales/en.json?texts=learner'),
  fr: () => import('../locales/fr.json?texts=learner'),
};

const adminTexts: Record<InterfaceLanguage, () => Promise<{ default: ResourceKey }>> = {
  nl: () => import('../locales/nl.json?texts=admin'),
  en: () => import('../locales/en.json?texts=admin'),
  fr: () => import('../locales/fr.json?texts=admin'),
};

/** Set once the admin area has opened: from then on a language switch brings its texts too. */
let withAdminTexts = false;

const withAdminTextsIn = new Set<InterfaceLanguage>();

/**
 * Adds a language's admin texts to its loaded learner texts (loaded first: i18next fetches nothing
 * for a language that already holds a bundle).
 */
async function addAdminTexts(language: InterfaceLanguage) {
  if (withAdminTextsIn.has(language)) return;
  await i18next.loadLanguages(language);
  const module = await adminTexts[language]();
  i18next.addResourceBundle(language, 'translation', module.default, true, false);
  withAdminTextsIn.add(language);
}

/** The admin area's texts in the language shown (and in each language chosen afterwards). */
export async function loadAdminTexts(): Promise<void> {
  withAdminTexts = true;
  await i18nReady;
  await addAdminTexts(currentLanguage());
}

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
