import { describe, expect, it } from 'vitest';
import { type ModuleCommand, moduleInputSchema } from '../../../events/module/commands';
import { moduleDecider } from '../../../events/module/decider';
import type { ModuleDetails, ModuleEvent } from '../../../events/module/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(moduleDecider);
const moduleId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0101';
const path = 'contraception-quiz';
const details: ModuleDetails = moduleInputSchema.parse({ name: 'Contraception quiz', language: 'en' });
const asTest: ModuleDetails = {
  ...details,
  test: true,
  randomized: ['pages', 'answers'],
  anonymousPages: true,
};
const gatedTest: ModuleDetails = { ...details, test: true, gateProgress: true };

const created: ModuleEvent = { type: 'ModuleCreated', data: { moduleId, path, ...details, published: true } };
const ref = { moduleId, path };
const owned: ModuleEvent = { type: 'ModuleOwnerAdded', data: { ...ref, userId: 'teacher-1' } };
const deleted: ModuleEvent = { type: 'ModuleDeleted', data: { ...ref, name: details.name } };

describe('module decider', () => {
  const table: {
    name: string;
    given: ModuleEvent[];
    when: ModuleCommand;
    thenEvents?: ModuleEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'creates a published module',
      given: [],
      when: { type: 'CreateModule', data: { moduleId, path, details, ownerId: null } },
      thenEvents: [created],
    },
    {
      name: 'makes the creator the first owner',
      given: [],
      when: { type: 'CreateModule', data: { moduleId, path, details, ownerId: 'teacher-1' } },
      thenEvents: [created, owned],
    },
    {
      name: 'refuses to create a module twice',
      given: [created],
      when: { type: 'CreateModule', data: { moduleId, path, details, ownerId: null } },
      throws: ['CONFLICT', 'module.alreadyExists'],
    },
    {
      name: 'refuses a gated test on creation',
      given: [],
      when: { type: 'CreateModule', data: { moduleId, path, details: gatedTest, ownerId: null } },
      throws: ['INVALID', 'module.gateWithTest'],
    },
    {
      name: 'updates every field at once',
      given: [created],
      when: { type: 'UpdateModule', data: { details: asTest } },
      thenEvents: [{ type: 'ModuleUpdated', data: { ...ref, ...asTest } }],
    },
    {
      name: 'creates a module whose checks reveal the verdict',
      given: [],
      when: {
        type: 'CreateModule',
        data: { moduleId, path, details: { ...details, checkReveals: 'verdict' }, ownerId: null },
      },
      thenEvents: [
        {
          type: 'ModuleCreated',
          data: { moduleId, path, ...details, checkReveals: 'verdict', published: true },
        },
      ],
    },
    {
      name: 'changes what a check reveals',
      given: [created],
      when: { type: 'UpdateModule', data: { details: { ...details, checkReveals: 'answer' } } },
      thenEvents: [{ type: 'ModuleUpdated', data: { ...ref, ...details, checkReveals: 'answer' } }],
    },
    {
      name: 'refuses to turn a module into a gated test',
      given: [created],
      when: { type: 'UpdateModule', data: { details: gatedTest } },
      throws: ['INVALID', 'module.gateWithTest'],
    },
    {
      name: 'refuses to update a module that does not exist',
      given: [],
      when: { type: 'UpdateModule', data: { details } },
      throws: ['NOT_FOUND', 'module.notFound'],
    },
    {
      name: 'unpublishes a published module',
      given: [created],
      when: { type: 'UnpublishModule' },
      thenEvents: [{ type: 'ModuleUnpublished', data: ref }],
    },
    {
      name: 'publishing a published module changes nothing',
      given: [created],
      when: { type: 'PublishModule' },
      thenEvents: [],
    },
    {
      name: 'publishes an unpublished module',
      given: [created, { type: 'ModuleUnpublished', data: ref }],
      when: { type: 'PublishModule' },
      thenEvents: [{ type: 'ModulePublished', data: ref }],
    },
    {
      name: 'unpublishing an unpublished module changes nothing',
      given: [created, { type: 'ModuleUnpublished', data: ref }],
      when: { type: 'UnpublishModule' },
      thenEvents: [],
    },
    {
      name: 'adds an owner',
      given: [created],
      when: { type: 'AddModuleOwner', data: { userId: 'teacher-1' } },
      thenEvents: [owned],
    },
    {
      name: 'adds an owner once',
      given: [created, owned],
      when: { type: 'AddModuleOwner', data: { userId: 'teacher-1' } },
      thenEvents: [],
    },
    {
      name: 'removes an owner',
      given: [created, owned],
      when: { type: 'RemoveModuleOwner', data: { userId: 'teacher-1' } },
      thenEvents: [{ type: 'ModuleOwnerRemoved', data: { ...ref, userId: 'teacher-1' } }],
    },
    {
      name: 'removing someone who does not own it changes nothing',
      given: [created],
      when: { type: 'RemoveModuleOwner', data: { userId: 'teacher-1' } },
      thenEvents: [],
    },
    {
      name: 'saves the page order',
      given: [created],
      when: { type: 'OrderPages', data: { pages: ['intro', 'quiz'] } },
      thenEvents: [{ type: 'ModulePagesOrdered', data: { ...ref, pages: ['intro', 'quiz'] } }],
    },
    {
      name: 'deletes a module, keeping its last name for the history',
      given: [created, { type: 'ModuleUpdated', data: { ...ref, ...asTest, name: 'Final exam' } }],
      when: { type: 'DeleteModule' },
      thenEvents: [{ type: 'ModuleDeleted', data: { ...ref, name: 'Final exam' } }],
    },
    {
      name: 'a deleted module cannot be changed',
      given: [created, deleted],
      when: { type: 'OrderPages', data: { pages: [] } },
      throws: ['NOT_FOUND', 'module.notFound'],
    },
    {
      name: 'a deleted module cannot be deleted again',
      given: [created, deleted],
      when: { type: 'DeleteModule' },
      throws: ['NOT_FOUND', 'module.notFound'],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }

  it('folds owners, publication and page order into the state', () => {
    const events: ModuleEvent[] = [
      created,
      owned,
      { type: 'ModuleUnpublished', data: ref },
      { type: 'ModulePagesOrdered', data: { ...ref, pages: ['b', 'a'] } },
    ];
    const state = events.reduce(moduleDecider.evolve, moduleDecider.initialState());
    expect(state).toMatchObject({
      status: 'active',
      published: false,
      owners: ['teacher-1'],
      pages: ['b', 'a'],
    });
  });
});

