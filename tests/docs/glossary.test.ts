import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** A locale file's texts by dotted key (`courseAdmin.publish`). */
function texts(language: 'en' | 'nl' | 'fr'): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  const walk = (node: unknown, prefix: string) => {
    if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, prefix ? `${prefix}.${key}` : key);
    else flat.set(prefix, node);
  };
  walk(JSON.parse(fs.readFileSync(path.join(root, 'client/locales', `${language}.json`), 'utf8')), '');
  return flat;
}

/** The rows of the guide's 'Words on the screens' table: English, Dutch, French and the key. */
function glossary() {
  const guide = fs.readFileSync(path.join(root, 'docs/guide/README.md'), 'utf8');
  const start = guide.indexOf('\n## Words on the screens\n');
  const end = guide.indexOf('\n## ', start + 1);
  return guide
    .slice(start, end)
    .split('\n')
    .filter((line) => /^\|.*\| `[^`]+` \|$/.test(line))
    .map((line) => {
      const [en, nl, fr, key] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { en, nl, fr, key: key!.replaceAll('`', '') };
    });
}

describe("the guide's words on the screens", () => {
  it('are the texts the screens show in nl, en and fr', () => {
    const rows = glossary();
    expect(rows.length).toBeGreaterThan(20);
    const locales = { en: texts('en'), nl: texts('nl'), fr: texts('fr') };
    for (const row of rows)
      expect({ key: row.key, en: row.en, nl: row.nl, fr: row.fr }).toEqual({
        key: row.key,
        en: locales.en.get(row.key),
        nl: locales.nl.get(row.key),
        fr: locales.fr.get(row.key),
      });
  });
});
