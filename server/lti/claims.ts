import { z } from 'zod';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
export const AGS_ENDPOINT_CLAIM = 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint';
export const NRPS_CLAIM = 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice';
export const AGS_SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
export const NRPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
export const claim = {
  messageType: `${LTI}message_type`,
  version: `${LTI}version`,
  deploymentId: `${LTI}deployment_id`,
  targetLinkUri: `${LTI}target_link_uri`,
  resourceLink: `${LTI}resource_link`,
  roles: `${LTI}roles`,
  context: `${LTI}context`,
  custom: `${LTI}custom`,
  deepLinkingSettings: `${DL}deep_linking_settings`,
  dlContentItems: `${DL}content_items`,
  dlData: `${DL}data`,
  dlMessage: `${DL}msg`,
} as const;

const text = z.string().min(1).max(1000);

/**
 * What this tool reads of a launch's id_token (LTI 1.3 Core §5, Deep Linking 2.0 §4.4, AGS 2.0 §3.1,
 * NRPS 2.0 §3.6), after its signature, issuer, audience and expiry are checked. Anything else it
 * carries is left alone.
 */
export const launchClaimsSchema = z.looseObject({
  iss: text,
  sub: z.string().min(1).max(255),
  nonce: text,
  name: z.string().max(200).optional(),
  given_name: z.string().max(100).optional(),
  family_name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  locale: z.string().max(20).optional(),
  [claim.messageType]: z.enum(['LtiResourceLinkRequest', 'LtiDeepLinkingRequest']),
  [claim.version]: z.literal('1.3.0'),
  [claim.deploymentId]: z.string().min(1).max(255),
  [claim.targetLinkUri]: z.string().max(2000).optional(),
  [claim.roles]: z.array(z.string().max(500)).max(100),
  [claim.resourceLink]: z.looseObject({ id: text, title: z.string().max(500).optional() }).optional(),
  [claim.context]: z.looseObject({ id: text, title: z.string().max(500).optional() }).optional(),
  [claim.custom]: z.record(z.string(), z.unknown()).optional(),
  [claim.deepLinkingSettings]: z
    .looseObject({
      deep_link_return_url: z.url({ protocol: /^https?$/ }),
      accept_types: z.array(z.string()).optional(),
      data: z.string().max(2000).optional(),
    })
    .optional(),
  [AGS_ENDPOINT_CLAIM]: z
    .looseObject({
      scope: z.array(z.string()).default([]),
      lineitem: z.url({ protocol: /^https?$/ }).optional(),
      lineitems: z.url({ protocol: /^https?$/ }).optional(),
    })
    .optional(),
  [NRPS_CLAIM]: z.looseObject({ context_memberships_url: z.url({ protocol: /^https?$/ }) }).optional(),
});
export type LaunchClaims = z.output<typeof launchClaimsSchema>;

const roleIri = 'http://purl.imsglobal.org/vocab/lis/v2/';

/**
 * Whether the platform says the person teaches in this context (Instructor or Administrator, as a
 * membership or institution role, or as the short names LTI 1.1 used). It never gives rights here:
 * it only lets them choose a link (Deep Linking) and fetch the members (ADR: rights come from the item).
 */
export function teachesInContext(roles: readonly string[]): boolean {
  return roles.some((role) =>
    [
      `${roleIri}membership#Instructor`,
      `${roleIri}membership#Administrator`,
      `${roleIri}institution/person#Administrator`,
      `${roleIri}system/person#Administrator`,
      'Instructor',
      'Administrator',
    ].includes(role),
  );
}
