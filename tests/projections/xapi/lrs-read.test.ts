import type { AddressInfo } from 'node:net';
import XAPI, { type Statement } from '@xapi/xapi';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorNameOf } from '../../../projections/xapi/vocabulary';
import { buildApp } from '../../../server/app';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { xapiScenario } from './scenario';
import { statementValidators } from './schema';

const PUBLIC_URL = 'https://learn.example.org';
const VERSION = { 'x-experience-api-version': '1.0.3' };
const verb = (name: string) => `http://adlnet.gov/expapi/verbs/${name}`;

/**
 * The Statement Resource as an LRS client reads it: `@xapi/xapi` over real HTTP fetches `/about`, one
 * statement, a voided one and filtered pages; what it cannot send (no version header, a canonical
 * language) goes by hand.
 */
describe.each(databaseKinds)('the xAPI read API on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let token: string;
  let client: XAPI;
  let scenario: Awaited<ReturnType<typeof xapiScenario>>;
  const get = (url: string, headers: Record<string, string> = VERSION) =>
    app.inject({ url, headers: { authorization: `Bearer ${token}`, ...headers } });

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL } });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    await app.listen({ host: '127.0.0.1', port: 0 });
    token = (await addTestUser(platform, { roles: ['admin'] })).token;
    scenario = await xapiScenario(platform, 'lrs');
    const { port } = app.server.address() as AddressInfo;
    client = new XAPI({
      endpoint: `http://127.0.0.1:${port}/xapi/`,
      auth: `Bearer ${token}`,
      adapter: 'fetch',
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('answers /about with its version, to anyone', async () => {
    expect((await client.getAbout()).data).toEqual({ version: ['1.0.3'], extensions: {} });
    const anonymous = await app.inject({ url: '/xapi/about' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['x-experience-api-version']).toBe('1.0.3');
  });

  it('fetches one statement by its id, and a voided one only as voided', async () => {
    const page = (await client.getStatements({ limit: 50, ascending: true })).data;
    const first = page.statements[0]!;
    expect((await client.getStatement({ statementId: first.id! })).data).toEqual(first);

    const voiding = page.statements.find((statement) => statement.verb.id === verb('voided'));
    expect(voiding).toBeDefined();
    const voidedId = (voiding!.object as { id: string }).id;
    const voided = (await client.getVoidedStatement({ voidedStatementId: voidedId })).data;
    expect(voided.id).toBe(voidedId);
    for (const [name, validate] of statementValidators())
      expect(validate(voided), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    expect((await get(`/xapi/statements?statementId=${voidedId}`)).statusCode).toBe(404);
    expect((await get(`/xapi/statements?voidedStatementId=${first.id}`)).statusCode).toBe(404);
    const unknown = await get('/xapi/statements?statementId=00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('filters by agent, verb and activity, related activities included on request', async () => {
    const agent = {
      objectType: 'Agent' as const,
      account: { homePage: PUBLIC_URL, name: actorNameOf(scenario.learner.userId) },
    };
    const answered = (await client.getStatements({ agent, verb: verb('answered'), limit: 0 })).data
      .statements;
    expect(answered.length).toBeGreaterThan(0);
    for (const statement of answered) {
      expect((statement.actor as typeof agent).account.name).toBe(agent.account.name);
      expect(statement.verb.id).toBe(verb('answered'));
    }
    const elsewhere = { ...agent, account: { ...agent.account, homePage: 'https://other.example.org' } };
    expect((await client.getStatements({ agent: elsewhere })).data.statements).toEqual([]);

    const module = `${PUBLIC_URL}/module/${scenario.module}`;
    const own = (await client.getStatements({ activity: module, limit: 0 })).data.statements;
    const related = (await client.getStatements({ activity: module, related_activities: true, limit: 0 }))
      .data.statements;
    for (const statement of own) expect((statement.object as { id: string }).id).toBe(module);
    expect(related.length).toBeGreaterThan(own.length);
    expect(related.some((statement) => statement.verb.id === verb('answered'))).toBe(true);

    const registration = '6d1c5a2e-1b2c-4d3e-8f4a-5b6c7d8e9f00';
    expect((await client.getStatements({ registration })).data.statements).toEqual([]);
  });

  it('gives ids only, or one language per map, and the multipart form with attachments', async () => {
    const ids = (await client.getStatements({ verb: verb('answered'), format: 'ids', limit: 1 })).data;
    const [statement] = ids.statements as Statement[];
    expect(statement!.verb).toEqual({ id: verb('answered') });
    expect(Object.keys(statement!.object)).toEqual(['objectType', 'id']);

    const french = await get(
      `/xapi/statements?verb=${encodeURIComponent(verb('answered'))}&format=canonical&limit=1`,
      {
        ...VERSION,
        'accept-language': 'fr-BE, en;q=0.5',
      },
    );
    expect(french.json().statements[0].verb.display).toEqual({ fr: 'a répondu à' });

    const first = ids.statements[0]!;
    const multipart = await client.getStatement({ statementId: first.id!, attachments: true, format: 'ids' });
    expect(multipart.data[0]).toMatchObject({ id: first.id });
  });

  it('refuses a request without the version header, and mixing an id with list filters', async () => {
    const bare = await get('/xapi/statements?limit=1', {});
    expect(bare.statusCode).toBe(400);
    expect(bare.headers['x-experience-api-version']).toBe('1.0.3');
    expect(bare.json().message).toContain('X-Experience-API-Version');
    expect((await get('/xapi/statements?limit=1', { 'x-experience-api-version': '0.95' })).statusCode).toBe(
      400,
    );
    const mixed = await get(`/xapi/statements?statementId=00000000-0000-4000-8000-000000000000&limit=1`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toContain('limit');
    const badAgent = await get(`/xapi/statements?agent=${encodeURIComponent('{"name":"x"}')}`);
    expect(badAgent.statusCode).toBe(400);
  });
});
