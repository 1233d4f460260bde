import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projections } from '../../../projections/registry';

/**
 * Every projection of the registry has a spec named after it (its name, with hyphens), so that a
 * projection added without one, or a spec left behind by a removed one, fails here by name.
 */
const folder = path.dirname(new URL(import.meta.url).pathname);
const specOf = (name: string) => `${name.replaceAll('_', '-')}.test.ts`;

describe('projection specs', () => {
  it.each(projections.map((projection) => [projection.name]))('%s has its spec', (name) => {
    expect(fs.existsSync(path.join(folder, specOf(name))), specOf(name)).toBe(true);
  });

  it('names only projections of the registry', () => {
    const expected = new Set(projections.map((projection) => specOf(projection.name)));
    const others = new Set(['every-projection.test.ts']);
    const stray = fs
      .readdirSync(folder)
      .filter((file) => file.endsWith('.test.ts') && !expected.has(file) && !others.has(file));
    expect(stray).toEqual([]);
  });
});
