import { describe, expect, it } from 'vitest';
import { type Import, importsUnder } from './support/imports';

/**
 * The client's features do not import each other (docs/development/conventions.md): what several
 * features need is shared code (client/ui, client/lib), and a screen that shows another feature's
 * view gets it handed in by the route table that composes them.
 */
const featureOf = (file: string) => /^client\/features\/([^/]+)(\/|$)/.exec(file)?.[1] ?? null;

/** The admin area's shell: its route table assembles every feature's admin screens. */
const routeShells = new Set(['admin']);

/**
 * Learner pages that still compose other features' parts directly. Each is a debt: move the part
 * to shared code or hand it in from the route table, then drop its line here.
 */
const knownCrossings = new Set([
  // The course page shows its sections' live parts, linked modules and files, the translation
  // switch and the course certificate tab, all drawn by the features that own them.
  'client/features/course/components/section-panel.tsx → client/features/classroom/components/live-part',
  'client/features/course/components/section-panel.tsx → client/features/module/components/linked-content',
  'client/features/course/routes/course.tsx → client/features/module/components/linked-content',
  'client/features/course/routes/course.tsx → client/features/module/components/translation-switch',
  'client/features/course/routes/course.tsx → client/features/certificate/api/get-course-certificate',
  'client/features/course/routes/course.tsx → client/features/certificate/routes/course-certificate-tab',
  // A module's result page offers the module's certificate.
  'client/features/module/routes/result.tsx → client/features/certificate/components/module-certificate',
]);

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
    expect(crossings(imports).filter((crossing) => !knownCrossings.has(crossing))).toEqual([]);
  });

  it('keep the list of known crossings current (a crossing fixed leaves it)', () => {
    const found = new Set(crossings(imports));
    expect([...knownCrossings].filter((crossing) => !found.has(crossing))).toEqual([]);
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
  });
});
