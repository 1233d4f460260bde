import fs from 'node:fs';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ownerOfIdentity } from '../../../server/auth/external-identities';
import { idTokenFor } from '../../../server/auth/id-tokens';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { type LtiPlatform, startLtiPlatform } from '../../support/lti-platform';
import { sdgChoice } from '../../support/questions';
import { addTestUser } from '../../users';

type Headers = Record<string, string>;
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** A free port on loopback, so that PUBLIC_URL can name the address the app will listen on. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until<T>(read: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

const cookieValue = (setCookies: string[], name: string) =>
  setCookies.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`));

/**
 * The platform as an LTI 1.3 tool (docs/integrating/lti.md), against a stand-in learning platform on
 * loopback: a registered platform launches a learner into a module (account by issuer and subject,
 * linked, signed in), the learner's score goes back to its gradebook (AGS), a teacher chooses a
 * module by Deep Linking, the context's learners are linked (NRPS), and what must be refused is.
 */
describe.each(databaseKinds)('LTI 1.3 tool on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let base: string;
  let lms: LtiPlatform;
  let admin: Headers;
  let adminEmail: string;

  const trpc = async (
    procedure: string,
    input: unknown,
    headers: Headers,
    method: 'GET' | 'POST' = 'POST',
  ) => {
    const response = await app.inject(
      method === 'GET'
        ? {
            url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            headers,
          }
        : { method, url: `/trpc/${procedure}`, payload: input as object, headers },
    );
    return {
      status: response.statusCode,
      body: response.json() as { result?: { data: unknown }; error?: { message: string } },
    };
  };
  const ok = async (procedure: string, input: unknown, headers: Headers, method: 'GET' | 'POST' = 'POST') => {
    const answer = await trpc(procedure, input, headers, method);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.result!.data;
  };
  /** The ID token a launch's refresh cookie opens: whose session the launch started. */
  async function signedInAs(setCookies: string[]) {
    const refresh = cookieValue(setCookies, 'srhr_refresh');
    expect(refresh, setCookies.join(' | ')).toBeDefined();
    const response = await fetch(`${base}/auth/refresh`, { method: 'POST', headers: { cookie: refresh! } });
    expect(response.status).toBe(200);
    const { idToken } = (await response.json()) as { idToken: string };
    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    return { idToken, userId: sub };
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    platform = await startTestPlatform(kind, {
      workJobs: true,
      env: { PUBLIC_URL: base, RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_USER: '0' },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await app.listen({ port, host: '127.0.0.1' });
    const made = await addTestUser(platform, { roles: ['admin'] });
    admin = bearer(made.token);
    adminEmail = made.email;
    await ok('module.create', { path: 'sdg-basics', module: { name: 'SDG basics', language: 'en' } }, admin);
    await ok(
      'page.create',
      {
        parentType: 'module',
        parentPath: 'sdg-basics',
        page: { name: 'Check', type: 'question', content: [sdgChoice] },
      },
      admin,
    );
    lms = await startLtiPlatform({ toolBase: base });
    await ok(
      'lti.registerPlatform',
      {
        name: 'Stand-in Moodle',
        issuer: lms.issuer,
        clientId: lms.clientId,
        deploymentIds: [lms.deploymentId],
        authLoginUrl: lms.authLoginUrl,
        tokenUrl: lms.tokenUrl,
        jwksUrl: lms.jwksUrl,
      },
      admin,
    );
  }, 120_000);
  afterAll(async () => {
    await lms?.close();
    await app?.close();
    await platform?.dispose();
  });

  it('lists the registered platform and the addresses to give it; a second registration of the pair is refused', async () => {
    const listed = (await ok('lti.platforms', undefined, admin, 'GET')) as {
      tool: Record<string, string>;
      platforms: { issuer: string; clientId: string; removedAt: string | null }[];
    };
    expect(listed.tool).toEqual({
      loginUrl: `${base}/lti/login`,
      launchUrl: `${base}/lti/launch`,
      jwksUrl: `${base}/lti/jwks`,
      deepLinkingUrl: `${base}/lti/launch`,
    });
    expect(listed.platforms).toEqual([
      expect.objectContaining({ issuer: lms.issuer, clientId: lms.clientId, removedAt: null }),
    ]);
    const again = await trpc(
      'lti.registerPlatform',
      {
        name: 'Twice',
        issuer: lms.issuer,
        clientId: lms.clientId,
        authLoginUrl: lms.authLoginUrl,
        tokenUrl: lms.tokenUrl,
        jwksUrl: lms.jwksUrl,
      },
      { ...admin, 'accept-language': 'en' },
    );
    expect(again.status).toBe(409);
    const jwks = (await (await fetch(`${base}/lti/jwks`)).json()) as {
      keys: { kty: string; alg: string; kid: string; d?: string }[];
    };
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256' })]);
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it('checks the registration form at its fields, keeps the issuer without a trailing slash, and lets one of two simultaneous registrations of a pair through', async () => {
    const en = { ...admin, 'accept-language': 'en' };
    const form = {
      name: 'Canvas',
      issuer: 'https://canvas.example/',
      clientId: '10000000000001',
      authLoginUrl: 'https://canvas.example/api/lti/authorize_redirect',
      tokenUrl: 'https://canvas.example/login/oauth2/token',
      jwksUrl: 'https://canvas.example/api/lti/security/jwks',
    };
    const bad = await trpc('lti.registerPlatform', { ...form, name: ' ', jwksUrl: '/relative' }, en);
    expect(bad.status).toBe(400);
    const fields = (bad.body.error as unknown as { data: { fields: { path: string; key: string }[] } }).data
      .fields;
    expect(fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', key: 'validation.required' }),
        expect.objectContaining({ path: 'jwksUrl', key: 'validation.url' }),
      ]),
    );
    const both = await Promise.all([
      trpc('lti.registerPlatform', form, en),
      trpc('lti.registerPlatform', form, en),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const listed = (await ok('lti.platforms', undefined, admin, 'GET')) as {
      platforms: { issuer: string }[];
    };
    expect(listed.platforms.filter((row) => row.issuer.startsWith('https://canvas.example'))).toEqual([
      expect.objectContaining({ issuer: 'https://canvas.example' }),
    ]);
  });

  it('launches a learner into the module, signed in and linked, and sends the module score back to the gradebook', async () => {
    const launch = {
      user: {
        sub: 'moodle-user-17',
        name: 'Amina Learner',
        email: 'amina@lms.example',
        roles: ['Learner' as const],
      },
      kind: 'resource' as const,
      targetLinkUri: `${base}/module/sdg-basics`,
    };
    const answer = await lms.launchWithFetch(launch);
    expect(answer.status, answer.body).toBe(303);
    expect(answer.location).toBe('/module/sdg-basics');
    const { idToken, userId } = await signedInAs(answer.setCookies);
    expect(
      await ownerOfIdentity(platform.database.db, { issuer: lms.issuer, subject: 'moodle-user-17' }),
    ).toBe(userId);
    const learner = bearer(idToken);
    const module = (await ok('result.module', { module: 'sdg-basics' }, learner, 'GET')) as {
      pages: { path: string }[];
    };
    await ok(
      'result.save',
      {
        module: 'sdg-basics',
        page: module.pages[0]!.path,
        result: { answers: { sdg: 'five' }, confirm: ['sdg'] },
      },
      learner,
    );
    const score = await until(() => lms.scores.at(-1), 'the score at the gradebook');
    expect(score.lineItemUrl).toBe(lms.lineItemUrl);
    expect(score.body).toEqual(
      expect.objectContaining({
        userId: 'moodle-user-17',
        scoreGiven: 1,
        scoreMaximum: 1,
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
      }),
    );
    // The same person again: the same account.
    const again = await lms.launchWithFetch(launch);
    expect((await signedInAs(again.setCookies)).userId).toBe(userId);
  });

  it('never opens an account by its address: a launch naming the administrator’s address gets an account of its own', async () => {
    const answer = await lms.launchWithFetch({
      user: { sub: 'impostor-1', name: 'Not the admin', email: adminEmail, roles: ['Learner'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/sdg-basics`,
    });
    expect(answer.status, answer.body).toBe(303);
    const { userId } = await signedInAs(answer.setCookies);
    const me = (await ok(
      'user.me',
      undefined,
      bearer(
        (
          await signedInAs(
            (
              await lms.launchWithFetch({
                user: { sub: 'impostor-1', roles: ['Learner'] },
                kind: 'resource',
                targetLinkUri: `${base}/module/sdg-basics`,
              })
            ).setCookies,
          )
        ).idToken,
      ),
      'GET',
    )) as { email: string; roles: string[] };
    expect(me.email).not.toBe(adminEmail);
    expect(me.roles).toEqual([]);
    expect(userId).toBeTruthy();
  });

  it('refuses a replayed launch, an unknown platform, an unpublished target and an account that holds rights', async () => {
    // The state is spent by the first launch: posting its id_token again is refused.
    const first = await lms.launchWithFetch({
      user: { sub: 'replay-1', roles: ['Learner'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/sdg-basics`,
    });
    expect(first.status).toBe(303);
    const replay = await fetch(`${base}/lti/launch`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      body: new URLSearchParams({ id_token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', state: 'made-up' }),
    });
    expect(replay.status).toBe(403);
    expect(await replay.text()).toContain('could not be confirmed');
    const unknown = await fetch(
      `${base}/lti/login?iss=${encodeURIComponent('https://elsewhere.example')}&login_hint=x&target_link_uri=x`,
      {
        redirect: 'manual',
        headers: { 'accept-language': 'nl' },
      },
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('niet geregistreerd');
    const missing = await lms.launchWithFetch({
      user: { sub: 'lost-1', roles: ['Learner'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/no-such-module`,
    });
    expect(missing.status).toBe(404);
    // A launched account that was given a role since signs in with a password from then on.
    const launched = await lms.launchWithFetch({
      user: { sub: 'promoted-1', roles: ['Learner'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/sdg-basics`,
    });
    const { userId } = await signedInAs(launched.setCookies);
    await ok('user.setRoles', { _id: userId, roles: ['admin'] }, admin);
    const refused = await lms.launchWithFetch({
      user: { sub: 'promoted-1', roles: ['Learner'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/sdg-basics`,
    });
    expect(refused.status).toBe(403);
    expect(cookieValue(refused.setCookies, 'srhr_refresh')).toBeUndefined();
  });

  it('lets a teacher of the context choose a module by Deep Linking, and refuses a learner', async () => {
    const chooser = await lms.launchWithFetch({
      user: { sub: 'teacher-1', name: 'Tom Teacher', roles: ['Instructor'] },
      kind: 'deep-linking',
      targetLinkUri: `${base}/lti/launch`,
    });
    expect(chooser.status, chooser.body).toBe(200);
    expect(chooser.body).toContain('SDG basics');
    expect(cookieValue(chooser.setCookies, 'srhr_refresh')).toBeUndefined();
    const request = /name="request" value="([^"]+)"/.exec(chooser.body)![1]!;
    const chosen = await fetch(`${base}/lti/deep-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request, item: 'module:sdg-basics' }),
    });
    expect(chosen.status).toBe(200);
    const page = await chosen.text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
    const jwt = /name="JWT" value="([^"]+)"/.exec(page)![1]!;
    const returned = await fetch(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ JWT: jwt }),
    });
    expect(returned.status, await returned.clone().text()).toBe(200);
    const items = lms.deepLinks.at(-1)!.claims['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'];
    expect(items).toEqual([
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: 'SDG basics',
        url: `${base}/module/sdg-basics`,
      }),
    ]);
    const forged = await fetch(`${base}/lti/deep-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ request: `${request.slice(0, -4)}AAAA`, item: 'module:sdg-basics' }),
    });
    expect(forged.status).toBe(403);
    const learner = await lms.launchWithFetch({
      user: { sub: 'learner-dl', roles: ['Learner'] },
      kind: 'deep-linking',
      targetLinkUri: `${base}/lti/launch`,
    });
    expect(learner.status).toBe(403);
  });

  it('links the context’s learners when a teacher launches (NRPS), by issuer and user id', async () => {
    lms.members.push({
      user_id: 'roster-42',
      name: 'Rosa Roster',
      email: 'rosa@lms.example',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      status: 'Active',
    });
    const answer = await lms.launchWithFetch({
      user: { sub: 'teacher-2', roles: ['Instructor'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/sdg-basics`,
    });
    expect(answer.status).toBe(303);
    const rosa = await until(
      () =>
        ownerOfIdentity(platform.database.db, { issuer: lms.issuer, subject: 'roster-42' }).then(
          (id) => id ?? undefined,
        ),
      'the roster member',
    );
    await until(async () => {
      const row = await platform.database.db
        .selectFrom('user_links')
        .select('item_path')
        .where('user_id', '=', rosa)
        .where('item_path', '=', 'sdg-basics')
        .executeTakeFirst();
      return row ? true : undefined;
    }, 'the member linked to the module');
  });

  it('registers the example of docs/integrating/lti.md as it is written', async () => {
    const markdown = fs.readFileSync('docs/integrating/lti.md', 'utf8');
    const example = JSON.parse(/^```json\n([\s\S]*?)^```$/m.exec(markdown)![1]!) as { issuer: string };
    await ok('lti.registerPlatform', example, admin);
    const listed = (await ok('lti.platforms', undefined, admin, 'GET')) as {
      platforms: { issuer: string }[];
    };
    expect(listed.platforms.map((row) => row.issuer)).toContain(example.issuer);
  });

  it('keeps the platforms to administrators: a participant, a launched learner and a demoted administrator are refused and write nothing; the list shows no secret', async () => {
    const participant = bearer((await addTestUser(platform, { name: 'Pia Participant' })).token);
    const launched = await lms.launchWithFetch({
      user: { sub: 'curious-1', roles: ['Instructor'] },
      kind: 'resource',
      targetLinkUri: `${base}/module/sdg-basics`,
    });
    const learner = bearer((await signedInAs(launched.setCookies)).idToken);
    const demoted = await addTestUser(platform, { roles: ['admin'] });
    await ok('user.setRoles', { _id: demoted.userId, roles: [] }, admin);
    // Demotion ends the old token (401); signed in again, the account has no role.
    expect((await trpc('lti.platforms', undefined, bearer(demoted.token), 'GET')).status).toBe(401);
    const demotedAgain = bearer((await idTokenFor(platform, demoted.userId))!);
    const events = async () =>
      Number(
        (
          await platform.database.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const listed = (await ok('lti.platforms', undefined, admin, 'GET')) as {
      platforms: { platformId: string }[];
    };
    const form = {
      name: 'Sneaky',
      issuer: 'https://sneaky.example',
      clientId: 'x',
      authLoginUrl: 'https://sneaky.example/auth',
      tokenUrl: 'https://sneaky.example/token',
      jwksUrl: 'https://sneaky.example/jwks',
    };
    for (const headers of [participant, learner, demotedAgain]) {
      const before = await events();
      expect((await trpc('lti.platforms', undefined, headers, 'GET')).status).toBe(403);
      expect((await trpc('lti.registerPlatform', form, headers)).status).toBe(403);
      expect(
        (await trpc('lti.removePlatform', { platformId: listed.platforms[0]!.platformId }, headers)).status,
      ).toBe(403);
      expect(await events()).toBe(before);
    }
    // What an administrator reads: the registration and the tool's public addresses, never a key.
    const answer = (await ok('lti.platforms', undefined, admin, 'GET')) as {
      tool: object;
      platforms: object[];
    };
    expect(Object.keys(answer.tool).sort()).toEqual(['deepLinkingUrl', 'jwksUrl', 'launchUrl', 'loginUrl']);
    for (const row of answer.platforms)
      expect(Object.keys(row).sort()).toEqual([
        'authLoginUrl',
        'clientId',
        'deploymentIds',
        'issuer',
        'jwksUrl',
        'name',
        'platformId',
        'registeredAt',
        'removedAt',
        'tokenUrl',
      ]);
  });

  it('stops every launch of a removed platform at once', async () => {
    const listed = (await ok('lti.platforms', undefined, admin, 'GET')) as {
      platforms: { platformId: string; issuer: string }[];
    };
    const standIn = listed.platforms.find((row) => row.issuer === lms.issuer)!;
    await ok('lti.removePlatform', { platformId: standIn.platformId }, admin);
    await expect(
      lms.launchWithFetch({
        user: { sub: 'late-1', roles: ['Learner'] },
        kind: 'resource',
        targetLinkUri: `${base}/module/sdg-basics`,
      }),
    ).rejects.toThrow();
  });
});
