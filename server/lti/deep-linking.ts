import { randomBytes } from 'node:crypto';
import { importJWK, jwtVerify, SignJWT } from 'jose';
import type { LtiPlatformRow } from '../../projections/lti/lti-platforms';
import type { Db } from '../db/tables';
import { claim } from './claims';
import type { LtiItem } from './items';
import { LTI_ALGORITHM, toolKey } from './tool-keys';

/** How long a teacher may take to choose. */
const CHOICE_SECONDS = 15 * 60;
const CHOICE_AUDIENCE = 'srhr-lti-deep-link';

/** What the choice page carries to its answer, signed by the tool so nobody can change where it goes. */
export interface DeepLinkRequest {
  platformId: string;
  deploymentId: string;
  returnUrl: string;
  data: string | null;
  language: string;
}

export async function signDeepLinkRequest(db: Db, request: DeepLinkRequest): Promise<string> {
  const key = await toolKey(db);
  return new SignJWT({ ...request })
    .setProtectedHeader({ alg: LTI_ALGORITHM, kid: key.kid })
    .setAudience(CHOICE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHOICE_SECONDS}s`)
    .sign(key.privateKey);
}

/** The request a choice answers, or null when it was not signed here, or has expired. */
export async function readDeepLinkRequest(db: Db, token: string): Promise<DeepLinkRequest | null> {
  const key = await toolKey(db);
  try {
    const { payload } = await jwtVerify(token, await importJWK(key.publicJwk, LTI_ALGORITHM), {
      audience: CHOICE_AUDIENCE,
      algorithms: [LTI_ALGORITHM],
    });
    const { platformId, deploymentId, returnUrl, data, language } = payload as Partial<DeepLinkRequest>;
    if (typeof platformId !== 'string' || typeof deploymentId !== 'string' || typeof returnUrl !== 'string')
      return null;
    return {
      platformId,
      deploymentId,
      returnUrl,
      data: typeof data === 'string' ? data : null,
      language: typeof language === 'string' ? language : 'en',
    };
  } catch {
    return null;
  }
}

/**
 * The Deep Linking response (Deep Linking 2.0 §4.5): one LTI resource link to the chosen item, with a
 * line item for a module so that the platform makes a gradebook column its scores go to.
 */
export async function deepLinkResponse(
  db: Db,
  platform: LtiPlatformRow,
  request: DeepLinkRequest,
  item: LtiItem,
  publicUrl: string,
): Promise<string> {
  const key = await toolKey(db);
  const contentItem = {
    type: 'ltiResourceLink',
    title: item.name,
    url: `${publicUrl}/${item.itemType}/${encodeURIComponent(item.path)}`,
    custom: { [item.itemType]: item.path },
    ...(item.itemType === 'module'
      ? { lineItem: { scoreMaximum: 100, label: item.name, resourceId: item.itemId } }
      : {}),
  };
  return new SignJWT({
    nonce: randomBytes(16).toString('base64url'),
    [claim.messageType]: 'LtiDeepLinkingResponse',
    [claim.version]: '1.3.0',
    [claim.deploymentId]: request.deploymentId,
    [claim.dlContentItems]: [contentItem],
    ...(request.data !== null ? { [claim.dlData]: request.data } : {}),
  })
    .setProtectedHeader({ alg: LTI_ALGORITHM, kid: key.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setAudience(platform.issuer)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key.privateKey);
}
