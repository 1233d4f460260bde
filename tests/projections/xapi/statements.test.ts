import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderStatement } from '../../../jobs/xapi/render';
import { actorNameOf } from '../../../projections/xapi/vocabulary';
import { buildApp } from '../../../server/app';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { xapiScenario } from './scenario';
import { statementValidator, statementValidators, tinCanStatementValidator } from './schema';

const PUBLIC_URL = 'https://learn.example.org';

interface Statement {
  id: string;
  actor: { account: { homePage: string; name: string } };
  verb: { id: string };
  object: {
    objectType: string;
    id: string;
    definition?: {
      interactionType?: string;
      correctResponsesPattern?: string[];
      choices?: { id: string; description: Record<string, string> }[];
    };
  };
  result?: {
    score?: { raw: number; min: number; max: number; scaled?: number };
    success?: boolean;
    response?: string;
  };
  timestamp: string;
  stored: string;
}

const verb = (name: string) =>
  name === 'earned' ? 'http://id.tincanapi.com/verb/earned' : `http://adlnet.gov/expapi/verbs/${name}`;

describe.each(statementValidators())('the statement schema: %s', (_name, validate) => {
  const valid = {
    id: '6a1c3f4e-7b8d-4c2e-9f10-1a2b3c4d5e6f',
    actor: { objectType: 'Agent', account: { homePage: 'https://lrs.example.org', name: 'abc' } },
    verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { en: 'answered' } },
    object: { objectType: 'Activity', id: 'https://lrs.example.org/q/1' },
  };
  it('accepts a statement and refuses what xAPI 1.0.3 refuses', () => {
    expect(validate(valid), JSON.stringify(validate.errors)).toBe(true);
    const refused = [
      { ...valid, actor: { objectType: 'Agent', name: 'No identifier' } },
      { ...valid, actor: { ...valid.actor, mbox: 'mailto:a@example.org' } },
      { ...valid, verb: { id: 'answered' } },
      { ...valid, object: { objectType: 'StatementRef', id: 'not-a-uuid' } },
      { ...valid, result: { score: { scaled: 1.5 } } },
      { ...valid, timestamp: '26/11/2026' },
      { ...valid, extra: true },
      { ...valid, verb: { ...valid.verb, display: { 'not a language': 'x' } } },
      { ...valid, id: 'not-a-uuid' },
      { ...valid, object: { ...valid.object, objectType: 'Thing' } },
    ];
    for (const statement of refused) expect(validate(statement), JSON.stringify(statement)).toBe(false);
  });
});

describe('the two statement schemas', () => {
  it('refuse more together than either alone: the written one what Tin Can lets pass', () => {
    const tinCan = tinCanStatementValidator();
    const written = statementValidator();
    const valid = {
      actor: { objectType: 'Agent', account: { homePage: 'https://lrs.example.org', name: 'abc' } },
      verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
      object: { objectType: 'Activity', id: 'https://lrs.example.org/q/1' },
    };
    for (const statement of [
      { ...valid, timestamp: '2026-11-26' },
      { ...valid, timestamp: '2026-W48' },
      { ...valid, version: '2.0.0' },
      { ...valid, id: '6a1c3f4e-7b8d-0c2e-0f10-1a2b3c4d5e6f' },
    ]) {
      expect(tinCan(statement), JSON.stringify(statement)).toBe(true);
      expect(written(statement), JSON.stringify(statement)).toBe(false);
    }
  });
});

