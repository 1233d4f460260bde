import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, documentationFiles, prose, root } from './markdown';

const files = documentationFiles();

/** Every link and image of a file's prose: its target as written. */
function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

describe('the documentation', () => {
  it('is found', () => {
    expect(files).toContain('docs/operations/configuration.md');
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files)(
    '%s: every relative link reaches a file of the repository, and its #anchor a heading',
    (file) => {
      const markdown = fs.readFileSync(path.join(root, file), 'utf8');
      const broken: string[] = [];
      for (const target of links(markdown)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not ours to check
        const [pathPart, anchor] = target.split('#') as [string, string | undefined];
        const resolved = pathPart
          ? path.resolve(path.dirname(path.join(root, file)), pathPart)
          : path.join(root, file);
        if (path.relative(root, resolved).startsWith('..')) {
          broken.push(`${target}: outside the repository`);
          continue;
        }
        if (!fs.existsSync(resolved)) {
          broken.push(`${target}: no such file`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchors(fs.readFileSync(resolved, 'utf8')).has(anchor))
          broken.push(`${target}: no heading for #${anchor}`);
      }
      expect(broken).toEqual([]);
    },
  );

  it.each(files)('%s: names no path outside the repository and no issue number', (file) => {
    const markdown = fs.readFileSync(path.join(root, file), 'utf8');
    expect(markdown).not.toMatch(/\.\.\/shared|\/work\/|DESIGN\.md|STYLE\.md/);
    // Issue numbers read in prose (the word and a number, or a hash and a number after a space or a
    // bracket); code may hold a hash and a number in an address.
    expect(prose(markdown)).not.toMatch(/\bissues? #?\d+|(^|[\s(])#\d+\b/im);
  });

  it('keeps the README a front page from which every page is at most two clicks away', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    const linkedFrom = (file: string) =>
      links(fs.readFileSync(path.join(root, file), 'utf8'))
        .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
        .map((target) =>
          path.relative(root, path.resolve(path.dirname(path.join(root, file)), target.split('#')[0]!)),
        )
        .filter((target) => target.endsWith('.md') && fs.existsSync(path.join(root, target)));
    const reached = new Set(['README.md']);
    for (const first of linkedFrom('README.md')) {
      reached.add(first);
      for (const second of linkedFrom(first)) reached.add(second);
    }
    expect(files.filter((file) => !reached.has(file))).toEqual([]);
  });
});
