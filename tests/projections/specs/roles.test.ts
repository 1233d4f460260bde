import { describe, it } from 'vitest';
import { roleProjection } from '../../../projections/role/roles';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aRole } from './fixtures';

describe.each(databaseKinds)('roles on %s', (kind) => {
  const spec = projectionSpec(roleProjection, kind);
  const reviewer = aRole('Reviewer');

  it('a created role is a row with its actions', () =>
    spec
      .given()
      .when(reviewer.created())
      .thenRows({ roles: [{ role_id: reviewer.roleId, name: 'Reviewer', actions: reviewer.actions }] }));

  it('an update renames it and replaces its actions', () =>
    spec
      .given(reviewer.created())
      .when(reviewer.updated('Editor', { edit: true }))
      .thenRows({ roles: [{ name: 'Editor', actions: { ...reviewer.actions, edit: true } }] }));

  it('a deleted role leaves no row; a creation applied again adds none', () => {
    const other = aRole('Other');
    return spec
      .given(reviewer.created(), other.created())
      .when(reviewer.deleted(), other.created())
      .thenRows({ roles: [{ name: 'Other' }] });
  });
});
