import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EventDefinition } from '../../events/define';
import { eventDefinition } from '../../events/registry';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Every event type the store accepts, read from events/registry.ts itself: each `...xEventDefinitions`
 * spread in its list, imported from the module the registry imports it from.
 */
async function registeredEventTypes(): Promise<string[]> {
  const source = readFileSync(join(root, 'events', 'registry.ts'), 'utf8');
  const modules = new Map(
    [...source.matchAll(/import \{ (\w+EventDefinitions) \} from '\.\/([\w/-]+)';/g)].map((match) => [
      match[1]!,
      match[2]!,
    ]),
  );
  const spread = [...source.matchAll(/\.\.\.(\w+EventDefinitions)/g)].map((match) => match[1]!);
  expect(spread.length).toBeGreaterThan(0);
  const types: string[] = [];
  for (const name of spread) {
    const module = modules.get(name);
    if (!module) throw new Error(`events/registry.ts spreads ${name} without importing it`);
    const definitions = (await import(join(root, 'events', `${module}.ts`)))[name] as EventDefinition[];
    types.push(...definitions.map((definition) => definition.type));
  }
  return types;
}

const locales = ['nl', 'en', 'fr'] as const;
const messages = Object.fromEntries(
  locales.map((locale) => [
    locale,
    JSON.parse(readFileSync(join(root, 'client', 'locales', `${locale}.json`), 'utf8')) as Record<
      string,
      unknown
    >,
  ]),
);

const lookUp = (tree: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      tree,
    );

describe('the history tells every event type as a sentence', () => {
  it('has a history.events.<EventType> sentence in nl, en and fr for every registered event type', async () => {
    const types = await registeredEventTypes();
    expect(types.length).toBeGreaterThan(60);
    for (const type of types) expect(eventDefinition(type).type).toBe(type);
    const missing = locales.flatMap((locale) =>
      types
        .filter((type) => {
          const sentence = lookUp(messages[locale], `history.events.${type}`);
          return typeof sentence !== 'string' || sentence.trim() === '';
        })
        .map((type) => `${locale}: history.events.${type}`),
    );
    expect(missing).toEqual([]);
  });

  it('names the people a sentence is about, in every language alike', () => {
    const placeholders = (text: string) =>
      [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    const events = lookUp(messages.en, 'history.events') as Record<string, string>;
    for (const [type, sentence] of Object.entries(events)) {
      for (const locale of ['nl', 'fr'] as const) {
        const other = lookUp(messages[locale], `history.events.${type}`);
        if (typeof other === 'string')
          expect([type, placeholders(other)]).toEqual([type, placeholders(sentence)]);
      }
    }
  });
});
