import { describe, expect, it } from 'vitest';
import en from '../../client/locales/en.json';
import fr from '../../client/locales/fr.json';
import nl from '../../client/locales/nl.json';

/** Every text's key, dotted; plural forms (`_one`, `_other`, `_many`…) count as their base key. */
function keysOf(texts: object, prefix = ''): Set<string> {
  const keys = new Set<string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = `${prefix}${key}`;
    if (value !== null && typeof value === 'object') {
      for (const nested of keysOf(value as object, `${path}.`)) keys.add(nested);
    } else {
      keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
    }
  }
  return keys;
}

// The client loads only the language it shows (client/lib/i18n.ts): en and fr fall back to no other
// language, so a key missing from one of them would show as the bare key.
describe('interface texts', () => {
  const languages = { nl: keysOf(nl), en: keysOf(en), fr: keysOf(fr) };
  for (const [language, keys] of Object.entries(languages)) {
    it(`has every key in ${language} that another language has`, () => {
      const all = new Set(Object.values(languages).flatMap((each) => [...each]));
      expect([...all].filter((key) => !keys.has(key))).toEqual([]);
    });
  }
});
