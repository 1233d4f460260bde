import fs from 'node:fs';
import path from 'node:path';

/** The repository's root: every path below is relative to it. */
const root = path.resolve(import.meta.dirname, '../..');

/** The source files under a folder (node_modules and public left out). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'public' ? [] : sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

export interface Import {
  file: string;
  /** The imported file or folder, relative to the repository root. */
  target: string;
  typeOnly: boolean;
}

/**
 * Every relative import of a file: `import … from`, `export … from`, a bare `import '…'` (a style
 * sheet too), a dynamic `import('…')` (code loaded later is still a dependency) and
 * `typeof import('…')` (types only). The same reading as tests/architecture.test.ts.
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
      file: path.relative(root, file).split(path.sep).join('/'),
      target: path
        .relative(root, path.resolve(path.dirname(file), match[2]!))
        .split('?')[0]!
        .split(path.sep)
        .join('/'),
      typeOnly: typeOnly(match),
    })),
  );
}

/** Every import of every source file under a folder of the repository. */
export const importsUnder = (folder: string) => sourceFiles(path.join(root, folder)).flatMap(importsOf);
