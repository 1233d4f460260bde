import { describe, it } from 'vitest';
import { pageDrafts } from '../../../projections/page/page-drafts';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule, aPage } from './fixtures';

describe.each(databaseKinds)('page_drafts on %s', (kind) => {
  const spec = projectionSpec(pageDrafts, kind);
  const module = aModule();
  const washing = aPage(module, 'washing');
  const drying = aPage(module, 'drying');

  it('a saved draft is a row beside the live page', () =>
    spec
      .given(washing.created())
      .when(washing.draftSaved({ name: 'Washing hands well', estimatedTime: 9 }))
      .thenRows({
        page_drafts: [
          { page_id: washing.pageId, path: 'washing', name: 'Washing hands well', estimated_time: 9 },
        ],
      }));

  it('a later draft replaces the earlier one', () =>
    spec
      .given(washing.created(), washing.draftSaved({ name: 'First' }))
      .when(washing.draftSaved({ name: 'Second' }))
      .thenRows({ page_drafts: [{ page_id: washing.pageId, name: 'Second' }] }));

  it('publishing or discarding leaves no draft', () =>
    spec
      .given(
        washing.created(),
        drying.created(),
        washing.draftSaved({ name: 'A' }),
        drying.draftSaved({ name: 'B' }),
        washing.changesPublished({ name: 'A' }),
      )
      .when(drying.draftDiscarded())
      .thenRows({ page_drafts: [] }));

  it('a deleted page takes its draft with it', () =>
    spec
      .given(washing.created(), drying.created(), washing.draftSaved({}), drying.draftSaved({}))
      .when(washing.deleted())
      .thenRows({ page_drafts: [{ page_id: drying.pageId }] }));

  it("a deleted module takes its pages' drafts with it", () =>
    spec
      .given(module.created(), washing.created(), washing.draftSaved({}))
      .when(module.deleted())
      .thenRows({ page_drafts: [] }));
});
