import { randomUUID } from 'node:crypto';
import http from 'node:http';
import {
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
  SignJWT,
} from 'jose';
import { z } from 'zod';

/**
 * A stand-in LTI 1.3 platform (a tiny Moodle or Canvas) on loopback, for tests of the LTI tool under
 * /lti. It follows IMS LTI 1.3 Core, the IMS Security Framework (OpenID Connect third-party initiated
 * login, client credentials with a signed client assertion), Deep Linking 2.0, Assignment and Grade
 * Services 2.0 and Names and Role Provisioning Services 2.0, and refuses what they refuse, saying why,
 * so a test of the tool fails on the first thing the tool gets wrong.
 */

export interface LtiUser {
  sub: string;
  name?: string;
  email?: string;
  roles: ('Learner' | 'Instructor')[];
  locale?: string;
}

interface Launch {
  user: LtiUser;
  kind: 'resource' | 'deep-linking';
  targetLinkUri: string;
  /** Defaults to `resource-link-1`, the resource link the platform's one line item belongs to. */
  resourceLinkId?: string;
  resourceLinkTitle?: string;
  custom?: Record<string, string>;
  /** Whether the launch carries the AGS endpoint claim; true unless false. */
  ags?: boolean;
  /** Whether the launch carries the NRPS claim; true unless false. */
  nrps?: boolean;
  /** How the login initiation reaches the tool: a form POST (as Moodle does, the default) or a GET. */
  loginMethod?: 'post' | 'get';
}

interface Member {
  user_id: string;
  name?: string;
  email?: string;
  roles: string[];
  status?: 'Active' | 'Inactive';
}

interface LaunchAnswer {
  status: number;
  location: string | null;
  setCookies: string[];
  body: string;
}

export interface LtiPlatform {
  /** Its own base URL, e.g. http://127.0.0.1:<port>. */
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** What an administrator registers in the tool. */
  authLoginUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  contextId: string;
  contextTitle: string;
  /** The one line item of the context, e.g. `${issuer}/ags/lineitems/1`. */
  lineItemUrl: string;
  membershipsUrl: string;
  /** The context's members, answered by NRPS. Every launched user joins (Active); tests may edit it. */
  members: Member[];
  /** A URL on the stand-in that, opened in a browser, starts a launch (a form posting to the tool's /lti/login). */
  launchPageUrl(launch: Launch): string;
  /**
   * The same launch without a browser, with fetch and a tiny cookie jar: /lti/login, the auth
   * endpoint, then the POST to /lti/launch, whose answer comes back without following its redirect.
   * Throws, saying why, when the tool's login or the auth endpoint does not answer as they should.
   */
  launchWithFetch(launch: Launch): Promise<LaunchAnswer>;
  /** Every score accepted (after validation), with the scope string of the token it came with. */
  scores: Array<{ lineItemUrl: string; body: unknown; scope: string }>;
  /** Every verified deep-linking response. */
  deepLinks: Array<{ claims: Record<string, unknown> }>;
  /** Every token issued, with the scopes the tool asked for. */
  tokenRequests: Array<{ scopes: string[] }>;
  close(): Promise<void>;
}

const claims = {
  messageType: 'https://purl.imsglobal.org/spec/lti/claim/message_type',
  version: 'https://purl.imsglobal.org/spec/lti/claim/version',
  deploymentId: 'https://purl.imsglobal.org/spec/lti/claim/deployment_id',
  targetLinkUri: 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri',
  resourceLink: 'https://purl.imsglobal.org/spec/lti/claim/resource_link',
  roles: 'https://purl.imsglobal.org/spec/lti/claim/roles',
  context: 'https://purl.imsglobal.org/spec/lti/claim/context',
  custom: 'https://purl.imsglobal.org/spec/lti/claim/custom',
  toolPlatform: 'https://purl.imsglobal.org/spec/lti/claim/tool_platform',
  launchPresentation: 'https://purl.imsglobal.org/spec/lti/claim/launch_presentation',
  agsEndpoint: 'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint',
  namesRoleService: 'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice',
  deepLinkingSettings: 'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings',
  deepLinkingData: 'https://purl.imsglobal.org/spec/lti-dl/claim/data',
  contentItems: 'https://purl.imsglobal.org/spec/lti-dl/claim/content_items',
} as const;

