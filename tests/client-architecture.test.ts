import { describe, expect, it } from 'vitest';
import { type Import, importsUnder } from './support/imports';

/**
 * The client's features do not import each other (docs/development/conventions.md): what several
 * features need is shared code (client/ui, client/lib), and a screen that shows another feature's
 * view gets it handed in by the app's page that composes them (client/app/pages, e.g. course-page.tsx).
 */
const featureOf = (file: string) => /^client\/features\/([^/]+)(\/|$)/.exec(file)?.[1] ?? null;

/** The admin area's shell: its route table assembles every feature's admin screens. */
const routeShells = new Set(['admin']);

const crossings = (imports: Import[]) =>
  imports
    .filter(({ file, target }) => {
      const from = featureOf(file);
      const to = featureOf(target);
      return from !== null && to !== null && from !== to && !routeShells.has(from);
    })
    .map(({ file, target }) => `${file} → ${target}`);

/** An admin folder: the shell, a feature's admin screens, or their shared frames (client/ui/admin). */
const inAdmin = (file: string) => file.split('/').includes('admin');

describe('client features', () => {
  const imports = importsUnder('client');

  it('import no other feature (the route shells excepted)', () => {
    expect(crossings(imports)).toEqual([]);
  });

  it('keep the admin screens out of the learner side (the app loads the admin area lazily)', () => {
    const found = imports
      .filter(({ file, target }) => !inAdmin(file) && inAdmin(target))
      .filter(
        ({ file, target }) =>
          !(file === 'client/app/routes.tsx' && target === 'client/features/admin/admin-routes'),
      )
      .map(({ file, target }) => `${file} → ${target}`);
    expect(found).toEqual([]);
  });

  it('sees the imports it checks (the scan itself works)', () => {
    expect(imports.length).toBeGreaterThan(100);
    // The shell's table imports a feature's screens; the app loads the admin area lazily.
    expect(imports).toContainEqual({
      file: 'client/features/admin/embeds.tsx',
      target: 'client/features/course/admin/course-edit',
      typeOnly: true,
    });
    expect(imports).toContainEqual({
      file: 'client/app/routes.tsx',
      target: 'client/features/admin/admin-routes',
      typeOnly: false,
    });
    const probe = (file: string, target: string): Import[] => [{ file, target, typeOnly: false }];
    expect(crossings(probe('client/features/course/a.tsx', 'client/features/module/b'))).toHaveLength(1);
    expect(crossings(probe('client/features/course/admin/a.tsx', 'client/features/course/b'))).toEqual([]);
    expect(crossings(probe('client/features/course/a.tsx', 'client/ui/admin/b'))).toEqual([]);
    expect(crossings(probe('client/features/admin/embeds.tsx', 'client/features/course/b'))).toEqual([]);
    expect(crossings(probe('client/app/pages/course-page.tsx', 'client/features/module/b'))).toEqual([]);
  });
});