describe.each(databaseKinds)('xAPI statements on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  let scenario: Awaited<ReturnType<typeof xapiScenario>>;
  const get = (url: string, token = adminToken) =>
    app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, 'x-experience-api-version': '1.0.3' },
    });
  const all = async (query = '') => {
    const statements: Statement[] = [];
    let url = `/xapi/statements?ascending=true&limit=3${query}`;
    for (;;) {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-experience-api-version']).toBe('1.0.3');
      expect(Date.parse(String(response.headers['x-experience-api-consistent-through']))).not.toBeNaN();
      const body = response.json() as { statements: Statement[]; more: string };
      statements.push(...body.statements);
      if (!body.more) return statements;
      url = body.more;
    }
  };

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL } });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    adminToken = (await addTestUser(platform, { roles: ['admin'] })).token;
    scenario = await xapiScenario(platform, 'x');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  it('answers valid xAPI 1.0.3 statements for every verb, page by page', async () => {
    const statements = await all();
    const validators = statementValidators();
    for (const statement of statements) {
      for (const [name, validate] of validators)
        expect(validate(statement), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // What JSON Schema cannot say: a raw score lies within its bounds.
      const score = statement.result?.score;
      if (score) expect(score.raw >= score.min && score.raw <= score.max).toBe(true);
    }
    const verbs = new Set(statements.map((statement) => statement.verb.id));
    for (const name of ['experienced', 'attended', 'answered', 'completed', 'passed', 'earned', 'voided'])
      expect(verbs, name).toContain(verb(name));
    expect(new Set(statements.map((statement) => statement.id)).size).toBe(statements.length);
  });

  it('writes only valid statements, the voided ones and those that void them included', async () => {
    const rows = (
      await sql<{ body: unknown; stored: Date }>`
        select body, stored from xapi_statements order by position, ordinal`.execute(platform.database.db)
    ).rows;
    // Both learners' statements, the revoked certificate's and those voiding it and the leaver's.
    expect(rows.length).toBeGreaterThan(20);
    const validators = statementValidators();
    for (const row of rows) {
      const statement = renderStatement(row);
      for (const [name, validate] of validators)
        expect(validate(statement), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('names people by an opaque account on the platform, never by e-mail or name', async () => {
    const statements = await all();
    const text = JSON.stringify(statements);
    expect(text).not.toContain(scenario.learner.email);
    expect(text).not.toContain('Ada Learner');
    expect(text).not.toContain(scenario.learner.userId);
    const learnerName = actorNameOf(scenario.learner.userId);
    const mine = statements.filter((statement) => statement.actor.account.name === learnerName);
    expect(mine.length).toBeGreaterThan(5);
    for (const statement of statements) expect(statement.actor.account.homePage).toBe(PUBLIC_URL);
  });

  it('scores answers, sends the response of choice questions only, and finishes the module', async () => {
    const statements = await all(`&verb=${encodeURIComponent(verb('answered'))}`);
    const byQuestion = (question: string) =>
      statements.filter((statement) => statement.object.id.endsWith(`#${question}`));
    expect(byQuestion('method').map((statement) => statement.result)).toEqual([
      { score: { raw: 0, min: 0, max: 1, scaled: 0 }, success: false, completion: true, response: 'condom' },
      { score: { raw: 1, min: 0, max: 1, scaled: 1 }, success: true, completion: true, response: 'pill' },
    ]);
    expect(byQuestion('rights')[0]?.result?.response).toBe('information[,]choice');
    expect(byQuestion('why')[0]?.result).toEqual({ completion: true });
    expect(JSON.stringify(statements)).not.toContain('everyone decides');
    const module = `${PUBLIC_URL}/module/${scenario.module}`;
    const finished = await all(`&activity=${encodeURIComponent(module)}`);
    expect(finished.map((statement) => statement.verb.id)).toEqual([verb('completed'), verb('passed')]);
    expect(finished[0]?.result?.score).toEqual({ raw: 3, min: 0, max: 5, scaled: 0.6 });
  });

  it('describes choices in the module language and typed answers as numeric and fill-in interactions', async () => {
    const statements = await all(`&verb=${encodeURIComponent(verb('answered'))}`);
    const definitionOf = (question: string) =>
      statements.find((statement) => statement.object.id.endsWith(`#${question}`))?.object.definition;
    expect(definitionOf('method')).toMatchObject({
      interactionType: 'choice',
      correctResponsesPattern: ['pill'],
      choices: [
        { id: 'pill', description: { en: 'The pill' } },
        { id: 'condom', description: { en: 'Condom' } },
      ],
    });
    expect(definitionOf('rights')?.correctResponsesPattern).toEqual(['information[,]choice']);
    expect(definitionOf('why')).toEqual({
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      name: { en: 'Why?' },
      interactionType: 'long-fill-in',
    });
    // Only the best-scoring accepted number is correct; the response is the number with a point.
    const year = statements.find((statement) => statement.object.id.endsWith('#year'));
    expect(year?.object.definition).toMatchObject({
      interactionType: 'numeric',
      correctResponsesPattern: ['1994[:]1994'],
    });
    expect(year?.result).toEqual({
      score: { raw: 2, min: 0, max: 2, scaled: 1 },
      success: true,
      completion: true,
      response: '1994',
    });
    // Every full-score text, save the one with a wildcard xAPI cannot say; the response as typed.
    const city = statements.find((statement) => statement.object.id.endsWith('#city'));
    expect(city?.object.definition).toMatchObject({
      interactionType: 'fill-in',
      correctResponsesPattern: ['{case_matters=false}Kaïro', '{case_matters=false}Cairo'],
    });
    expect(city?.result).toMatchObject({ success: true, response: 'cairo' });
    for (const statement of [year, city])
      for (const [name, validate] of statementValidators())
        expect(validate(statement), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it('says a module page was experienced: the page by its title, its module as parent, the course as grouping', async () => {
    const page = `${PUBLIC_URL}/module/${scenario.module}/questions`;
    const statements = await all(`&activity=${encodeURIComponent(page)}`);
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    expect(statement).toMatchObject({
      actor: { account: { name: actorNameOf(scenario.learner.userId) } },
      verb: { id: verb('experienced') },
      object: {
        objectType: 'Activity',
        id: page,
        definition: { type: 'http://adlnet.gov/expapi/activities/lesson', name: { en: 'Questions' } },
      },
      context: {
        contextActivities: {
          parent: [
            {
              id: `${PUBLIC_URL}/module/${scenario.module}`,
              definition: { type: 'http://adlnet.gov/expapi/activities/module', name: { en: 'Quiz' } },
            },
          ],
          grouping: [
            {
              id: `${PUBLIC_URL}/course/${scenario.course}`,
              definition: { type: 'http://adlnet.gov/expapi/activities/course', name: { en: 'Course' } },
            },
          ],
        },
      },
    });
  });

  it('voids a revoked certificate and an erased person, and lists neither', async () => {
    const rows = (
      await sql<{ verb: string; voided: boolean; user_id: string | null; body: Statement }>`
        select verb, voided, user_id, body from xapi_statements order by position, ordinal`.execute(
        platform.database.db,
      )
    ).rows;
    const earned = rows.filter((row) => row.verb === 'earned');
    expect(earned.map((row) => row.voided)).toEqual([true, false]);
    const leaver = rows.filter((row) => row.user_id === scenario.leaver.userId);
    // A sighting, the page seen, three answers, completed and failed.
    expect(leaver.map((row) => row.verb)).toEqual([
      'experienced',
      'experienced',
      'answered',
      'answered',
      'answered',
      'completed',
      'failed',
    ]);
    expect(leaver.every((row) => row.voided && row.body.result?.response === undefined)).toBe(true);
    const voiding = rows.filter((row) => row.verb === 'voided').map((row) => row.body.object.id);
    expect(voiding).toEqual([earned[0]!.body.id, ...leaver.map((row) => row.body.id)]);
    const listed = new Set((await all()).map((statement) => statement.id));
    for (const row of [earned[0]!, ...leaver]) expect(listed.has(row.body.id)).toBe(false);
    const leaverName = actorNameOf(scenario.leaver.userId);
    expect((await all()).filter((statement) => statement.actor.account.name === leaverName)).toEqual([]);
  });

  it('filters by stored time, newest first by default', async () => {
    const statements = await all();
    const middle = statements[Math.floor(statements.length / 2)]!.stored;
    const since = await all(`&since=${encodeURIComponent(middle)}`);
    expect(since.every((statement) => statement.stored > middle)).toBe(true);
    const until = await all(`&until=${encodeURIComponent(middle)}`);
    expect(since.length + until.length).toBe(statements.length);
    const newest = (await get('/xapi/statements?limit=2')).json() as {
      statements: Statement[];
      more: string;
    };
    expect(newest.statements.map((statement) => statement.id)).toEqual(
      statements
        .slice(-2)
        .reverse()
        .map((statement) => statement.id),
    );
    expect(newest.more).toMatch(/^\/xapi\/statements\?limit=2&cursor=\d+\.\d+$/);
  });

  it('refuses bad queries with 400, and anyone but an admin with 401 or 403', async () => {
    for (const [query, said] of [
      ['since=yesterday', 'since'],
      ['limit=-1', 'limit'],
      ['limit=501', 'limit'],
      ['verb=answered', 'verb'],
      ['activity=ftp://x/y', 'activity'],
      ['cursor=abc', 'cursor'],
      ['colour=blue', 'colour'],
      ['limit=1&limit=2', 'limit'],
      ['since=2026-11-27T00:00:00Z&until=2026-11-26T00:00:00Z', 'since'],
    ]) {
      const response = await get(`/xapi/statements?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { message: string }).message, query).toContain(said!);
    }
    expect((await app.inject({ method: 'GET', url: '/xapi/statements' })).statusCode).toBe(401);
    expect((await get('/xapi/statements', scenario.learner.token)).statusCode).toBe(403);
    const teacher = await addTestUser(platform, { roles: ['teacher'] });
    expect((await get('/xapi/statements', teacher.token)).statusCode).toBe(403);
  });
});
