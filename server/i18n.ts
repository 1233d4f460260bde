import i18next, { type TFunction } from 'i18next';
import en from '../client/locales/en.json' with { type: 'json' };
import fr from '../client/locales/fr.json' with { type: 'json' };
import nl from '../client/locales/nl.json' with { type: 'json' };
import { type Language, languages } from '../events/shared/fields';

/** The server speaks the same catalogues as the client, so an error reads the same in both. */
// Synchronous (initAsync: false) and without a top-level await, so the server bundles to CommonJS
// for the single executable.
const instance = i18next.createInstance();
void instance.init({
  resources: { nl: { translation: nl }, en: { translation: en }, fr: { translation: fr } },
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function translator(language: Language): TFunction {
  return instance.getFixedT(language);
}

/**
 * The language a request names itself, or null: a supported `x-language`, else the first supported
 * language in Accept-Language (in the order given). GraphQL lets it win over the account's language.
 */
export function explicitLanguage(headers: Record<string, string | string[] | undefined>): Language | null {
  const explicit = headers['x-language'];
  if (typeof explicit === 'string' && (languages as readonly string[]).includes(explicit))
    return explicit as Language;
  const accept = headers['accept-language'];
  if (typeof accept === 'string') {
    for (const part of accept.split(',')) {
      const code = part.trim().slice(0, 2).toLowerCase();
      if ((languages as readonly string[]).includes(code)) return code as Language;
    }
  }
  return null;
}

/** Picks nl, fr or en from an explicit header or Accept-Language; English for API clients that say nothing. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  return explicitLanguage(headers) ?? 'en';
}