const scopes = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  lineItemReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem.readonly',
  resultReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

/** The scopes this platform grants; any other a tool asks for is left out of its token. */
const grantableScopes = new Set<string>(Object.values(scopes));

const mediaTypes = {
  score: 'application/vnd.ims.lis.v1.score+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItemContainer: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
  resultContainer: 'application/vnd.ims.lis.v2.resultcontainer+json',
  memberships: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
} as const;

const roleIris: Record<LtiUser['roles'][number], string> = {
  Learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  Instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
};

const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const DEFAULT_RESOURCE_LINK_ID = 'resource-link-1';
const ACCESS_TOKEN_SECONDS = 3600;
const MAX_BODY_BYTES = 1_000_000;
/** What the platform offers in a deep-linking request, and so what it accepts back. */
const ACCEPT_TYPES = ['ltiResourceLink'] as const;

/** The platform's private side: its key, the tool's keys and what it issued and must recognise later. */
interface State {
  platform: LtiPlatform;
  toolBase: string;
  redirectUri: string;
  kid: string;
  privateKey: CryptoKey;
  jwks: { keys: object[] };
  toolKeys: JWTVerifyGetKey;
  contextLabel: string;
  toolPlatformGuid: string;
  /** Launches started by launchPageUrl or launchWithFetch, by their lti_message_hint. */
  pendingLaunches: Map<string, Launch>;
  /** Access tokens issued, with their granted scopes and expiry. */
  accessTokens: Map<string, { scopes: string[]; expiresAt: number }>;
  /** Client assertion ids already used: a replayed assertion is refused. */
  usedJtis: Set<string>;
  /** The opaque `data` sent in each deep-linking request, which the response must echo. */
  deepLinkingData: Set<string>;
}

export async function startLtiPlatform(options: {
  toolBase: string;
  clientId?: string;
  deploymentId?: string;
}): Promise<LtiPlatform> {
  const toolBase = options.toolBase.replace(/\/+$/, '');
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `platform-${randomUUID()}`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };

  // The handler comes once the platform knows its own address: nobody knows the port before that.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const short = () => randomUUID().slice(0, 8);
  const contextId = `context-${short()}`;

  const platform: LtiPlatform = {
    issuer,
    clientId: options.clientId ?? `client-${short()}`,
    deploymentId: options.deploymentId ?? `deployment-${short()}`,
    authLoginUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    jwksUrl: `${issuer}/jwks`,
    contextId,
    contextTitle: 'Stand-in course',
    lineItemUrl: `${issuer}/ags/lineitems/1`,
    membershipsUrl: `${issuer}/nrps/contexts/${contextId}/memberships`,
    members: [],
    scores: [],
    deepLinks: [],
    tokenRequests: [],
    launchPageUrl: (launch) => `${issuer}/launch/${startLaunch(state, launch)}`,
    launchWithFetch: (launch) => launchWithFetch(state, launch),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
  const state: State = {
    platform,
    toolBase,
    redirectUri: `${toolBase}/lti/launch`,
    kid,
    privateKey,
    jwks,
    toolKeys: createRemoteJWKSet(new URL(`${toolBase}/lti/jwks`)),
    contextLabel: 'SIC-101',
    toolPlatformGuid: randomUUID(),
    pendingLaunches: new Map(),
    accessTokens: new Map(),
    usedJtis: new Set(),
    deepLinkingData: new Set(),
  };
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    route(state, request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, `The platform failed: ${errorMessage(error)}`);
      else response.end();
    });
  });
  return platform;
}

// ---------------------------------------------------------------------------------------------------
// Routing

type Handler = (state: State, request: http.IncomingMessage, response: http.ServerResponse) => Promise<void>;

const routes: Record<string, Handler> = {
  'GET /jwks': async (state, _request, response) => sendJson(response, 200, state.jwks),
  'GET /auth': async (state, request, response) => authorize(state, queryOf(request), response),
  // OpenID Connect lets the authorization request come as a form POST too.
  'POST /auth': async (state, request, response) => authorize(state, await readForm(request), response),
  'POST /token': token,
  'POST /deep-link-return': deepLinkReturn,
  'GET /ags/lineitems': lineItems,
  'GET /ags/lineitems/1': lineItem,
  'POST /ags/lineitems/1/scores': score,
  'GET /ags/lineitems/1/results': results,
};

