import { z } from 'zod';
import { defineEvent, type EventOf } from '../define';

const platformId = z.uuid();
const actorId = z.string().min(1).max(200);
const url = z.url({ protocol: /^https?$/ }).max(500);

/**
 * An administrator registered a learning platform (Moodle, Canvas, Open edX …) that launches this
 * one as an LTI 1.3 tool (docs/integrating/lti.md): what the platform gave for this tool.
 */
export const LtiPlatformRegistered = defineEvent(
  'LtiPlatformRegistered',
  z.object({
    platformId,
    name: z.string().min(1).max(100),
    /** The platform's `iss`: every id_token it signs names it. */
    issuer: url,
    /** The tool's client id at the platform: the `aud` of its id_tokens. */
    clientId: z.string().min(1).max(200),
    /** The deployments that may launch; empty: any deployment of this client. */
    deploymentIds: z.array(z.string().min(1).max(200)).max(20),
    /** The platform's OIDC authorisation endpoint, where a login is sent on. */
    authLoginUrl: url,
    /** The platform's OAuth 2.0 token endpoint, for grades and members. */
    tokenUrl: url,
    /** The platform's public keys, against which its id_tokens are checked. */
    jwksUrl: url,
    registeredBy: actorId,
  }),
);

/** The platform's launches, grades and member lists stop at once. */
export const LtiPlatformRemoved = defineEvent(
  'LtiPlatformRemoved',
  z.object({ platformId, removedBy: actorId }),
);

export const ltiEventDefinitions = [LtiPlatformRegistered, LtiPlatformRemoved];
export type LtiEvent = EventOf<typeof LtiPlatformRegistered> | EventOf<typeof LtiPlatformRemoved>;

export const ltiPlatformStream = (platformId: string) => `lti-platform-${platformId}`;
