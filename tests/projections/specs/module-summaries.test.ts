import { describe, it } from 'vitest';
import { moduleSummaries } from '../../../projections/module/module-summaries';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aModule } from './fixtures';

describe.each(databaseKinds)('module_summaries on %s', (kind) => {
  const spec = projectionSpec(moduleSummaries, kind);
  const module = aModule();

  it('a created module is a row with its settings', () =>
    spec
      .given()
      .when(module.created({ randomized: ['pages'], test: true }))
      .thenRows({
        module_summaries: [
          {
            module_id: module.moduleId,
            path: 'hygiene',
            name: 'Hygiene',
            published: false,
            test: true,
            randomized: ['pages'],
          },
        ],
      }));

  it('an update replaces the settings and keeps published', () =>
    spec
      .given(module.created({ published: true }))
      .when(module.updated({ name: 'Hand hygiene', gateProgress: true, gateConfig: ['all-correct'] }))
      .thenRows({
        module_summaries: [
          { name: 'Hand hygiene', gate_progress: true, gate_config: ['all-correct'], published: true },
        ],
      }));

  it('unpublishing then publishing leaves it published', () =>
    spec
      .given(module.created({ published: true }))
      .when(module.unpublished(), module.published())
      .thenRows({ module_summaries: [{ published: true }] }));

  it('a deleted module leaves no row, a creation applied again adds none', () => {
    const other = aModule('other');
    return spec
      .given(module.created(), other.created())
      .when(module.deleted(), other.created({ name: 'Again' }))
      .thenRows({ module_summaries: [{ path: 'other', name: 'Hygiene' }] });
  });

  it('published changes replace the live settings; a draft alone changes nothing', () =>
    spec
      .given(module.created({ published: true }), module.draftSaved({ name: 'Draft name' }))
      .when(module.changesPublished({ name: 'Hand hygiene at work' }))
      .thenRows({ module_summaries: [{ name: 'Hand hygiene at work', published: true }] }));
});
