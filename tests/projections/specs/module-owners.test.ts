import { describe, it } from 'vitest';
import { moduleOwnersProjection } from '../../../projections/module/module-owners';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule } from './fixtures';

describe.each(databaseKinds)('module_owners on %s', (kind) => {
  const spec = projectionSpec(moduleOwnersProjection, kind);
  const module = aModule();

  it('an added owner is a row, added twice still one', () =>
    spec
      .given()
      .when(module.ownerAdded('teacher-1'), module.ownerAdded('teacher-1'))
      .thenRows({ module_owners: [{ module_id: module.moduleId, user_id: 'teacher-1' }] }));

  it('a removed owner goes, the others stay', () =>
    spec
      .given(module.ownerAdded('teacher-1'), module.ownerAdded('teacher-2'))
      .when(module.ownerRemoved('teacher-2'))
      .thenRows({ module_owners: [{ user_id: 'teacher-1' }] }));

  it('a deleted module has no owners left, another module keeps its own', () => {
    const other = aModule('other');
    return spec
      .given(module.ownerAdded('teacher-1'), other.ownerAdded('teacher-1'))
      .when(module.deleted())
      .thenRows({ module_owners: [{ module_id: other.moduleId }] });
  });
});
