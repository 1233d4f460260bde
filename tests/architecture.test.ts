import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const layers = [
  'events',
  'projections',
  'jobs',
  'reactions',
  'server',
  'client',
  'migrations',
  'scripts',
] as const;
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
  // Build, bench and maintenance tools drive the application; nothing the application runs needs them.
  scripts: ['scripts', 'server', 'events', 'projections', 'jobs', 'reactions', 'migrations'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'public' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

interface Import {
  file: string;
  /** The imported file or folder, relative to the repository root. */
  target: string;
  typeOnly: boolean;
}

/**
 * Every relative import of a file: `import … from`, `export … from`, a bare `import '…'`, a dynamic
 * `import('…')` (code loaded later is still a dependency) and `typeof import('…')` (types only).
 */
const importPatterns: { pattern: RegExp; typeOnly: (match: RegExpMatchArray) => boolean }[] = [
  {
    pattern: /^\s*(?:import|export)\s+(type\s+)?[^'";]*?\bfrom\s+['"](\.[^'"]+)['"]/gm,
    typeOnly: (match) => Boolean(match[1]),
  },
  { pattern: /^\s*import\s+()['"](\.[^'"]+)['"]/gm, typeOnly: () => false },
  { pattern: /(typeof\s+)?\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g, typeOnly: (match) => Boolean(match[1]) },
];

function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  return importPatterns.flatMap(({ pattern, typeOnly }) =>
    [...text.matchAll(pattern)].map((match) => ({
      file: path.relative(root, file),
      target: path.relative(root, path.resolve(path.dirname(file), match[2]!)).split('?')[0]!,
      typeOnly: typeOnly(match),
    })),
  );
}

const importsOfLayer = (layer: Layer) => sourceFiles(path.join(root, layer)).flatMap(importsOf);

function violations(layer: Layer, imports: Import[] = importsOfLayer(layer)): string[] {
  const found: string[] = [];
  for (const { file, target, typeOnly } of imports) {
    const targetLayer = target.split(path.sep)[0] as Layer;
    if (!layers.includes(targetLayer) || allowed[layer].includes(targetLayer)) continue;
    // The client may see the server's types (AppRouter), never its code.
    if (layer === 'client' && targetLayer === 'server' && typeOnly) continue;
    // The projections query the whole schema (its type, a module of types only), never server code.
    if (layer === 'projections' && /^server\/db\/tables(\.ts)?$/.test(target) && typeOnly) continue;
    // The server speaks the client's message catalogues (data, not code).
    if (layer === 'server' && /^client\/locales\/\w+\.json$/.test(target)) continue;
    found.push(`${file} → ${target}`);
  }
  return found;
}

/**
 * A transport (a tRPC router, HTTP routes, the GraphQL facade) is a leaf: features call each other's
 * queries and commands, never another transport, so each transport stays a thin shell over them.
 * Only the root router, the app and the operations metrics (procedure names) hold transports.
 */
const isTransport = (target: string) =>
  /^server\/[\w/-]+\/([\w-]+-)?(router|routes)(\.ts)?$/.test(target) || /^server\/graphql\//.test(target);
const holdsTransports = new Set(['server/router.ts', 'server/app.ts', 'server/ops/metrics.ts']);
const featureOf = (file: string) => file.split(path.sep).slice(0, 2).join('/');

describe('import direction', () => {
  for (const layer of layers) {
    it(`${layer}/ imports only what it may`, () => {
      expect(violations(layer)).toEqual([]);
    });
  }

  it('keeps each transport a leaf that only the app and the root router import', () => {
    const found = importsOfLayer('server')
      .filter(({ file, target }) => isTransport(target) && !holdsTransports.has(file))
      .filter(({ file, target }) => featureOf(file) !== featureOf(target) || !isTransport(file))
      .filter(
        ({ file, target }) => !(target.startsWith('server/graphql/') && file.startsWith('server/graphql/')),
      )
      .map(({ file, target }) => `${file} → ${target}`);
    expect(found).toEqual([]);
  });

  it('sees the imports it checks (the scan itself works)', () => {
    const server = importsOfLayer('server');
    expect(server.length).toBeGreaterThan(20);
    // A lazily loaded module and a bare import count as dependencies.
    expect(server).toContainEqual({
      file: 'server/certificate/routes.ts',
      target: 'server/certificate/pdf',
      typeOnly: false,
    });
    expect(importsOfLayer('scripts').some(({ target }) => target.startsWith('server/'))).toBe(true);
    expect(isTransport('server/course/router')).toBe(true);
    expect(isTransport('server/auth/sessions-router')).toBe(true);
    expect(isTransport('server/certificate/badges/routes')).toBe(true);
    expect(isTransport('server/course/queries')).toBe(false);
  });

  it('lets the projections see the schema type in the server, and only as a type', () => {
    const importing = (target: string, typeOnly: boolean): Import[] => [
      { file: path.join('projections', 'probe.ts'), target, typeOnly },
    ];
    expect(violations('projections', importing('server/db/tables', true))).toEqual([]);
    expect(violations('projections', importing('server/db/tables', false))).toHaveLength(1);
    expect(violations('projections', importing('server/db', true))).toHaveLength(1);
    expect(violations('projections', importing('server/course/queries', true))).toHaveLength(1);
    // And that module holds types only: importing it loads no server code either way.
    expect(importsOf(path.join(root, 'server', 'db', 'tables.ts')).every(({ typeOnly }) => typeOnly)).toBe(
      true,
    );
  });
});