async function route(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  const { pathname } = new URL(request.url ?? '/', state.platform.issuer);
  const handler = routes[`${request.method} ${pathname}`];
  if (handler) return handler(state, request, response);
  if (request.method === 'GET' && pathname.startsWith('/launch/'))
    return launchPage(state, pathname.slice('/launch/'.length), response);
  if (request.method === 'GET' && pathname === new URL(state.platform.membershipsUrl).pathname)
    return memberships(state, request, response);
  send(response, 404, `The platform has no ${request.method} ${pathname}.`);
}

// ---------------------------------------------------------------------------------------------------
// Launch: third-party initiated login, then the authentication response carrying the id_token

/** Remembers the launch under a fresh lti_message_hint and enrols its user in the context. */
function startLaunch(state: State, launch: Launch): string {
  const hint = randomUUID();
  state.pendingLaunches.set(hint, launch);
  const { user } = launch;
  if (!state.platform.members.some((member) => member.user_id === user.sub))
    state.platform.members.push({
      user_id: user.sub,
      ...(user.name === undefined ? {} : { name: user.name }),
      ...(user.email === undefined ? {} : { email: user.email }),
      roles: user.roles.map((role) => roleIris[role]),
      status: 'Active',
    });
  return hint;
}

/** The login initiation parameters a platform sends to the tool's login URL. */
function loginParameters(state: State, hint: string, launch: Launch): URLSearchParams {
  return new URLSearchParams({
    iss: state.platform.issuer,
    login_hint: launch.user.sub,
    target_link_uri: launch.targetLinkUri,
    lti_message_hint: hint,
    client_id: state.platform.clientId,
    lti_deployment_id: state.platform.deploymentId,
  });
}

async function launchPage(state: State, hint: string, response: http.ServerResponse) {
  const launch = state.pendingLaunches.get(hint);
  if (!launch) return send(response, 404, 'No launch was started under this address.');
  const parameters = loginParameters(state, hint, launch);
  const loginUrl = `${state.toolBase}/lti/login`;
  if (launch.loginMethod === 'get') {
    response.writeHead(302, { location: `${loginUrl}?${parameters}` }).end();
    return;
  }
  sendHtml(response, 200, autoSubmitPage('Opening the tool', loginUrl, parameters));
}

/** The authentication request's parameters; client_id and redirect_uri must be the registered ones. */
function authRequestSchema(state: State) {
  const required = (name: string) => z.string({ error: `${name} is required` }).min(1, `${name} is required`);
  return z.object({
    scope: z.literal('openid', { error: 'scope must be openid' }),
    response_type: z.literal('id_token', { error: 'response_type must be id_token' }),
    response_mode: z.literal('form_post', { error: 'response_mode must be form_post' }),
    prompt: z.literal('none', { error: 'prompt must be none' }),
    client_id: z.literal(state.platform.clientId, {
      error: `client_id must be ${state.platform.clientId}`,
    }),
    redirect_uri: z.literal(state.redirectUri, { error: `redirect_uri must be ${state.redirectUri}` }),
    nonce: required('nonce'),
    login_hint: required('login_hint'),
    lti_message_hint: required('lti_message_hint'),
    // Recommended, not required: echoed when the tool sent it.
    state: z.string().optional(),
  });
}

async function authorize(state: State, parameters: URLSearchParams, response: http.ServerResponse) {
  const parsed = authRequestSchema(state).safeParse(Object.fromEntries(parameters));
  if (!parsed.success)
    return send(response, 400, `Authentication request refused: ${describe(parsed.error)}`);
  const request = parsed.data;
  const launch = state.pendingLaunches.get(request.lti_message_hint);
  if (!launch)
    return send(
      response,
      400,
      'Authentication request refused: lti_message_hint names no launch of this platform',
    );
  if (launch.user.sub !== request.login_hint)
    return send(response, 400, "Authentication request refused: login_hint is not the launch's user");
  const fields = new URLSearchParams({ id_token: await idToken(state, launch, request.nonce) });
  if (request.state !== undefined) fields.set('state', request.state);
  sendHtml(response, 200, autoSubmitPage('Launching the tool', state.redirectUri, fields));
}

