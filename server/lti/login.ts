import { randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import { forbidden, invalid, notFound } from '../../events/errors';
import { findLtiPlatform, type LtiPlatformRow } from '../../projections/lti/lti-platforms';
import type { Db } from '../db/tables';
import { claim, type LaunchClaims, launchClaimsSchema } from './claims';
import { LTI_ALGORITHM } from './tool-keys';

/** How long a login may take between its initiation and the platform's id_token. */
const LOGIN_SECONDS = 600;

/** The state cookie: it ties the launch to the browser the login started in (login CSRF). */
export const LTI_STATE_COOKIE = 'srhr_lti_state';

/** A third-party initiated login (LTI 1.3 Core §5.1.1, OIDC): from a query or a form. */
export const loginInputSchema = z.object({
  iss: z.string().min(1).max(500),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().min(1).max(2000),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().max(200).optional(),
  lti_deployment_id: z.string().max(255).optional(),
});
export type LoginInput = z.output<typeof loginInputSchema>;

export const launchFormSchema = z.object({
  id_token: z.string().min(1).max(60_000),
  state: z.string().min(1).max(200),
});

const refused = forbidden;

/**
 * Starts a login: a state and a nonce kept for minutes, and the address of the platform's
 * authorisation endpoint that sends the browser back to /lti/launch with the id_token.
 */
export async function startLogin(db: Db, input: LoginInput, launchUrl: string) {
  const platform = await findLtiPlatform(db, { issuer: input.iss, clientId: input.client_id });
  if (!platform) throw notFound('lti.unknownPlatform');
  if (
    input.lti_deployment_id &&
    platform.deploymentIds.length > 0 &&
    !platform.deploymentIds.includes(input.lti_deployment_id)
  )
    throw refused('lti.unknownDeployment');
  const state = randomBytes(24).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  const now = Date.now();
  await db.deleteFrom('lti_logins').where('expires_at', '<', new Date(now)).execute();
  await db
    .insertInto('lti_logins')
    .values({
      state,
      nonce,
      platform_id: platform.platformId,
      expires_at: new Date(now + LOGIN_SECONDS * 1000).toISOString(),
    })
    .execute();
  const redirect = new URL(platform.authLoginUrl);
  const params = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: launchUrl,
    login_hint: input.login_hint,
    state,
    nonce,
    ...(input.lti_message_hint ? { lti_message_hint: input.lti_message_hint } : {}),
  };
  for (const [name, value] of Object.entries(params)) redirect.searchParams.set(name, value);
  return { redirect: redirect.toString(), state, maxAgeSeconds: LOGIN_SECONDS };
}

const remoteKeys = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
const keysAt = (url: string) => {
  let keys = remoteKeys.get(url);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    remoteKeys.set(url, keys);
  }
  return keys;
};

export interface VerifiedLaunch {
  platform: LtiPlatformRow;
  claims: LaunchClaims;
}

/**
 * The launch's id_token, checked as LTI 1.3 Core §5.1.3 asks: the state came back to the browser that
 * started the login and is spent once; the token is signed by the platform's key (its JWKS, RS256),
 * names the platform as issuer and this tool's client id as audience (and as `azp` when there are
 * several), has not expired, carries the login's nonce, LTI 1.3.0 and a registered deployment.
 */
export async function verifyLaunch(
  db: Db,
  form: z.output<typeof launchFormSchema>,
  cookieState: string | null,
): Promise<VerifiedLaunch> {
  if (cookieState !== form.state) throw refused('lti.stateMismatch');
  const login = await db
    .deleteFrom('lti_logins')
    .where('state', '=', form.state)
    .returning(['nonce', 'platform_id', 'expires_at'])
    .executeTakeFirst();
  if (!login || new Date(login.expires_at).getTime() < Date.now()) throw refused('lti.loginExpired');
  const platform = await findLtiPlatform(db, { platformId: login.platform_id });
  if (!platform) throw notFound('lti.unknownPlatform');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(form.id_token, keysAt(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: [LTI_ALGORITHM],
      clockTolerance: 60,
    }));
  } catch {
    throw refused('lti.badToken');
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== platform.clientId)
    throw refused('lti.badToken');
  if (payload.nonce !== login.nonce) throw refused('lti.badToken');
  const parsed = launchClaimsSchema.safeParse(payload);
  if (!parsed.success) throw invalid('lti.badClaims');
  const claims = parsed.data;
  const deployment = claims[claim.deploymentId] as string;
  if (platform.deploymentIds.length > 0 && !platform.deploymentIds.includes(deployment))
    throw refused('lti.unknownDeployment');
  return { platform, claims };
}
