import { describe, it } from 'vitest';
import { ltiPlatformDecider } from '../../../events/lti/decider';
import type { LtiEvent } from '../../../events/lti/events';
import { deciderSpec } from '../decider-spec';

const given = deciderSpec(ltiPlatformDecider);
const platformId = '6a0c1e2d-3b4a-4c5d-8e6f-7a8b9c0d1e2f';
const form = {
  platformId,
  name: 'Moodle of the ministry',
  issuer: 'https://moodle.example',
  clientId: 'tool-1',
  deploymentIds: ['1'],
  authLoginUrl: 'https://moodle.example/mod/lti/auth.php',
  tokenUrl: 'https://moodle.example/mod/lti/token.php',
  jwksUrl: 'https://moodle.example/mod/lti/certs.php',
  registeredBy: 'admin-1',
};
const registered: LtiEvent = { type: 'LtiPlatformRegistered', data: form };
const remove = { type: 'RemoveLtiPlatform' as const, data: { platformId, removedBy: 'admin-2' } };
const removed: LtiEvent = { type: 'LtiPlatformRemoved', data: { platformId, removedBy: 'admin-2' } };

describe('LTI platform decider', () => {
  it('registers a platform with everything the form said and who registered it, once', () => {
    given([]).when({ type: 'RegisterLtiPlatform', data: form }).thenEvents([registered]);
    given([registered])
      .when({ type: 'RegisterLtiPlatform', data: form })
      .thenThrows('CONFLICT', 'lti.platformExists');
  });

  it('removes a registered platform once; a missing one is not found', () => {
    given([registered]).when(remove).thenEvents([removed]);
    given([registered, removed]).when(remove).thenThrows('CONFLICT', 'lti.platformRemoved');
    given([]).when(remove).thenThrows('NOT_FOUND', 'lti.platformNotFound');
  });
});