async function idToken(state: State, launch: Launch, nonce: string): Promise<string> {
  const { platform } = state;
  return new SignJWT({ ...launchClaims(state, launch), nonce, azp: platform.clientId })
    .setProtectedHeader({ alg: 'RS256', kid: state.kid, typ: 'JWT' })
    .setIssuer(platform.issuer)
    .setAudience(platform.clientId)
    .setSubject(launch.user.sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(state.privateKey);
}

/** The OpenID Connect user claims and the LTI claims of a resource link or deep-linking launch. */
function launchClaims(state: State, launch: Launch): Record<string, unknown> {
  const { platform } = state;
  const { user } = launch;
  const resource = launch.kind === 'resource';
  const result: Record<string, unknown> = {
    ...(user.name === undefined ? {} : { name: user.name }),
    ...(user.email === undefined ? {} : { email: user.email }),
    ...(user.locale === undefined ? {} : { locale: user.locale }),
    [claims.messageType]: resource ? 'LtiResourceLinkRequest' : 'LtiDeepLinkingRequest',
    [claims.version]: '1.3.0',
    [claims.deploymentId]: platform.deploymentId,
    [claims.targetLinkUri]: launch.targetLinkUri,
    [claims.roles]: user.roles.map((role) => roleIris[role]),
    [claims.context]: {
      id: platform.contextId,
      label: state.contextLabel,
      title: platform.contextTitle,
      type: ['http://purl.imsglobal.org/vocab/lis/v2/course#CourseOffering'],
    },
    [claims.toolPlatform]: {
      guid: state.toolPlatformGuid,
      name: 'LTI platform stand-in',
      product_family_code: 'lti-platform-stand-in',
    },
    [claims.launchPresentation]: {
      document_target: 'window',
      ...(user.locale === undefined ? {} : { locale: user.locale }),
    },
  };
  if (resource)
    result[claims.resourceLink] = {
      id: launch.resourceLinkId ?? DEFAULT_RESOURCE_LINK_ID,
      title: launch.resourceLinkTitle ?? 'Stand-in activity',
    };
  if (launch.custom) result[claims.custom] = launch.custom;
  if (launch.ags !== false)
    result[claims.agsEndpoint] = {
      scope: [scopes.lineItem, scopes.resultReadonly, scopes.score],
      lineitems: `${platform.issuer}/ags/lineitems`,
      // Only a launch of the resource link the line item belongs to names it.
      ...(resource ? { lineitem: platform.lineItemUrl } : {}),
    };
  if (launch.nrps !== false)
    result[claims.namesRoleService] = {
      context_memberships_url: platform.membershipsUrl,
      service_versions: ['2.0'],
    };
  if (!resource) result[claims.deepLinkingSettings] = deepLinkingSettings(state);
  return result;
}

function deepLinkingSettings(state: State) {
  const data = `data-${randomUUID()}`;
  state.deepLinkingData.add(data);
  return {
    deep_link_return_url: `${state.platform.issuer}/deep-link-return`,
    accept_types: [...ACCEPT_TYPES],
    accept_presentation_document_targets: ['window', 'iframe'],
    accept_multiple: false,
    data,
  };
}

// ---------------------------------------------------------------------------------------------------
// The launch driven with fetch

async function launchWithFetch(state: State, launch: Launch): Promise<LaunchAnswer> {
  const hint = startLaunch(state, launch);
  const cookies = new CookieJar();
  const loginUrl = `${state.toolBase}/lti/login`;
  const parameters = loginParameters(state, hint, launch);
  const login =
    launch.loginMethod === 'get'
      ? await fetch(`${loginUrl}?${parameters}`, { redirect: 'manual' })
      : await fetch(loginUrl, formPost(state, parameters, cookies));
  cookies.store(login.headers.getSetCookie());
  const authUrl = login.headers.get('location');
  if (![302, 303].includes(login.status) || !authUrl)
    throw new Error(`The tool's ${loginUrl} answered ${login.status}, not a redirect: ${await login.text()}`);
  const resolved = new URL(authUrl, loginUrl);
  if (`${resolved.origin}${resolved.pathname}` !== state.platform.authLoginUrl)
    throw new Error(
      `The tool's ${loginUrl} redirected to ${resolved.href}, not to ${state.platform.authLoginUrl}`,
    );

  const auth = await fetch(resolved, { redirect: 'manual' });
  const page = await auth.text();
  if (auth.status !== 200) throw new Error(`The platform refused the authentication request: ${page}`);
  const form = parseAutoSubmitPage(page);
  const answer = await fetch(form.action, formPost(state, form.fields, cookies));
  return {
    status: answer.status,
    location: answer.headers.get('location'),
    setCookies: answer.headers.getSetCookie(),
    body: await answer.text(),
  };
}

/** A form POST as a browser sends it from a page of the platform: its Origin, the tool's cookies. */
function formPost(state: State, fields: URLSearchParams, cookies: CookieJar): RequestInit {
  const cookie = cookies.header();
  return {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: state.platform.issuer,
      ...(cookie ? { cookie } : {}),
    },
    body: fields.toString(),
  };
}

