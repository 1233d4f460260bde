import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, root } from './markdown';

/**
 * Code and its comments point inside the repository: no issue numbers (git history keeps them), no
 * sections of a specification a reader of the repository cannot open, no files outside it, and every
 * docs/ page a comment names exists, with the heading its #anchor names.
 */
const folders = [
  'server',
  'client',
  'events',
  'projections',
  'jobs',
  'reactions',
  'migrations',
  'scripts',
  'tests',
  'e2e',
];
const extensions = /\.(ts|tsx|js|mjs|cjs|sh|css|html)$/;
const skipped = new Set(['node_modules', 'fixtures']);

/**
 * Files other work had in hand when this test came: their hits are listed in that work's hand-over
 * and the entries go as those files are put right. A listed file that no longer needs its entry fails.
 */
const waiting: Record<string, readonly Rule[]> = {};

type Rule = 'issue number' | 'section of the specification' | 'outside the repository' | 'docs path';

function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      if (skipped.has(entry.name)) return [];
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(relative);
      return extensions.test(entry.name) ? [relative] : [];
    });
  return folders.filter((folder) => fs.existsSync(path.join(root, folder))).flatMap(walk);
}

const rules: Record<Exclude<Rule, 'docs path'>, RegExp> = {
  // A number a tracker gave: the word and a number (a hash between them or not), a hash and a
  // number in brackets, or a hash and a number with an apostrophe s.
  'issue number': /\bissues? #?\d+|\(#\d+[),]|#\d+'s\b/i,
  'section of the specification':
    /\bspec(ification)?('s)?,? (sections?|§) ?\d|\bspec \u00a7|sections? \d+ of the spec/i,
  // The house documents kept beside the repository; a relative import of a shared folder is no such thing.
  'outside the repository': /\b(DESIGN|STYLE)\.md\b|\/work\/shared\b/,
};

/** Every docs/ path a file names, with its #anchor when it has one. */
function docsPaths(text: string): { target: string; anchor: string | undefined }[] {
  return [...text.matchAll(/(?<![\w./-])docs\/([\w./-]*[\w/])?(?:#([\w-]+))?/g)].map((match) => ({
    target: `docs/${match[1] ?? ''}`,
    anchor: match[2],
  }));
}

function brokenDocsPaths(text: string): string[] {
  const broken: string[] = [];
  for (const { target, anchor } of docsPaths(text)) {
    const resolved = path.join(root, target);
    if (!fs.existsSync(resolved)) broken.push(`${target}: no such file`);
    else if (anchor && target.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${target}#${anchor}: no such heading`);
  }
  return broken;
}

function findings(file: string): Partial<Record<Rule, string[]>> {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found: Partial<Record<Rule, string[]>> = {};
  for (const [rule, pattern] of Object.entries(rules) as [Rule, RegExp][]) {
    const lines = text
      .split('\n')
      .map((line, index) => ({ line, number: index + 1 }))
      .filter(({ line }) => pattern.test(line))
      .map(({ line, number }) => `${number}: ${line.trim()}`);
    if (lines.length > 0) found[rule] = lines;
  }
  const broken = brokenDocsPaths(text);
  if (broken.length > 0) found['docs path'] = broken;
  return found;
}

const files = sourceFiles();

describe('code comments', () => {
  it('are found', () => {
    expect(files).toContain('server/visibility.ts');
    expect(files).toContain('client/lib/session.ts');
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(files)(
    '%s: cites no issue number or section of the specification, names no file outside the repository, and every docs/ page it names exists',
    (file) => {
      const found = findings(file);
      const allowed = waiting[file] ?? [];
      for (const rule of allowed) delete found[rule];
      expect(found).toEqual({});
    },
  );

  it.each(Object.entries(waiting))('%s still needs its entry in the waiting list', (file, allowed) => {
    const found = findings(file);
    expect(allowed.filter((rule) => !found[rule])).toEqual([]);
  });

  it('catches what it is meant to', () => {
    // Built from parts, so that this file does not break its own rules.
    const [issue, hash, spec, docs, design] = ['issue', '#', 'spec', 'docs', 'DESIGN'];
    const cases = [
      `// see ${issue} ${hash}12`,
      ` * Answers as teachers read them (${issue} 19): the option texts`,
      ` * ${issue[0]?.toUpperCase()}${issue.slice(1)} ${hash}24: a save with an idempotency key`,
      `/** Live classrooms (${hash}17): who may enter */`,
      `/** The page form (${spec} sections 3 and 5) */`,
      `// the ${spec}, section 4`,
    ];
    for (const line of cases)
      expect(
        Object.values(rules).some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    expect(rules['outside the repository'].test(`(${design}.md, the one ownership rule)`)).toBe(true);
    expect(rules['outside the repository'].test("import { pathSchema } from '../shared/fields';")).toBe(
      false,
    );
    expect(brokenDocsPaths(`see ${docs}/guide/no-such-page.md`)).toEqual([
      `${docs}/guide/no-such-page.md: no such file`,
    ]);
    expect(brokenDocsPaths(`(${docs}/security.md${hash}no-such-heading)`)).toEqual([
      `${docs}/security.md${hash}no-such-heading: no such heading`,
    ]);
    expect(
      brokenDocsPaths(`(${docs}/security.md${hash}sessions), tests/${docs}/markdown.ts, ${docs}/adr/`),
    ).toEqual([]);
    // Colours, addresses and ids are no issue numbers.
    for (const line of ['color: #000000;', "fetch('https://example.org/#4711')", 'const tag = "#12ab"'])
      expect(rules['issue number'].test(line), line).toBe(false);
  });
});