describe('module form schema', () => {
  it('keeps randomization and anonymous pages for a test', () => {
    const module = moduleInputSchema.parse({
      name: 'Exam',
      language: 'nl',
      test: true,
      anonymousPages: true,
      randomized: ['questions', 'pages', 'questions'],
    });
    expect(module).toMatchObject({ test: true, anonymousPages: true, randomized: ['questions', 'pages'] });
  });

  it('empties randomization and anonymous pages for a normal module', () => {
    const module = moduleInputSchema.parse({
      name: 'Lesson',
      language: 'nl',
      test: false,
      anonymousPages: true,
      randomized: ['answers'],
    });
    expect(module).toMatchObject({ test: false, anonymousPages: false, randomized: [] });
  });

  it('refuses a gated test on the gateProgress field', () => {
    const result = moduleInputSchema.safeParse({ name: 'x', language: 'en', test: true, gateProgress: true });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['gateProgress'], message: 'module.gateWithTest' });
  });

  it('keeps the gate config only while progress is gated', () => {
    expect(
      moduleInputSchema.parse({ name: 'x', language: 'en', gateProgress: true, gateConfig: ['all-correct'] })
        .gateConfig,
    ).toEqual(['all-correct']);
    expect(
      moduleInputSchema.parse({ name: 'x', language: 'en', gateConfig: ['all-correct'] }).gateConfig,
    ).toEqual([]);
  });
});
