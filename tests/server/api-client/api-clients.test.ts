import type { FastifyInstance } from 'fastify';
import { ClientError, GraphQLClient, gql } from 'graphql-request';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { idTokenFor } from '../../../server/auth/id-tokens';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { trpcCalls } from '../trpc-calls';

/**
 * API clients as an integration uses them (docs/integrating/api-clients.md): an administrator makes
 * one and sees its secret once; the client trades it at /oauth/token (RFC 6749 §4.4) or sends it as
 * a key; its scopes open exactly their procedures, GraphQL fields and routes; revocation, expiry and
 * the address list count at once; creation, use and revocation are events, and no secret is stored.
 */
type Who = 'admin' | 'teacher' | 'participant' | 'former';

interface Created {
  clientId: string;
  clientSecret: string;
}

describe.each(databaseKinds)('API clients on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let baseUrl: string;
  const tokens = {} as Record<Who, string>;
  const api = trpcCalls<Who>(() => ({ app, platform, tokens }));

  const create = (input: Record<string, unknown>) => api.as<Created>('admin', 'apiClient.create', input);

  const tokenRequest = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  const basic = (client: Created) =>
    `Basic ${Buffer.from(`${client.clientId}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;

  /** A tRPC query with a bearer credential: its HTTP status and the error's message. */
  async function query(credential: string, procedure: string, input?: unknown) {
    const response = await app.inject({
      url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
      headers: { authorization: `Bearer ${credential}`, 'accept-language': 'en' },
    });
    const body = response.json() as { error?: { message: string } };
    return { status: response.statusCode, message: body.error?.message ?? null };
  }

  beforeAll(async () => {
    platform = await startTestPlatform(kind, {
      env: { RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_USER: '0' },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    tokens.admin = (await addTestUser(platform, { roles: ['admin'] })).token;
    tokens.teacher = (await addTestUser(platform, { roles: ['teacher'] })).token;
    tokens.participant = (await addTestUser(platform)).token;
    await api.as('admin', 'course.create', {
      path: 'api-client-course',
      course: { name: 'Integration course', language: 'en', public: false },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('an administrator makes a client and sees its secret once; the list never shows it', async () => {
    const client = await create({ name: 'Content mirror', scopes: ['content:read'] });
    expect(client.clientSecret).toMatch(/^srhr_[\w-]{43}$/);
    const list = await api.as<Record<string, unknown>[]>('admin', 'apiClient.list', undefined, false);
    const row = list.find((entry) => entry.clientId === client.clientId);
    expect(row).toMatchObject({ name: 'Content mirror', scopes: ['content:read'], status: 'working' });
    expect(JSON.stringify(list)).not.toContain(client.clientSecret);
    expect(Object.keys(row ?? {})).not.toContain('secretHash');
    // Only its hash is stored, in the event and the read table.
    const stored = await sql<{
      text: string;
    }>`select data::text as text from events where stream = ${`api-client-${client.clientId}`}`.execute(
      platform.database.db,
    );
    expect(stored.rows.map((r) => r.text).join()).not.toContain(client.clientSecret);
    await api.refused('teacher', 'apiClient.create', { name: 'Mine', scopes: ['users:read'] }, 'FORBIDDEN');
    await api.refused('teacher', 'apiClient.list', undefined, 'FORBIDDEN', false);
  });

  it('making or holding a client grants nothing over clients: not to a demoted maker, nor to the client itself', async () => {
    // A participant and a teacher are refused every call, and write nothing.
    for (const who of ['participant', 'teacher'] as const) {
      await api.refused(who, 'apiClient.list', undefined, 'FORBIDDEN', false);
      await api.refused(who, 'apiClient.create', { name: 'Mine', scopes: ['content:read'] }, 'FORBIDDEN');
    }
    // An administrator makes a client, then loses the role: their own client is no longer theirs to see or revoke.
    const maker = await addTestUser(platform, { roles: ['admin'] });
    tokens.former = maker.token;
    const made = await create({ name: 'Made by a colleague', scopes: ['users:read'] });
    await api.as('admin', 'user.setRoles', { _id: maker.userId, roles: [] });
    tokens.former = (await idTokenFor(platform, maker.userId))!;
    await api.refused('former', 'apiClient.list', undefined, 'FORBIDDEN', false);
    await api.refused('former', 'apiClient.revoke', { clientId: made.clientId }, 'FORBIDDEN');
    // The client itself, even holding every scope, cannot list, make or revoke clients (its own included).
    const everything = await create({
      name: 'Everything',
      scopes: [
        'content:read',
        'content:write',
        'results:read',
        'results:write',
        'users:read',
        'xapi:read',
        'certificates:read',
      ],
    });
    for (const [procedure, input, mutation] of [
      ['apiClient.list', undefined, false],
      ['apiClient.create', { name: 'Child', scopes: ['users:read'] }, true],
      ['apiClient.revoke', { clientId: everything.clientId }, true],
    ] as const) {
      const response = mutation
        ? await app.inject({
            method: 'POST',
            url: `/trpc/${procedure}`,
            headers: { authorization: `Bearer ${everything.clientSecret}`, 'accept-language': 'en' },
            payload: input as object,
          })
        : await app.inject({
            url: `/trpc/${procedure}`,
            headers: { authorization: `Bearer ${everything.clientSecret}`, 'accept-language': 'en' },
          });
      expect(response.statusCode, procedure).toBe(403);
      expect((response.json() as { error: { message: string } }).error.message).toBe(
        'Only a person can do this, not an API client.',
      );
    }
    const list = await api.as<{ clientId: string; status: string }[]>(
      'admin',
      'apiClient.list',
      undefined,
      false,
    );
    expect(list.find((entry) => entry.clientId === made.clientId)?.status).toBe('working');
    expect(list.find((entry) => entry.clientId === everything.clientId)?.status).toBe('working');
  });

  it('refuses a bad form at its fields: an address that is none, an expiry in the past, no scope', async () => {
    for (const [input, path] of [
      [{ name: 'x', scopes: ['content:read'], allowedIps: ['not-an-ip'] }, 'allowedIps.0'],
      [{ name: 'x', scopes: ['content:read'], allowedIps: ['10.0.0.0/33'] }, 'allowedIps.0'],
      [{ name: 'x', scopes: ['content:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: ['everything'] }, 'scopes.0'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: '/trpc/apiClient.create',
        headers: { authorization: `Bearer ${tokens.admin}` },
        payload: input,
      });
      expect(response.statusCode, JSON.stringify(input)).toBe(400);
      const fields = (response.json() as { error: { data: { fields: { path: string }[] } } }).error.data
        .fields;
      expect(fields.map((field) => field.path)).toContain(path);
    }
  });

  it('/oauth/token trades the id and secret for an access token, as RFC 6749 says', async () => {
    const client = await create({ name: 'Reporting', scopes: ['results:read', 'users:read'] });
    const viaBasic = await tokenRequest(
      { grant_type: 'client_credentials' },
      { authorization: basic(client) },
    );
    expect(viaBasic.statusCode).toBe(200);
    expect(viaBasic.headers['cache-control']).toBe('no-store');
    const granted = viaBasic.json() as {
      access_token: string;
      token_type: string;
      expires_in: number;
      scope: string;
    };
    expect(granted).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'results:read users:read',
    });

    const viaForm = await tokenRequest({
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      scope: 'users:read',
    });
    expect(viaForm.json()).toMatchObject({ scope: 'users:read' });

    const errorOf = async (response: Awaited<ReturnType<typeof tokenRequest>>) => [
      response.statusCode,
      (response.json() as { error: string }).error,
    ];
    const wrong = await tokenRequest(
      { grant_type: 'client_credentials' },
      { authorization: basic({ ...client, clientSecret: `${client.clientSecret}x` }) },
    );
    expect(await errorOf(wrong)).toEqual([401, 'invalid_client']);
    expect(wrong.headers['www-authenticate']).toContain('Basic');
    expect(await errorOf(await tokenRequest({}, { authorization: basic(client) }))).toEqual([
      400,
      'invalid_request',
    ]);
    expect(
      await errorOf(await tokenRequest({ grant_type: 'password' }, { authorization: basic(client) })),
    ).toEqual([400, 'unsupported_grant_type']);
    expect(
      await errorOf(
        await tokenRequest(
          { grant_type: 'client_credentials', scope: 'content:write' },
          { authorization: basic(client) },
        ),
      ),
    ).toEqual([400, 'invalid_scope']);
    expect(
      await errorOf(
        await tokenRequest(
          {
            grant_type: 'client_credentials',
            client_id: client.clientId,
            client_secret: client.clientSecret,
          },
          { authorization: basic(client) },
        ),
      ),
    ).toEqual([400, 'invalid_request']);
    const json = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic(client) },
      payload: { grant_type: 'client_credentials' },
    });
    expect(await errorOf(json)).toEqual([400, 'invalid_request']);
  });

  it('a client reaches what its scopes open and nothing else, with a token or its key', async () => {
    const client = await create({ name: 'Mirror', scopes: ['content:read'] });
    const granted = (
      await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic(client) })
    ).json() as {
      access_token: string;
    };
    for (const credential of [granted.access_token, client.clientSecret]) {
      expect((await query(credential, 'course.list', {})).status).toBe(200);
      expect(await query(credential, 'user.list', {})).toEqual({
        status: 403,
        message: 'This API client lacks the scope “users:read”.',
      });
      expect(await query(credential, 'user.me')).toEqual({
        status: 403,
        message: 'Only a person can do this, not an API client.',
      });
      const write = await app.inject({
        method: 'POST',
        url: '/trpc/course.create',
        headers: { authorization: `Bearer ${credential}` },
        payload: { path: 'from-a-client', course: { name: 'No', language: 'en', public: false } },
      });
      expect(write.statusCode).toBe(403);
      // Plain routes: a CSV of people needs users:read, the xAPI read API xapi:read.
      const csv = await app.inject({
        url: '/api/users.csv',
        headers: { authorization: `Bearer ${credential}` },
      });
      expect(csv.statusCode).toBe(403);
    }
    // A token narrowed to fewer scopes than the client holds opens only those.
    const reporting = await create({ name: 'People', scopes: ['users:read', 'xapi:read'] });
    const narrow = (
      await tokenRequest(
        { grant_type: 'client_credentials', scope: 'xapi:read' },
        { authorization: basic(reporting) },
      )
    ).json() as { access_token: string };
    expect((await query(narrow.access_token, 'user.list', {})).status).toBe(403);
    const statements = await app.inject({
      url: '/xapi/statements?limit=1',
      headers: { authorization: `Bearer ${narrow.access_token}`, 'x-experience-api-version': '1.0.3' },
    });
    expect(statements.statusCode).toBe(200);
    const csv = await app.inject({
      url: '/api/users.csv',
      headers: { authorization: `Bearer ${reporting.clientSecret}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(reporting.clientSecret);
  });

  it('GraphQL over graphql-request: the fields of its scopes answer, people and answers need theirs', async () => {
    const client = await create({ name: 'GraphQL mirror', scopes: ['content:read'] });
    const graphql = new GraphQLClient(`${baseUrl}/graphql`, {
      headers: { authorization: `Bearer ${client.clientSecret}` },
    });
    const { courses } = await graphql.request<{ courses: { name: string }[] }>(gql`
      query { courses { name } }
    `);
    expect(courses.map((course) => course.name)).toContain('Integration course');
    for (const document of [
      gql`query { users { email } }`,
      gql`query { courses { name owners { email } } }`,
      gql`query { currentUser { email } }`,
    ]) {
      const error = await graphql.request(document).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ClientError);
      expect((error as ClientError).response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const refusal = (await graphql
      .request(gql`query { users { email } }`)
      .catch((e: ClientError) => e)) as ClientError;
    expect(refusal.response.errors?.[0]?.message).toBe(
      'This API client lacks the scope “users:read” that “Query.users” needs.',
    );
  });

  it('revocation ends the key and every token at once; the history holds creation, use and revocation', async () => {
    const client = await create({ name: 'Short-lived', scopes: ['content:read'] });
    const granted = (
      await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic(client) })
    ).json() as {
      access_token: string;
    };
    expect((await query(client.clientSecret, 'course.list', {})).status).toBe(200);
    // The use is recorded after the call; 'last use' shows it.
    await expect
      .poll(async () => {
        const list = await api.as<{ clientId: string; lastUsedAt: string | null }[]>(
          'admin',
          'apiClient.list',
          undefined,
          false,
        );
        return list.find((entry) => entry.clientId === client.clientId)?.lastUsedAt ?? null;
      })
      .not.toBeNull();
    await api.as('admin', 'apiClient.revoke', { clientId: client.clientId });
    expect((await query(client.clientSecret, 'course.list', {})).status).toBe(401);
    expect((await query(granted.access_token, 'course.list', {})).status).toBe(401);
    const again = await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic(client) });
    expect(again.statusCode).toBe(401);
    await api.refused('admin', 'apiClient.revoke', { clientId: client.clientId }, 'CONFLICT');
    const types = await sql<{
      type: string;
    }>`select type from events where stream = ${`api-client-${client.clientId}`} order by position`.execute(
      platform.database.db,
    );
    expect(types.rows.map((row) => row.type)).toEqual([
      'ApiClientCreated',
      'ApiClientUsed',
      'ApiClientRevoked',
    ]);
    const list = await api.as<{ clientId: string; status: string }[]>(
      'admin',
      'apiClient.list',
      undefined,
      false,
    );
    expect(list.find((entry) => entry.clientId === client.clientId)?.status).toBe('revoked');
  });

  it('the history names a client that made a change by its name, marked as a client', async () => {
    const writer = await create({ name: 'Catalogue sync', scopes: ['content:read', 'content:write'] });
    const made = await app.inject({
      method: 'POST',
      url: '/trpc/course.create',
      payload: { path: 'synced-course', course: { name: 'Synced course', language: 'en' } },
      headers: { authorization: `Bearer ${writer.clientSecret}` },
    });
    expect(made.statusCode, made.body).toBe(200);
    const history = await api.as<{ type: string; actorId: string; people: Record<string, string> }[]>(
      'admin',
      'course.history',
      { path: 'synced-course' },
      false,
    );
    const created = history.find((entry) => entry.type === 'CourseCreated')!;
    expect(created.actorId).toBe(writer.clientId);
    expect(created.people[writer.clientId]).toBe('Catalogue sync (API)');
  });

  it('an address list and an expiry hold on every call', async () => {
    const fenced = await create({
      name: 'From the office',
      scopes: ['content:read'],
      allowedIps: ['192.0.2.0/24'],
    });
    const call = (remoteAddress: string) =>
      app.inject({
        url: '/trpc/course.list?input=%7B%7D',
        remoteAddress,
        headers: { authorization: `Bearer ${fenced.clientSecret}` },
      });
    expect((await call('192.0.2.7')).statusCode).toBe(200);
    expect((await call('198.51.100.7')).statusCode).toBe(401);
    const soon = await create({
      name: 'Ends soon',
      scopes: ['content:read'],
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    const granted = (
      await tokenRequest({ grant_type: 'client_credentials' }, { authorization: basic(soon) })
    ).json() as {
      expires_in: number;
    };
    expect(granted.expires_in).toBeLessThanOrEqual(2);
    expect((await query(soon.clientSecret, 'course.list', {})).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await query(soon.clientSecret, 'course.list', {})).status).toBe(401);
  });
});