/** Name and value of each cookie the tool set; enough for one launch on one origin (no Path, Domain or expiry beyond deletion). */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookies: string[]) {
    for (const setCookie of setCookies) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const deleted = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(attribute));
      if (deleted) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(separator + 1).trim());
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

// ---------------------------------------------------------------------------------------------------
// Token endpoint: client credentials grant with a JWT client assertion (RFC 6749 and RFC 7523)

async function token(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  if (!isContentType(request, 'application/x-www-form-urlencoded'))
    return oauthError(response, 400, 'invalid_request', 'the body must be application/x-www-form-urlencoded');
  const form = await readForm(request);
  const grantType = form.get('grant_type');
  if (!grantType) return oauthError(response, 400, 'invalid_request', 'grant_type is required');
  if (grantType !== 'client_credentials')
    return oauthError(response, 400, 'unsupported_grant_type', 'grant_type must be client_credentials');
  if (form.get('client_assertion_type') !== JWT_BEARER)
    return oauthError(response, 401, 'invalid_client', `client_assertion_type must be ${JWT_BEARER}`);
  const refusal = await checkClientAssertion(state, form.get('client_assertion'));
  if (refusal) return oauthError(response, 401, 'invalid_client', refusal);

  const requested = (form.get('scope') ?? '').split(' ').filter(Boolean);
  const granted = requested.filter((scope) => grantableScopes.has(scope));
  if (granted.length === 0)
    return oauthError(response, 400, 'invalid_scope', 'no scope asked for is one this platform grants');
  const accessToken = randomUUID();
  state.accessTokens.set(accessToken, {
    scopes: granted,
    expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
  });
  state.platform.tokenRequests.push({ scopes: requested });
  response.setHeader('cache-control', 'no-store');
  response.setHeader('pragma', 'no-cache');
  sendJson(response, 200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: granted.join(' '),
  });
}

/** Why the client assertion is refused, or undefined: signed by the tool's keys, issued by and about the client, for this token URL, fresh and used once. */
async function checkClientAssertion(state: State, assertion: string | null): Promise<string | undefined> {
  if (!assertion) return 'client_assertion is required';
  const { clientId, tokenUrl } = state.platform;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(assertion, state.toolKeys, {
      algorithms: ['RS256'],
      issuer: clientId,
      subject: clientId,
      audience: tokenUrl,
      requiredClaims: ['jti', 'iat', 'exp'],
    }));
  } catch (error) {
    return `client_assertion refused: ${errorMessage(error)}`;
  }
  const jti = String(payload.jti);
  if (state.usedJtis.has(jti)) return 'client_assertion refused: its jti was used before';
  state.usedJtis.add(jti);
  return undefined;
}

function oauthError(response: http.ServerResponse, status: 400 | 401, error: string, description: string) {
  response.setHeader('cache-control', 'no-store');
  sendJson(response, status, { error, error_description: description });
}

/** The granted scopes of the request's bearer token when one of them is among `needed`; otherwise answers 401 or 403 (RFC 6750) and returns undefined. */
function authorizeBearer(
  state: State,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  needed: string[],
): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) {
    response.setHeader('www-authenticate', 'Bearer realm="lti-platform"');
    send(response, 401, 'A bearer token from the token endpoint is required.');
    return undefined;
  }
  const granted = state.accessTokens.get(match[1]!);
  if (!granted || granted.expiresAt < Date.now()) {
    response.setHeader('www-authenticate', 'Bearer realm="lti-platform", error="invalid_token"');
    send(response, 401, 'The bearer token is unknown or expired.');
    return undefined;
  }
  if (!needed.some((scope) => granted.scopes.includes(scope))) {
    response.setHeader(
      'www-authenticate',
      `Bearer realm="lti-platform", error="insufficient_scope", scope="${needed.join(' ')}"`,
    );
    send(response, 403, `The bearer token lacks the scope ${needed.join(' or ')}.`);
    return undefined;
  }
  return granted.scopes.join(' ');
}

