import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleInputSchema } from '../../../events/module/commands';
import { pageInputSchema } from '../../../events/page/commands';
import { allRules, noRules } from '../../../events/permissions';
import { buildApp } from '../../../server/app';
import { createModule } from '../../../server/module/commands';
import { createPage } from '../../../server/page/commands';
import { saveResult } from '../../../server/result/commands';
import { emptyClientRoot } from '../../graphql/client';
import { databaseKinds, startTestPlatform, type TestPlatform } from '../../harness';
import { addTestUser } from '../../users';
import { statementValidators } from './schema';

const admin = { userId: 'admin-xapi-types', roles: ['admin'], rules: allRules() };

interface Statement {
  object: {
    id: string;
    definition?: Record<string, unknown> & { interactionType?: string; correctResponsesPattern?: string[] };
  };
  result?: { score?: { raw: number; max: number }; success?: boolean; response?: string };
}

/**
 * Matching, ordering and fill-in answers as xAPI interactions (docs/integrating/xapi.md): matching
 * with its prompts as source and matches as target, ordering as sequencing with its items as
 * choices, fill-in with one response per blank; each with the correct responses pattern, the
 * response the learner gave, and valid against both statement schemas.
 */
describe.each(databaseKinds)('xAPI statements of matching, ordering and fill-in answers on %s', (kind) => {
  let platform: TestPlatform;
  let app: FastifyInstance;
  let adminToken: string;
  let answered: Statement[] = [];

  beforeAll(async () => {
    platform = await startTestPlatform(kind, { env: { PUBLIC_URL: 'https://learn.example.org' } });
    app = await buildApp(platform, { clientRoot: emptyClientRoot() });
    adminToken = (await addTestUser(platform, { roles: ['admin'] })).token;
    let clock = Date.parse('2026-11-26T08:00:00Z');
    const meta = () => {
      clock += 60_000;
      return { actorId: admin.userId, requestId: 'xapi-types', now: new Date(clock) };
    };
    await createModule(platform, admin, meta(), {
      path: 'koppel',
      module: moduleInputSchema.parse({ name: 'Koppel', language: 'nl' }),
    });
    await createPage(platform, admin, meta(), {
      parentType: 'module',
      parentPath: 'koppel',
      page: pageInputSchema.parse({
        name: 'Vragen',
        type: 'question',
        content: [
          {
            type: 'matching',
            questionType: 'matching',
            name: 'capitals',
            label: 'Koppel.',
            schema: {},
            pairs: [
              { value: 'paris', prompt: 'Parijs', match: 'Frankrijk', score: 1 },
              { value: 'rome', prompt: 'Rome', match: 'Italië', score: 1 },
            ],
            distractors: [{ value: 'spain', label: 'Spanje' }],
          },
          {
            type: 'ordering',
            questionType: 'ordering',
            name: 'steps',
            label: 'Volgorde.',
            schema: {},
            items: [
              { value: 'ask', label: 'Vragen' },
              { value: 'listen', label: 'Luisteren' },
              { value: 'agree', label: 'Afspreken' },
            ],
          },
          {
            type: 'fillBlanks',
            questionType: 'fillBlanks',
            name: 'sentence',
            label: 'Vul aan.',
            schema: {},
            text: 'Parijs is [[1]] en ligt aan [[2]].',
            gaps: [
              { kind: 'text', accepted: [{ text: 'hoofdstad', score: 1 }] },
              {
                kind: 'select',
                options: [
                  { label: 'de Seine', value: 'seine', score: 1 },
                  { label: 'de Rijn', value: 'rhine', score: 0 },
                ],
              },
            ],
          },
        ],
      }),
    });
    const learner = await addTestUser(platform, { name: 'Ada Learner' });
    await saveResult(platform, { userId: learner.userId, roles: [], rules: noRules() }, meta(), {
      module: 'koppel',
      page: 'vragen',
      result: {
        answers: {
          capitals: ['paris=m1', 'rome=m3'],
          steps: ['ask', 'listen', 'agree'],
          sentence: [' Hoofdstad ', 'rhine'],
        },
      },
    });
    const response = await app.inject({
      url: `/xapi/statements?ascending=true&verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/answered')}`,
      headers: { authorization: `Bearer ${adminToken}`, 'x-experience-api-version': '1.0.3' },
    });
    expect(response.statusCode, response.body).toBe(200);
    answered = (response.json() as { statements: Statement[] }).statements;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await platform?.dispose();
  });

  const of = (question: string) => {
    const found = answered.find((statement) => statement.object.id.endsWith(`#${question}`));
    expect(found, question).toBeDefined();
    return found!;
  };

  it('writes each answer as a valid statement', () => {
    expect(answered).toHaveLength(3);
    for (const statement of answered)
      for (const [name, validate] of statementValidators())
        expect(validate(statement), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it('describes matching with prompts as source, matches as target, the pairs as pattern and response', () => {
    const statement = of('capitals');
    expect(statement.object.definition).toEqual({
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      name: { nl: 'Koppel.' },
      interactionType: 'matching',
      source: [
        { id: 'paris', description: { nl: 'Parijs' } },
        { id: 'rome', description: { nl: 'Rome' } },
      ],
      target: [
        { id: 'm1', description: { nl: 'Frankrijk' } },
        { id: 'm2', description: { nl: 'Italië' } },
        { id: 'm3', description: { nl: 'Spanje' } },
      ],
      correctResponsesPattern: ['paris[.]m1[,]rome[.]m2'],
    });
    expect(statement.result).toMatchObject({
      score: { raw: 1, max: 2 },
      success: false,
      response: 'paris[.]m1[,]rome[.]m3',
    });
  });

  it('describes ordering as sequencing with its items as choices and the right order as pattern', () => {
    const statement = of('steps');
    expect(statement.object.definition).toMatchObject({
      interactionType: 'sequencing',
      choices: [
        { id: 'ask', description: { nl: 'Vragen' } },
        { id: 'listen', description: { nl: 'Luisteren' } },
        { id: 'agree', description: { nl: 'Afspreken' } },
      ],
      correctResponsesPattern: ['ask[,]listen[,]agree'],
    });
    expect(statement.result).toMatchObject({ success: true, response: 'ask[,]listen[,]agree' });
  });

  it('describes fill-in with one response per blank, a chosen option by its value', () => {
    const statement = of('sentence');
    expect(statement.object.definition).toMatchObject({
      interactionType: 'fill-in',
      correctResponsesPattern: ['{case_matters=false}hoofdstad[,]seine'],
    });
    expect(statement.result).toMatchObject({
      score: { raw: 1, max: 2 },
      success: false,
      response: 'Hoofdstad[,]rhine',
    });
  });
});
