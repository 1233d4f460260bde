import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const layers = ['events', 'projections', 'jobs', 'reactions', 'server', 'client', 'migrations'] as const;
type Layer = (typeof layers)[number];

/** Who may import whom (docs/development/README.md#layout, import direction). */
const allowed: Record<Layer, Layer[]> = {
  events: ['events'],
  projections: ['projections', 'events'],
  jobs: ['jobs', 'events'],
  reactions: ['reactions', 'jobs', 'events'],
  server: ['server', 'events', 'projections', 'jobs', 'reactions', 'migrations'],
  client: ['client', 'events'],
  migrations: ['migrations'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'public' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const importPattern = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

function violations(layer: Layer): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(path.join(root, layer))) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(importPattern)) {
      const typeOnly = Boolean(match[2]);
      const target = path.relative(root, path.resolve(path.dirname(file), match[3]!));
      const targetLayer = target.split(path.sep)[0] as Layer;
      if (!layers.includes(targetLayer) || allowed[layer].includes(targetLayer)) continue;
      // The client may see the server's types (AppRouter), never its code.
      if (layer === 'client' && targetLayer === 'server' && typeOnly) continue;
      // The server speaks the client's message catalogues (data, not code).
      if (layer === 'server' && /^client\/locales\/\w+\.json$/.test(target)) continue;
      found.push(`${path.relative(root, file)} → ${target}`);
    }
  }
  return found;
}

describe('import direction', () => {
  for (const layer of layers) {
    it(`${layer}/ imports only what it may`, () => {
      expect(violations(layer)).toEqual([]);
    });
  }

  it('sees the imports it checks (the scan itself works)', () => {
    const serverFiles = sourceFiles(path.join(root, 'server'));
    const imports = serverFiles.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(importPattern)]);
    expect(imports.length).toBeGreaterThan(20);
  });
});
