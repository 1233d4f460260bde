import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../server/config';
import { root } from './markdown';

const sourceDirs = [
  'server',
  'events',
  'projections',
  'jobs',
  'reactions',
  'client',
  'migrations',
  'scripts',
  'tests',
  'e2e',
];
const rootFiles = ['playwright.config.ts', 'vite.config.ts', 'vitest.config.ts', '.ci/run'];

function filesUnder(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory())
      // Vendored standards are not our code; this folder's own patterns would read as variables.
      return ['node_modules', 'fixtures', 'docs'].includes(entry.name) ? [] : filesUnder(relative);
    return /\.(ts|tsx|mjs|js|sh)$/.test(entry.name) ? [relative] : [];
  });
}

/** Every environment variable the code reads, with the files that read it. */
function variablesRead(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (name: string, file: string) => found.set(name, (found.get(name) ?? new Set()).add(file));
  for (const name of Object.keys(configSchema.shape)) add(name, 'server/config.ts');
  for (const file of [...sourceDirs.flatMap(filesUnder), ...rootFiles]) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g))
      add(match[1] ?? match[2]!, file);
    // Settings read through a helper by name (the bench's, the tests'): their names as strings.
    for (const match of text.matchAll(/['"`]((?:BENCH|E2E|TEST|FUZZ)_[A-Z0-9_]+)['"`]/g))
      add(match[1]!, file);
    // Shell scripts: variables with a default or a required value.
    if (file.endsWith('.sh') || file === '.ci/run')
      for (const match of text.matchAll(/\$\{([A-Z][A-Z0-9_]*):[-?=]/g)) add(match[1]!, file);
  }
  return found;
}

describe('docs/operations/configuration.md', () => {
  const page = fs.readFileSync(path.join(root, 'docs/operations/configuration.md'), 'utf8');
  const operatorSection = page.slice(
    page.indexOf('\n## Variables\n'),
    page.indexOf('\n## ', page.indexOf('\n## Variables\n') + 1),
  );

  it('documents every environment variable the code reads', () => {
    const read = variablesRead();
    // The scan sees what it should: the config's variables, the tests', the browser runs'.
    for (const known of ['DATABASE_URL', 'TEST_DATABASE_URL', 'E2E_PORT_OFFSET', 'CHROMIUM_PATH'])
      expect(read.has(known)).toBe(true);
    const missing = [...read]
      .filter(([name]) => !page.includes(`\`${name}\``))
      .map(([name, files]) => `${name} (read in ${[...files].join(', ')})`);
    expect(missing).toEqual([]);
  });

  it("lists the config's every variable in the operator table", () => {
    const missing = Object.keys(configSchema.shape).filter(
      (name) => !operatorSection.includes(`\`${name}\``),
    );
    expect(missing).toEqual([]);
  });
});
