import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../client/locales/en.json';
import fr from '../../client/locales/fr.json';
import nl from '../../client/locales/nl.json';
import { adminSections } from '../../client/locales/sections';

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

// The admin area's sections reach the browser only with the admin area (client/locales/sections.ts):
// a screen outside it that named one would show the bare key. The admin area is every `admin`
// folder: the shell (features/admin), each feature's admin screens and their shared frames (ui/admin).
describe('the admin texts', () => {
  const sourcesOutsideAdmin = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'admin' ? [] : sourcesOutsideAdmin(file);
      return /\.tsx?$/.test(entry.name) ? [file] : [];
    });

  it('are named by no file outside the admin area', () => {
    const named = sourcesOutsideAdmin(path.resolve(import.meta.dirname, '../../client')).flatMap((file) => {
      const source = fs.readFileSync(file, 'utf8');
      return adminSections
        .filter((section) => new RegExp(`['"\`]${section}[.:'"\`]`).test(source))
        .map((section) => `${path.basename(file)}: ${section}`);
    });
    expect(named.filter((entry) => !entry.startsWith('sections.ts'))).toEqual([]);
  });

  it('exist in every language', () => {
    for (const texts of [nl, en, fr] as Record<string, unknown>[]) {
      expect(adminSections.filter((section) => !(section in texts))).toEqual([]);
    }
  });
});
