import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiScopes } from '../../events/api-client/events';
import { procedureScope, rootFieldScope } from '../../server/api-client/scopes';
import { buildApp } from '../../server/app';
import { ensureTeacherRole } from '../../server/auth/bootstrap';
import { getNamedType, isObjectType } from '../../server/graphql/graphql';
import { schema } from '../../server/graphql/schema';
import { translator } from '../../server/i18n';
import { appRouter } from '../../server/router';
import { emptyClientRoot } from '../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../harness';
import { type IdentityProvider, startIdentityProvider } from '../support/identity-provider';
import {
  type ActorName,
  actorNames,
  graphqlQueryRows,
  graphqlRows,
  type QueryRow,
  type Refusal,
  type Row,
  roleOf,
  type SignedIn,
  trpcRows,
  World,
} from './permission-inputs';

/**
 * Proof that stays: every tRPC procedure, every GraphQL mutation and every GraphQL read
 * that names people or gives answers (each field of Query, and each such field of a type), called
 * over HTTP by anonymous, a participant, the built-in teacher, a custom role with only the create
 * right, such a user owning the target, and an admin. Each call is allowed or refused as its row in
 * permission-inputs.ts says, and a refusal writes no event. A procedure, mutation or read without a
 * row fails the test, so a new one cannot slip in unchecked.
 */

// tRPC v11 keeps a flat record of every procedure by its dotted path.
const procedures = (
  appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' } }> } }
)._def.procedures;
const mutationFields = schema.getMutationType()?.getFields() ?? {};
const queryFields = schema.getQueryType()?.getFields() ?? {};

/**
 * The fields of the schema's types (beside Query and Mutation, and the payloads mutations answer
 * with) that name people or give answers: a User or ResultAnswer, or a read taking a `user`.
 */
function peopleAndAnswerFields(): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    if (type === schema.getQueryType() || type === schema.getMutationType()) continue;
    if (type.getInterfaces().some((face) => face.name === 'MutationResponse')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type).name;
      if (named === 'User' || named === 'ResultAnswer' || field.args.some((arg) => arg.name === 'user'))
        found.push(`${type.name}.${field.name}`);
    }
  }
  return found;
}

const t = translator('en');
const refusalMessages = new Set([t('errors.forbidden'), t('errors.unauthenticated')]);
const notFoundMessages = new Set(
  (['course', 'section', 'module', 'page', 'file', 'user'] as const).map((kind) => t(`${kind}.notFound`)),
);

describe('the permission table', () => {
  it('has a row for every tRPC procedure and no row for one that does not exist', () => {
    expect(Object.keys(trpcRows).sort()).toEqual(Object.keys(procedures).sort());
  });
  it('has a row for every GraphQL mutation and no row for one that does not exist', () => {
    expect(Object.keys(graphqlRows).sort()).toEqual(Object.keys(mutationFields).sort());
  });
  it('has a row for every GraphQL query field and every field naming people or giving answers', () => {
    expect(Object.keys(graphqlQueryRows).sort()).toEqual(
      [...Object.keys(queryFields), ...peopleAndAnswerFields()].sort(),
    );
  });
});

/** A GraphQL document for one mutation, its variables typed as the schema declares its arguments. */
function mutationDocument(name: string): string {
  const args = mutationFields[name]?.args ?? [];
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `mutation${declared ? ` (${declared})` : ''} { ${name}${passed ? `(${passed})` : ''} { success message } }`;
}

/** A GraphQL document for one read: the field of Query with its arguments, or the row's own query. */
function queryDocument(name: string, row: QueryRow): string {
  if (row.through) return row.through.query;
  const args = queryFields[name]?.args ?? [];
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `query${declared ? ` (${declared})` : ''} { ${name}${passed ? `(${passed})` : ''} ${row.select ?? ''} }`;
}

/** The value at a path of a GraphQL answer's data; null when a level on the way is missing. */
function valueAt(data: unknown, at: readonly string[]): unknown {
  let value = data;
  for (const key of at) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[key] ?? null;
  }
  return value;
}

