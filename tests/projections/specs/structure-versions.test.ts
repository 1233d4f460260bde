import { describe, expect, it } from 'vitest';
import { structureVersions } from '../../../projections/module/structure-versions';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCourse, aModule, aPage } from './fixtures';

describe.each(databaseKinds)('structure_versions on %s', (kind) => {
  const spec = projectionSpec(structureVersions, kind);
  const module = aModule();
  const page = aPage(module);
  const positionOf = (rows: Record<string, unknown>[] | undefined) => {
    expect(rows).toHaveLength(1);
    expect(rows![0]!.name).toBe('modules');
    return String(rows![0]!.position);
  };

  it('a module, owner or page change records its position', () =>
    spec
      .given(module.created(), module.ownerAdded('teacher-1'))
      .when(page.created())
      .thenCheck(({ structure_versions: rows }, events) => {
        expect(positionOf(rows)).toBe(String(events.at(-1)!.position));
      }));

  it('changes to other things do not move it', () => {
    const course = aCourse();
    return spec
      .given(module.created())
      .when(course.created(), course.moduleLinked(module))
      .thenCheck(({ structure_versions: rows }, events) => {
        expect(positionOf(rows)).toBe(String(events[0]!.position));
      });
  });

  it('nothing structural yet: no row', () =>
    spec.given(aCourse().created()).thenRows({ structure_versions: [] }));
});
