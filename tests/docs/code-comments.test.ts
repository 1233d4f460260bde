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
/** This file holds the examples its rules must catch. */
const self = 'tests/docs/code-comments.test.ts';

/**
 * Files other work had in hand when this test came: their hits are listed in that work's hand-over
 * and the entries go as those files are put right. A listed file that no longer needs its entry fails.
 */
const waiting: Record<string, readonly Rule[]> = {
  'server/auth/bootstrap.ts': ['specification section'],
  'server/course/commands.ts': ['outside the repository'],
  'server/db/pglite-dialect.ts': ['issue number'],
  'server/graphql/file.ts': ['specification section'],
  'server/graphql/module.ts': ['specification section'],
  'server/graphql/page.ts': ['specification section'],
  'server/graphql/section.ts': ['specification section'],
  'server/graphql/tracking.ts': ['specification section'],
  'server/graphql/translation.ts': ['specification section'],
  'server/module/commands.ts': ['outside the repository', 'specification section'],
  'server/result/learner-view.ts': ['issue number'],
  'server/section/commands.ts': ['outside the repository', 'specification section'],
  'events/course/commands.ts': ['specification section'],
  'events/course/events.ts': ['specification section'],
  'events/module/commands.ts': ['specification section'],
  'events/module/decider.ts': ['specification section'],
  'events/module/events.ts': ['specification section'],
  'events/section/commands.ts': ['specification section'],
  'events/section/events.ts': ['specification section'],
  'scripts/seed/demo-content.ts': ['issue number'],
  'tests/graphql/content.test.ts': ['issue number', 'specification section'],
  'tests/graphql/contract.test.ts': ['specification section'],
  'tests/graphql/field-errors.test.ts': ['issue number'],
  'tests/graphql/sections.test.ts': ['specification section'],
  'tests/graphql/teacher-results.test.ts': ['specification section'],
  'tests/graphql/tokens.test.ts': ['issue number'],
  'tests/graphql/tracking.test.ts': ['specification section'],
  'tests/graphql/typed-inputs.test.ts': ['issue number'],
  'tests/server/permission-inputs.ts': ['issue number', 'specification section'],
};

type Rule = 'issue number' | 'specification section' | 'outside the repository' | 'docs path';

function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      if (skipped.has(entry.name)) return [];
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(relative);
      return extensions.test(entry.name) ? [relative] : [];
    });
  return folders
    .filter((folder) => fs.existsSync(path.join(root, folder)))
    .flatMap(walk)
    .filter((file) => file !== self);
}

const rules: Record<Exclude<Rule, 'docs path'>, RegExp> = {
  // 'issue 12', 'issues 3 and 4', 'Issue #7', '(#12)', '(#12,', "#12's": a number a tracker gave.
  'issue number': /\bissues? #?\d+|\(#\d+[),]|#\d+'s\b/i,
  'specification section': /\bspec(ification)?('s)?,? (sections?|§) ?\d|\bspec §|sections? \d+ of the spec/i,
  // The house documents beside the repository ('../shared/DESIGN.md'); '../shared/fields' is an import.
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
    '%s: cites no issue number or specification section, names no file outside the repository, and every docs/ page it names exists',
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
    const cases = [
      `// see issue #12`,
      ` * Answers as teachers read them (issue 19): the option texts`,
      `/** Live classrooms (#17): who may enter */`,
      `/** The page form (spec sections 3 and 5) */`,
      `// the spec, section 4`,
    ];
    for (const line of cases)
      expect(
        Object.values(rules).some((pattern) => pattern.test(line)),
        line,
      ).toBe(true);
    expect(rules['outside the repository'].test('(DESIGN.md, the one ownership rule)')).toBe(true);
    expect(brokenDocsPaths('see docs/guide/no-such-page.md')).toEqual([
      'docs/guide/no-such-page.md: no such file',
    ]);
    expect(brokenDocsPaths('(docs/security.md#no-such-heading)')).toEqual([
      'docs/security.md#no-such-heading: no such heading',
    ]);
    expect(brokenDocsPaths('(docs/security.md#sessions), tests/docs/markdown.ts, docs/adr/')).toEqual([]);
    // Colours, addresses and ids are no issue numbers.
    for (const line of ['color: #000000;', "fetch('https://example.org/#4711')", 'const tag = "#12ab"'])
      expect(rules['issue number'].test(line), line).toBe(false);
  });
});
