import { describe, it } from 'vitest';
import { pageSummaries } from '../../../projections/page/page-summaries';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule, aPage } from './fixtures';

describe.each(databaseKinds)('page_summaries on %s', (kind) => {
  const spec = projectionSpec(pageSummaries, kind);
  const module = aModule();
  const washing = aPage(module, 'washing');
  const drying = aPage(module, 'drying');

  it('a created page goes last in its module', () =>
    spec
      .given(washing.created())
      .when(drying.created({ estimatedTime: 3 }))
      .thenRows({
        page_summaries: [
          {
            page_id: washing.pageId,
            path: 'washing',
            module_path: 'hygiene',
            position: 0,
            estimated_time: 5,
          },
          { page_id: drying.pageId, path: 'drying', position: 1, estimated_time: 3 },
        ],
      }));

  it('an update replaces name, type, content and time, and keeps the place', () =>
    spec
      .given(washing.created(), drying.created())
      .when(drying.updated({ name: 'Drying hands', estimatedTime: 7 }))
      .thenRows({
        page_summaries: [
          { path: 'washing', position: 0 },
          { path: 'drying', name: 'Drying hands', estimated_time: 7, position: 1 },
        ],
      }));

  it('the module orders its pages', () =>
    spec
      .given(washing.created(), drying.created())
      .when(module.pagesOrdered(['drying', 'washing']))
      .thenRows({
        page_summaries: [
          { path: 'drying', position: 0 },
          { path: 'washing', position: 1 },
        ],
      }));

  it('a deleted page goes; a deleted module takes its pages, not another module’s', () => {
    const other = aModule('other');
    const elsewhere = aPage(other, 'elsewhere');
    return spec
      .given(washing.created(), drying.created(), elsewhere.created())
      .when(washing.deleted(), module.deleted())
      .thenRows({ page_summaries: [{ path: 'elsewhere', module_path: 'other' }] });
  });

  it('published changes replace the live page; a draft alone changes nothing', () =>
    spec
      .given(washing.created(), washing.draftSaved({ name: 'Draft name' }))
      .when(washing.changesPublished({ name: 'Washing hands well', estimatedTime: 9 }))
      .thenRows({ page_summaries: [{ path: 'washing', name: 'Washing hands well', estimated_time: 9 }] }));
});
