import { describe, expect, it } from 'vitest';
import { moduleDrafts } from '../../../projections/module/module-drafts';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule } from './fixtures';

describe.each(databaseKinds)('module_drafts on %s', (kind) => {
  const spec = projectionSpec(moduleDrafts, kind);
  const hygiene = aModule('hygiene');
  const care = aModule('care');

  it('a saved draft is a row with the whole settings', () =>
    spec
      .given(hygiene.created({ published: true }))
      .when(hygiene.draftSaved({ name: 'Hygiene at work' }))
      .thenCheck((rows) => {
        expect(rows.module_drafts).toEqual([
          expect.objectContaining({
            module_id: hygiene.moduleId,
            path: 'hygiene',
            details: expect.objectContaining({ name: 'Hygiene at work', language: 'en' }),
          }),
        ]);
      }));

  it('publishing, discarding or deleting the module leaves no draft', () =>
    spec
      .given(
        hygiene.created(),
        care.created(),
        hygiene.draftSaved({ name: 'A' }),
        care.draftSaved({ name: 'B' }),
        hygiene.changesPublished({ name: 'A' }),
        care.draftDiscarded(),
        care.draftSaved({ name: 'C' }),
      )
      .when(care.deleted())
      .thenRows({ module_drafts: [] }));
});
