import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LtiPlatform, type LtiUser, startLtiPlatform } from './lti-platform';

/**
 * The stand-in platform against a tool as small as the LTI contract allows, written here: its JWKS,
 * a login that redirects to the platform with a state cookie and a nonce, and a launch that checks
 * the cookie, verifies the id_token with the platform's JWKS and answers the claims as JSON.
 */

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const SCORE_SCOPE = 'https://purl.imsglobal.org/spec/lti-ags/scope/score';
const MEMBERSHIPS_SCOPE = 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly';
const SCORE_TYPE = 'application/vnd.ims.lis.v1.score+json';
const MEMBERSHIPS_TYPE = 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json';

const learner: LtiUser = {
  sub: 'learner-1',
  name: 'Lea Learner',
  email: 'lea@example.org',
  roles: ['Learner'],
};
const teacher: LtiUser = { sub: 'teacher-1', name: 'Tom Teacher', roles: ['Instructor'], locale: 'nl' };

interface TestTool {
  base: string;
  key: CryptoKey;
  /** Every authentication request URL the tool's login redirected to. */
  authorizationUrls: string[];
  connect(platform: LtiPlatform): void;
  close(): Promise<void>;
}

async function startTestTool(): Promise<TestTool> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'tool-key', alg: 'RS256', use: 'sig' };
  const nonces = new Map<string, string>();
  const authorizationUrls: string[] = [];
  let platform: LtiPlatform | undefined;
  let base = '';

  const login = (parameters: URLSearchParams, response: http.ServerResponse) => {
    if (
      !platform ||
      parameters.get('iss') !== platform.issuer ||
      parameters.get('client_id') !== platform.clientId
    )
      return response.writeHead(400).end('unknown platform');
    const state = randomUUID();
    const nonce = randomUUID();
    nonces.set(state, nonce);
    const url = `${platform.authLoginUrl}?${new URLSearchParams({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `${base}/lti/launch`,
      login_hint: parameters.get('login_hint') ?? '',
      lti_message_hint: parameters.get('lti_message_hint') ?? '',
      state,
      nonce,
    })}`;
    authorizationUrls.push(url);
    response
      .writeHead(302, {
        location: url,
        'set-cookie': `lti-state=${state}; Path=/lti; HttpOnly; SameSite=Lax`,
      })
      .end();
  };

  const launch = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const form = new URLSearchParams(await bodyOf(request));
    const state = form.get('state') ?? '';
    if (!platform || !(request.headers.cookie ?? '').split('; ').includes(`lti-state=${state}`))
      return response.writeHead(401).end('state cookie missing');
    const { payload, protectedHeader } = await jwtVerify(
      form.get('id_token') ?? '',
      createRemoteJWKSet(new URL(platform.jwksUrl)),
      { issuer: platform.issuer, audience: platform.clientId },
    );
    response
      .writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'tool-session=s1; Path=/; HttpOnly',
      })
      .end(
        JSON.stringify({
          header: protectedHeader,
          claims: payload,
          nonceMatches: payload.nonce === nonces.get(state),
        }),
      );
  };

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://tool.invalid');
    if (url.pathname === '/lti/jwks') response.writeHead(200).end(JSON.stringify({ keys: [jwk] }));
    else if (url.pathname === '/lti/login' && request.method === 'GET') login(url.searchParams, response);
    else if (url.pathname === '/lti/login')
      bodyOf(request).then((body) => login(new URLSearchParams(body), response));
    else if (url.pathname === '/lti/launch')
      launch(request, response).catch((error) => response.writeHead(400).end(String(error)));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    key: privateKey,
    authorizationUrls,
    connect: (connected) => {
      platform = connected;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function bodyOf(request: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

let tool: TestTool;
let platform: LtiPlatform;

beforeAll(async () => {
  tool = await startTestTool();
  platform = await startLtiPlatform({
    toolBase: tool.base,
    clientId: 'tool-client',
    deploymentId: 'deployment-1',
  });
  tool.connect(platform);
});

afterAll(async () => {
  await platform?.close();
  await tool?.close();
});

type LaunchBody = { header: Record<string, unknown>; claims: Record<string, unknown>; nonceMatches: boolean };

async function launchAs(user: LtiUser, kind: 'resource' | 'deep-linking' = 'resource') {
  const answer = await platform.launchWithFetch({ user, kind, targetLinkUri: `${tool.base}/lti/launch` });
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as LaunchBody;
}

/** A client assertion as the tool makes it (RFC 7523), signed by `key`. */
function clientAssertion(key: CryptoKey, claims: { jti?: string } = {}) {
  return new SignJWT({ jti: claims.jti ?? randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid: 'tool-key' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.tokenUrl)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

function requestToken(assertion: string, scope: string, grantType = 'client_credentials') {
  return fetch(platform.tokenUrl, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: grantType,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope,
    }),
  });
}

async function accessToken(scope: string): Promise<string> {
  const response = await requestToken(await clientAssertion(tool.key), scope);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('the LTI platform stand-in', () => {
  it('launches through the tool’s login and auth endpoint to its launch, with a signed id_token carrying the LTI claims', async () => {
    const { header, claims, nonceMatches } = await launchAs(learner);
    expect(nonceMatches).toBe(true);
    expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(claims).toMatchObject({
      iss: platform.issuer,
      aud: 'tool-client',
      azp: 'tool-client',
      sub: 'learner-1',
      name: 'Lea Learner',
      email: 'lea@example.org',
      [`${LTI}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: 'deployment-1',
      [`${LTI}target_link_uri`]: `${tool.base}/lti/launch`,
      [`${LTI}resource_link`]: { id: 'resource-link-1', title: expect.any(String) },
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${LTI}context`]: { id: platform.contextId, title: platform.contextTitle },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: expect.arrayContaining([SCORE_SCOPE]),
        lineitem: platform.lineItemUrl,
        lineitems: expect.any(String),
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: platform.membershipsUrl,
        service_versions: ['2.0'],
      },
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(300);
  });

  it('launches with a GET login too, with custom parameters and without the services when asked', async () => {
    const answer = await platform.launchWithFetch({
      user: teacher,
      kind: 'resource',
      targetLinkUri: `${tool.base}/lti/launch`,
      custom: { module: 'm-1' },
      ags: false,
      nrps: false,
      loginMethod: 'get',
    });
    expect(answer.status).toBe(200);
    expect(answer.setCookies).toEqual(['tool-session=s1; Path=/; HttpOnly']);
    const { claims } = JSON.parse(answer.body) as LaunchBody;
    expect(claims[`${LTI}custom`]).toEqual({ module: 'm-1' });
    expect(claims[`${LTI}roles`]).toEqual(['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor']);
    expect(claims.locale).toBe('nl');
    expect(claims).not.toHaveProperty(['https://purl.imsglobal.org/spec/lti-ags/claim/endpoint']);
    expect(claims).not.toHaveProperty(['https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice']);
  });

  it('serves a launch page whose form posts the login initiation to the tool', async () => {
    const page = await (
      await fetch(
        platform.launchPageUrl({ user: learner, kind: 'resource', targetLinkUri: `${tool.base}/x` }),
      )
    ).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<title>[^<]+<\/title>/);
    expect(page).toContain(`<form method="post" action="${tool.base}/lti/login">`);
    expect(page).toMatch(/<button type="submit">[^<]+<\/button>/);
    for (const name of [
      'iss',
      'login_hint',
      'target_link_uri',
      'lti_message_hint',
      'client_id',
      'lti_deployment_id',
    ])
      expect(page).toContain(`name="${name}"`);
  });

  it('answers the auth request the tool made, and refuses it with another redirect_uri or an unknown hint', async () => {
    await launchAs(learner);
    const url = new URL(tool.authorizationUrls.at(-1)!);
    const accepted = await fetch(url);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain('name="id_token"');

    url.searchParams.set('redirect_uri', 'http://127.0.0.1:1/elsewhere');
    const refused = await fetch(url);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('redirect_uri');

    url.searchParams.set('redirect_uri', `${tool.base}/lti/launch`);
    url.searchParams.set('lti_message_hint', 'made-up');
    const unknown = await fetch(url);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('lti_message_hint');
  });

  it('issues an access token for a client assertion signed with the tool’s key and refuses others', async () => {
    const response = await requestToken(
      await clientAssertion(tool.key),
      `${SCORE_SCOPE} https://example.org/x`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: SCORE_SCOPE,
    });
    expect(platform.tokenRequests.at(-1)).toEqual({ scopes: [SCORE_SCOPE, 'https://example.org/x'] });

    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const wronglySigned = await requestToken(await clientAssertion(otherKey), SCORE_SCOPE);
    expect(wronglySigned.status).toBe(401);
    expect(await wronglySigned.json()).toMatchObject({ error: 'invalid_client' });

    const replayed = await clientAssertion(tool.key, { jti: 'once' });
    expect((await requestToken(replayed, SCORE_SCOPE)).status).toBe(200);
    expect((await requestToken(replayed, SCORE_SCOPE)).status).toBe(401);

    const otherGrant = await requestToken(await clientAssertion(tool.key), SCORE_SCOPE, 'authorization_code');
    expect(otherGrant.status).toBe(400);
    expect(await otherGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('records a valid score and refuses an invalid one, one of another type and one without a token', async () => {
    await launchAs(learner);
    const token = await accessToken(SCORE_SCOPE);
    const score = {
      userId: 'learner-1',
      scoreGiven: 80,
      scoreMaximum: 100,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      timestamp: '2026-11-29T12:00:00.123+01:00',
    };
    const post = (body: unknown, headers: Record<string, string>) =>
      fetch(`${platform.lineItemUrl}/scores`, { method: 'POST', headers, body: JSON.stringify(body) });
    const withToken = { authorization: `Bearer ${token}`, 'content-type': SCORE_TYPE };

    expect((await post(score, withToken)).status).toBe(204);
    expect(platform.scores).toEqual([{ lineItemUrl: platform.lineItemUrl, body: score, scope: SCORE_SCOPE }]);

    const tooHigh = await post({ ...score, scoreGiven: 101 }, withToken);
    expect(tooHigh.status).toBe(400);
    expect(await tooHigh.text()).toContain('scoreGiven');
    expect((await post({ ...score, timestamp: '2026-11-29T12:00:00' }, withToken)).status).toBe(400);
    expect((await post({ ...score, gradingProgress: 'Done' }, withToken)).status).toBe(400);
    expect((await post(score, { ...withToken, 'content-type': 'application/json' })).status).toBe(415);
    expect((await post(score, { 'content-type': SCORE_TYPE })).status).toBe(401);
    const membershipsToken = await accessToken(MEMBERSHIPS_SCOPE);
    expect((await post(score, { ...withToken, authorization: `Bearer ${membershipsToken}` })).status).toBe(
      403,
    );
    expect(platform.scores).toHaveLength(1);

    const lineItem = await fetch(platform.lineItemUrl, {
      headers: {
        authorization: `Bearer ${await accessToken('https://purl.imsglobal.org/spec/lti-ags/scope/lineitem')}`,
        accept: 'application/vnd.ims.lis.v2.lineitem+json',
      },
    });
    expect(await lineItem.json()).toEqual({
      id: platform.lineItemUrl,
      scoreMaximum: 100,
      label: expect.any(String),
      resourceLinkId: 'resource-link-1',
    });
  });

  it('answers the context’s members with NRPS', async () => {
    await launchAs(learner);
    const response = await fetch(platform.membershipsUrl, {
      headers: { authorization: `Bearer ${await accessToken(MEMBERSHIPS_SCOPE)}`, accept: MEMBERSHIPS_TYPE },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(MEMBERSHIPS_TYPE);
    const container = (await response.json()) as { id: string; context: unknown; members: unknown[] };
    expect(container.id).toBe(platform.membershipsUrl);
    expect(container.context).toMatchObject({ id: platform.contextId, title: platform.contextTitle });
    expect(container.members).toContainEqual({
      user_id: 'learner-1',
      name: 'Lea Learner',
      email: 'lea@example.org',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      status: 'Active',
    });
  });

  it('records a deep-linking response the tool signed and refuses one with other data', async () => {
    const { claims } = await launchAs(teacher, 'deep-linking');
    expect(claims[`${LTI}message_type`]).toBe('LtiDeepLinkingRequest');
    expect(claims).not.toHaveProperty([`${LTI}resource_link`]);
    const settings = claims['https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings'] as {
      deep_link_return_url: string;
      data: string;
      accept_types: string[];
    };
    expect(settings).toMatchObject({
      deep_link_return_url: `${platform.issuer}/deep-link-return`,
      accept_types: ['ltiResourceLink'],
      accept_multiple: false,
    });

    const respond = async (data: string) => {
      const jwt = await new SignJWT({
        nonce: randomUUID(),
        [`${LTI}message_type`]: 'LtiDeepLinkingResponse',
        [`${LTI}version`]: '1.3.0',
        [`${LTI}deployment_id`]: platform.deploymentId,
        'https://purl.imsglobal.org/spec/lti-dl/claim/data': data,
        'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
          { type: 'ltiResourceLink', title: 'Consent & you', url: `${tool.base}/lti/launch?module=m-1` },
        ],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'tool-key' })
        .setIssuer(platform.clientId)
        .setAudience(platform.issuer)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(tool.key);
      return fetch(settings.deep_link_return_url, {
        method: 'POST',
        body: new URLSearchParams({ JWT: jwt }),
      });
    };

    const accepted = await respond(settings.data);
    const page = await accepted.text();
    expect(accepted.status, page).toBe(200);
    expect(page).toContain('<html lang="en">');
    expect(page).toMatch(/<main>\s*<h1>Deep link received:<\/h1>/);
    expect(page).toContain(`Consent &amp; you ${tool.base}/lti/launch?module=m-1`);
    expect(platform.deepLinks).toHaveLength(1);

    const refused = await respond('other data');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('data');
    expect(platform.deepLinks).toHaveLength(1);
  });
});