describe.each(databaseKinds)('the permission matrix on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let world: World;
  let identityProvider: IdentityProvider;

  beforeAll(async () => {
    identityProvider = await startIdentityProvider();
    // Request limits off: the matrix makes far more calls per minute than one person would.
    platform = await startTestPlatform(kind, {
      env: {
        RATE_LIMIT_PER_ADDRESS: '0',
        RATE_LIMIT_PER_USER: '0',
        RATE_LIMIT_UPLOADS: '0',
        OIDC_ISSUER: identityProvider.issuer,
        OIDC_AUDIENCE: 'platform-client',
      },
    });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    world = new World(platform, app);
    world.identityProvider = identityProvider;
    await ensureTeacherRole(platform);
    const admin = await world.user(['admin']);
    world.tokens.admin = admin.token;
    await world.as('admin', 'role.create', { name: 'creator', actions: { create: true } });
    for (const actor of ['participant', 'teacher', 'custom', 'owner'] as const) {
      const user = await world.user(roleOf[actor]);
      world.tokens[actor] = user.token;
      world.ids[actor] = user.userId;
    }
    world.ids.admin = admin.userId;
    await world.makeShared();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
    await identityProvider?.close();
  });

  const eventCount = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from events`.execute(platform.database.db)).rows[0]!
      .n;

  async function tokenFor(row: Row, actor: ActorName): Promise<string | undefined> {
    if (actor === 'anonymous') return undefined;
    return row.caller ? row.caller(world, actor as SignedIn) : world.tokens[actor as SignedIn];
  }

  interface Prepared {
    input: unknown;
    token: string | undefined;
  }

  /** Calls a tRPC procedure; answers whether it succeeded and a description when it did not. */
  async function callTrpc(name: string, row: Row, { input, token }: Prepared) {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const response =
      procedures[name]!._def.type === 'query'
        ? await app.inject({
            url: `/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            headers,
          })
        : await app.inject({
            method: 'POST',
            url: `/trpc/${name}`,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(input ?? null),
          });
    const status = response.statusCode;
    const refusedAs =
      status === 401 || status === 403 ? 'refused' : status === 404 && row.hidden ? 'refused' : null;
    return {
      ok: status === 200,
      refused: refusedAs !== null,
      said: `${status} ${response.body.slice(0, 200)}`,
    };
  }

  async function callGraphql(name: string, row: Row, { input: variables, token }: Prepared) {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify({ query: mutationDocument(name), variables }),
    });
    const body = response.json() as {
      data?: Record<string, { success: boolean; message: string | null }> | null;
      errors?: unknown[];
    };
    const answer = body.data?.[name];
    const message = answer?.message ?? '';
    const refused =
      answer?.success === false &&
      (refusalMessages.has(message) || (row.hidden === true && notFoundMessages.has(message)));
    return {
      ok: response.statusCode === 200 && answer?.success === true && !body.errors,
      refused,
      said: `${response.statusCode} ${response.body.slice(0, 200)}`,
    };
  }

  /**
   * A read is refused when it answers as its row's refusal says: a refusal error (and no value),
   * null, or an empty list; allowed when it answers something else without an error.
   */
  async function callGraphqlQuery(name: string, row: QueryRow, { input: variables, token }: Prepared) {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload: JSON.stringify({ query: queryDocument(name, row), variables }),
    });
    const body = response.json() as { data?: unknown; errors?: { extensions?: { code?: string } }[] };
    const value = valueAt(body.data, row.through?.at ?? [name]);
    const refusalCodes = row.hidden
      ? ['FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND']
      : ['FORBIDDEN', 'UNAUTHENTICATED'];
    const shape: Refusal | 'answer' = body.errors?.length
      ? 'error'
      : value === null
        ? 'null'
        : Array.isArray(value) && value.length === 0
          ? 'empty'
          : 'answer';
    const refused =
      shape !== 'answer' &&
      row.refusal.includes(shape) &&
      (shape !== 'error' ||
        (value === null &&
          (body.errors ?? []).every((error) => refusalCodes.includes(error.extensions?.code ?? ''))));
    return {
      ok: response.statusCode === 200 && shape === 'answer',
      refused,
      said: `${response.statusCode} ${response.body.slice(0, 200)}`,
    };
  }

  async function check<R extends Row>(
    name: string,
    row: R,
    call: (name: string, row: R, prepared: Prepared) => ReturnType<typeof callTrpc>,
  ): Promise<string[]> {
    const problems: string[] = [];
    for (const actor of actorNames) {
      const allowed = row.allowed.includes(actor);
      // The targets are made first: only the call itself must leave the event count as it was.
      const prepared = { input: await row.input(world, actor), token: await tokenFor(row, actor) };
      const before = allowed ? 0 : await eventCount();
      const answer = await call(name, row, prepared);
      if (allowed && !answer.ok) problems.push(`${actor} should be allowed: ${answer.said}`);
      if (!allowed) {
        if (!answer.refused) problems.push(`${actor} should be refused: ${answer.said}`);
        const after = await eventCount();
        if (after !== before) problems.push(`${actor}'s refusal wrote ${after - before} event(s)`);
      }
    }
    return problems;
  }

  describe('tRPC', () => {
    it.each(Object.entries(trpcRows))('%s', async (name, row) => {
      expect(await check(name, row, callTrpc)).toEqual([]);
    });
  });

  describe('GraphQL mutations', () => {
    it.each(Object.entries(graphqlRows))('%s', async (name, row) => {
      expect(await check(name, row, callGraphql)).toEqual([]);
    });
  });

  describe('GraphQL reads', () => {
    it.each(Object.entries(graphqlQueryRows))('%s', async (name, row) => {
      expect(await check(name, row, callGraphqlQuery)).toEqual([]);
    });
  });

  /**
   * API clients, a row per scope: each procedure and GraphQL root field declares the scope it needs
   * (server/api-client/scopes.ts), or none (people only). A client holding every scope but that one
   * is refused before its input is read; one holding only that scope passes the check and then acts
   * with an administrator's rights (the admin rows above). What each scope opens over plain HTTP and
   * a token from /oauth/token: tests/server/api-client/.
   */
  describe('API client scopes', () => {
    const secrets = new Map<string, string>();
    const client = async (key: string, scopes: readonly string[]) => {
      if (!secrets.has(key)) {
        const made = await world.as<{ clientSecret: string }>('admin', 'apiClient.create', {
          name: `Matrix ${key}`,
          scopes,
        });
        secrets.set(key, made.clientSecret);
      }
      return secrets.get(key)!;
    };
    const only = (scope: string) => client(`only ${scope}`, [scope]);
    const allBut = (scope: string | undefined) =>
      client(
        `all but ${scope ?? 'none'}`,
        apiScopes.filter((each) => each !== scope),
      );
    const refusalOf = (scope: string | undefined) =>
      scope ? t('apiClient.scopeMissing', { scope }) : t('apiClient.peopleOnly');

    async function trpcAs(secret: string, name: string) {
      const headers = { authorization: `Bearer ${secret}`, 'accept-language': 'en' };
      const response =
        procedures[name]!._def.type === 'query'
          ? await app.inject({ url: `/trpc/${name}`, headers })
          : await app.inject({
              method: 'POST',
              url: `/trpc/${name}`,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: 'null',
            });
      const body = response.json() as { error?: { message?: string } };
      return { status: response.statusCode, message: body.error?.message ?? '' };
    }

    it.each(Object.keys(procedures))('tRPC %s', async (name) => {
      const scope = procedureScope(name);
      expect(await trpcAs(await allBut(scope), name)).toEqual({ status: 403, message: refusalOf(scope) });
      if (scope) expect((await trpcAs(await only(scope), name)).message).not.toBe(refusalOf(scope));
    });

    const graphqlDocuments: [string, () => Promise<{ query: string; variables: unknown }>][] = [
      ...Object.keys(queryFields).map(
        (name) =>
          [
            `Query.${name}`,
            async () => ({
              query: queryDocument(name, graphqlQueryRows[name]!),
              variables: await graphqlQueryRows[name]!.input(world, 'admin'),
            }),
          ] as [string, () => Promise<{ query: string; variables: unknown }>],
      ),
      ...Object.keys(mutationFields).map(
        (name) =>
          [
            `Mutation.${name}`,
            async () => ({
              query: mutationDocument(name),
              variables: await graphqlRows[name]!.input(world, 'admin'),
            }),
          ] as [string, () => Promise<{ query: string; variables: unknown }>],
      ),
    ];

    async function graphqlAs(secret: string, document: { query: string; variables: unknown }) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        payload: JSON.stringify(document),
      });
      return ((response.json() as { errors?: { message: string }[] }).errors ?? []).map(
        (error) => error.message,
      );
    }

    it.each(graphqlDocuments)('GraphQL %s', async (field, document) => {
      const scope = rootFieldScope(field.split('.')[1]!);
      const refused = (messages: string[]) => messages.some((message) => message.includes(`“${field}”`));
      // Open to anyone: a client needs no scope for it.
      if (scope === 'public') {
        expect(refused(await graphqlAs(await only('xapi:read'), await document()))).toBe(false);
        return;
      }
      expect(refused(await graphqlAs(await allBut(scope), await document()))).toBe(true);
      if (scope) expect(refused(await graphqlAs(await only(scope), await document()))).toBe(false);
    });
  });

  /** HTTP routes outside tRPC and GraphQL that only some may call: who gets which status. */
  describe('HTTP routes', () => {
    it('GET /xapi/statements: admins only (401 anonymous, 403 the others)', async () => {
      const statuses: Record<string, number> = {};
      for (const actor of actorNames) {
        const token = actor === 'anonymous' ? undefined : world.tokens[actor as SignedIn];
        const response = await app.inject({
          method: 'GET',
          url: '/xapi/statements?limit=1',
          headers: token ? { authorization: `Bearer ${token}`, 'x-experience-api-version': '1.0.3' } : {},
        });
        statuses[actor] = response.statusCode;
      }
      expect(statuses).toEqual({
        anonymous: 401,
        participant: 403,
        teacher: 403,
        custom: 403,
        owner: 403,
        admin: 200,
      });
    });
  });
});