// ---------------------------------------------------------------------------------------------------
// Assignment and Grade Services: the context's one line item, its scores and results

function lineItemOf(state: State) {
  return {
    id: state.platform.lineItemUrl,
    scoreMaximum: 100,
    label: 'Stand-in activity',
    resourceLinkId: DEFAULT_RESOURCE_LINK_ID,
  };
}

async function lineItems(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  if (!authorizeBearer(state, request, response, [scopes.lineItem, scopes.lineItemReadonly])) return;
  sendJson(response, 200, [lineItemOf(state)], mediaTypes.lineItemContainer);
}

async function lineItem(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  if (!authorizeBearer(state, request, response, [scopes.lineItem, scopes.lineItemReadonly])) return;
  sendJson(response, 200, lineItemOf(state), mediaTypes.lineItem);
}

/** A score as AGS defines it. Stricter than AGS in one way: a scoreGiven above scoreMaximum (extra credit) is refused. */
const scoreSchema = z
  .object({
    userId: z.string().min(1),
    scoreGiven: z.number().min(0).optional(),
    scoreMaximum: z.number().positive().optional(),
    comment: z.string().optional(),
    activityProgress: z.enum(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed']),
    gradingProgress: z.enum(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady']),
    timestamp: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date and time with an offset' }),
  })
  .refine((score) => score.scoreGiven === undefined || score.scoreMaximum !== undefined, {
    error: 'is required with scoreGiven',
    path: ['scoreMaximum'],
  })
  .refine((score) => score.scoreGiven === undefined || score.scoreGiven <= (score.scoreMaximum ?? 0), {
    error: 'must not exceed scoreMaximum',
    path: ['scoreGiven'],
  });

async function score(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  const scope = authorizeBearer(state, request, response, [scopes.score]);
  if (!scope) return;
  if (!isContentType(request, mediaTypes.score))
    return send(response, 415, `A score must be sent as ${mediaTypes.score}.`);
  let body: unknown;
  try {
    body = JSON.parse(await readBody(request));
  } catch {
    return send(response, 400, 'The score is not JSON.');
  }
  const parsed = scoreSchema.safeParse(body);
  if (!parsed.success) return send(response, 400, `Score refused: ${describe(parsed.error)}`);
  if (!state.platform.members.some((member) => member.user_id === parsed.data.userId))
    return send(response, 400, `Score refused: userId ${parsed.data.userId} is no member of the context`);
  state.platform.scores.push({ lineItemUrl: state.platform.lineItemUrl, body, scope });
  response.writeHead(204).end();
}

/** The latest score given to each user, as results. */
async function results(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  if (!authorizeBearer(state, request, response, [scopes.resultReadonly])) return;
  const latest = new Map<string, z.infer<typeof scoreSchema>>();
  for (const { body } of state.platform.scores) {
    const given = scoreSchema.parse(body);
    if (given.scoreGiven !== undefined) latest.set(given.userId, given);
  }
  const lineItemUrl = state.platform.lineItemUrl;
  const container = [...latest.values()].map((given) => ({
    id: `${lineItemUrl}/results/${encodeURIComponent(given.userId)}`,
    scoreOf: lineItemUrl,
    userId: given.userId,
    resultScore: given.scoreGiven,
    resultMaximum: given.scoreMaximum,
    ...(given.comment === undefined ? {} : { comment: given.comment }),
  }));
  sendJson(response, 200, container, mediaTypes.resultContainer);
}

// ---------------------------------------------------------------------------------------------------
// Names and Role Provisioning Services

async function memberships(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  if (!authorizeBearer(state, request, response, [scopes.memberships])) return;
  const accept = request.headers.accept;
  if (accept && !accept.includes(mediaTypes.memberships) && !accept.includes('*/*'))
    return send(response, 406, `Memberships are answered as ${mediaTypes.memberships}.`);
  const { platform } = state;
  sendJson(
    response,
    200,
    {
      id: platform.membershipsUrl,
      context: { id: platform.contextId, label: state.contextLabel, title: platform.contextTitle },
      members: platform.members,
    },
    mediaTypes.memberships,
  );
}

// ---------------------------------------------------------------------------------------------------
// Deep Linking: the tool's response, posted back by the browser

function deepLinkingResponseSchema(state: State) {
  const { deploymentId } = state.platform;
  return z.object({
    nonce: z.string({ error: 'is required' }).min(1, 'is required'),
    [claims.messageType]: z.literal('LtiDeepLinkingResponse', { error: 'must be LtiDeepLinkingResponse' }),
    [claims.version]: z.literal('1.3.0', { error: 'must be 1.3.0' }),
    [claims.deploymentId]: z.literal(deploymentId, { error: `must be ${deploymentId}` }),
    [claims.deepLinkingData]: z
      .string({ error: 'is required: the data of the request' })
      .refine((data) => state.deepLinkingData.has(data), 'is not the data this platform sent'),
    [claims.contentItems]: z
      .array(
        z.looseObject({
          type: z.enum(ACCEPT_TYPES, { error: `must be one of ${ACCEPT_TYPES.join(', ')}` }),
          title: z.string().optional(),
          url: z.string().optional(),
        }),
        { error: 'must be an array' },
      )
      // The request said accept_multiple: false.
      .max(1, 'must hold at most one item'),
  });
}

async function deepLinkReturn(state: State, request: http.IncomingMessage, response: http.ServerResponse) {
  const jwt = (await readForm(request)).get('JWT');
  if (!jwt) return send(response, 400, 'Deep-linking response refused: the JWT form field is required');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(jwt, state.toolKeys, {
      algorithms: ['RS256'],
      issuer: state.platform.clientId,
      audience: state.platform.issuer,
      requiredClaims: ['iat', 'exp'],
    }));
  } catch (error) {
    return send(response, 400, `Deep-linking response refused: ${errorMessage(error)}`);
  }
  const parsed = deepLinkingResponseSchema(state).safeParse(payload);
  if (!parsed.success) return send(response, 400, `Deep-linking response refused: ${describe(parsed.error)}`);
  state.platform.deepLinks.push({ claims: payload });
  const items = parsed.data[claims.contentItems].map(
    (item) => `<li>${escapeHtml(item.title ?? '(no title)')} ${escapeHtml(item.url ?? '(no url)')}</li>`,
  );
  sendHtml(
    response,
    200,
    page('Deep link received', `<h1>Deep link received:</h1>\n<ul>\n${items.join('\n')}\n</ul>`),
  );
}

