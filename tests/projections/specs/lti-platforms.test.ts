import { describe, it } from 'vitest';
import { ltiPlatformsProjection } from '../../../projections/lti/lti-platforms';
import { databaseKinds } from '../../harness';
import { event, projectionSpec } from '../given-events';

const moodle = '6a0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e21';
const canvas = '6a0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e22';

function platformOf(platformId: string, name: string, issuer: string) {
  const stream = `lti-platform-${platformId}`;
  return {
    registered: (at = '2026-11-29T10:00:00.000Z') =>
      event(
        'LtiPlatformRegistered',
        {
          platformId,
          name,
          issuer,
          clientId: 'tool-1',
          deploymentIds: ['1', '2'],
          authLoginUrl: `${issuer}/auth`,
          tokenUrl: `${issuer}/token`,
          jwksUrl: `${issuer}/jwks`,
          registeredBy: 'admin-1',
        },
        { stream, at },
      ),
    removed: (at: string) =>
      event('LtiPlatformRemoved', { platformId, removedBy: 'admin-2' }, { stream, at }),
  };
}

describe.each(databaseKinds)('lti_platforms on %s', (kind) => {
  const spec = projectionSpec(ltiPlatformsProjection, kind);
  const a = platformOf(moodle, 'Moodle', 'https://moodle.example');
  const b = platformOf(canvas, 'Canvas', 'https://canvas.example');

  it('a registered platform is a row with what the administrator copied from it and who did', () =>
    spec
      .given()
      .when(a.registered())
      .thenRows({
        lti_platforms: [
          {
            platform_id: moodle,
            name: 'Moodle',
            issuer: 'https://moodle.example',
            client_id: 'tool-1',
            deployment_ids: ['1', '2'],
            auth_login_url: 'https://moodle.example/auth',
            token_url: 'https://moodle.example/token',
            jwks_url: 'https://moodle.example/jwks',
            registered_by: 'admin-1',
            registered_at: '2026-11-29T10:00:00.000Z',
            removed_at: null,
            removed_by: null,
          },
        ],
      }));

  it('a removal keeps the row with when and by whom', () =>
    spec
      .given(a.registered(), b.registered())
      .when(b.removed('2026-11-29T12:00:00.000Z'))
      .thenRows({
        lti_platforms: [
          { platform_id: moodle, removed_at: null },
          { platform_id: canvas, removed_at: '2026-11-29T12:00:00.000Z', removed_by: 'admin-2' },
        ],
      }));
});
