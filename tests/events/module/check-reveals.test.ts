import { describe, expect, it } from 'vitest';
import { moduleInputSchema } from '../../../events/module/commands';
import { moduleDecider } from '../../../events/module/decider';
import {
  ModuleChangesPublished,
  ModuleCreated,
  ModuleDraftSaved,
  type ModuleEvent,
  ModuleUpdated,
} from '../../../events/module/events';
import { applyUpcasters } from '../../../events/registry';

const ref = { moduleId: '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0102', path: 'exam' };
/** The details as version 1 of the events wrote them: no checkReveals. */
const { checkReveals: _, ...v1Details } = moduleInputSchema.parse({
  name: 'Exam',
  language: 'nl',
  test: true,
});

/** What a check reveals is a module setting; modules from before it keep revealing nothing. */
describe('checkReveals on the module events', () => {
  it('defaults to nothing when the form leaves it out, and keeps a value it names', () => {
    expect(moduleInputSchema.parse({ name: 'Exam', language: 'nl' }).checkReveals).toBe('nothing');
    expect(
      moduleInputSchema.parse({ name: 'Quiz', language: 'nl', checkReveals: 'feedback' }).checkReveals,
    ).toBe('feedback');
    expect(moduleInputSchema.safeParse({ name: 'Quiz', language: 'nl', checkReveals: 'all' }).success).toBe(
      false,
    );
  });

  it.each([
    [ModuleCreated, { ...ref, ...v1Details, published: true }],
    [ModuleUpdated, { ...ref, ...v1Details }],
    [ModuleDraftSaved, { ...ref, ...v1Details }],
    [ModuleChangesPublished, { ...ref, ...v1Details }],
  ])('reads a version 1 %s with checkReveals nothing', (definition, v1) => {
    expect(definition.schemaVersion).toBe(2);
    expect(definition.schema.safeParse(v1).success).toBe(false);
    const upcast = applyUpcasters(definition, 1, v1);
    expect(upcast).toEqual({ ...v1, checkReveals: 'nothing' });
    expect(definition.schema.parse(upcast)).toEqual(upcast);
    // A version 2 event keeps the value it carries.
    const v2 = { ...v1, checkReveals: 'answer' };
    expect(applyUpcasters(definition, 2, v2)).toEqual(v2);
  });

  it('folds old events into a state whose live settings and draft reveal nothing', () => {
    const events = [
      {
        type: 'ModuleCreated',
        data: applyUpcasters(ModuleCreated, 1, { ...ref, ...v1Details, published: true }),
      },
      {
        type: 'ModuleDraftSaved',
        data: applyUpcasters(ModuleDraftSaved, 1, { ...ref, ...v1Details, name: 'Exam 2' }),
      },
    ] as ModuleEvent[];
    const state = events.reduce(moduleDecider.evolve, moduleDecider.initialState());
    expect(state).toMatchObject({ details: { checkReveals: 'nothing' }, draft: { checkReveals: 'nothing' } });
  });
});