// ---------------------------------------------------------------------------------------------------
// HTTP and HTML helpers

function queryOf(request: http.IncomingMessage): URLSearchParams {
  return new URL(request.url ?? '/', 'http://platform.invalid').searchParams;
}

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('the request body is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(request));
}

/** Whether the request's media type (its parameters, such as charset, aside) is `mediaType`. */
function isContentType(request: http.IncomingMessage, mediaType: string): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === mediaType;
}

function send(response: http.ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
}

function sendHtml(response: http.ServerResponse, status: number, html: string) {
  // The pages carry id_tokens and login hints: not for any cache.
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
}

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function unescapeHtml(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** A whole page with a language, a title and a main landmark, as axe asks. */
function page(title: string, main: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
<main>
${main}
</main>${script}
</body>
</html>
`;
}

/** A page whose form posts `fields` to `action` at once, or on its button when scripts do not run. */
function autoSubmitPage(title: string, action: string, fields: URLSearchParams): string {
  const inputs = [...fields].map(
    ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
  );
  const form = `<h1>${escapeHtml(title)}</h1>
<form method="post" action="${escapeHtml(action)}">
${inputs.join('\n')}
<button type="submit">Continue to the tool</button>
</form>`;
  return page(title, form, '\n<script>document.forms[0].submit();</script>');
}

/** The action and fields of a page autoSubmitPage made: what a browser would post. */
function parseAutoSubmitPage(html: string): { action: string; fields: URLSearchParams } {
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  if (action === undefined) throw new Error(`The platform's page has no form: ${html}`);
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]*)" value="([^"]*)">/g,
  ))
    fields.append(unescapeHtml(name), unescapeHtml(value));
  return { action: unescapeHtml(action), fields };
}
