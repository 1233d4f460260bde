import { describe, expect, it } from 'vitest';
import { certificateConfigsProjection } from '../../../projections/certificate/certificate-configs';
import { databaseKinds } from '../../harness';
import { projectionSpec } from '../given-events';
import { aCourse, aModule } from './fixtures';

describe.each(databaseKinds)('certificate_configs on %s', (kind) => {
  const spec = projectionSpec(certificateConfigsProjection, kind);
  const module = aModule();
  const course = aCourse();

  it('a configured certificate is a row per item, with the defaults filled in', () =>
    spec
      .given()
      .when(module.certificateConfigured({ auto: true }), course.certificateConfigured({ timed: 2 }))
      .thenRows({
        certificate_configs: [
          {
            item_type: 'module',
            item_id: module.moduleId,
            config: expectConfig({ auto: true, complete: true, timed: 0 }),
          },
          { item_type: 'course', item_id: course.courseId, config: expectConfig({ auto: false, timed: 2 }) },
        ],
      }));

  it('configuring again replaces the config', () =>
    spec
      .given(module.certificateConfigured({ auto: true }))
      .when(module.certificateConfigured({ auto: false, correct: true }))
      .thenRows({ certificate_configs: [{ config: expectConfig({ auto: false, correct: true }) }] }));

  it('a deleted module or course takes its config, not the other kind’s with the same id', () => {
    const other = aModule('other');
    return spec
      .given(
        module.certificateConfigured({}),
        other.certificateConfigured({}),
        course.certificateConfigured({}),
      )
      .when(module.deleted(), course.deleted())
      .thenRows({ certificate_configs: [{ item_id: other.moduleId }] });
  });
});

function expectConfig(fields: Record<string, unknown>) {
  return expect.objectContaining(fields);
}
