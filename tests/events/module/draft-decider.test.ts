import { describe, expect, it } from 'vitest';
import { type ModuleCommand, moduleInputSchema } from '../../../events/module/commands';
import { moduleDecider } from '../../../events/module/decider';
import type { ModuleDetails, ModuleEvent } from '../../../events/module/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(moduleDecider);
const moduleId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0501';
const path = 'consent';
const ref = { moduleId, path };
const live: ModuleDetails = moduleInputSchema.parse({
  name: 'Consent',
  language: 'en',
  info: 'About consent.',
});
const changed: ModuleDetails = { ...live, name: 'Consent and care', info: 'About consent, and about care.' };

const created: ModuleEvent = { type: 'ModuleCreated', data: { ...ref, ...live, published: true } };
const draftSaved: ModuleEvent = { type: 'ModuleDraftSaved', data: { ...ref, ...changed } };
const published: ModuleEvent = { type: 'ModuleChangesPublished', data: { ...ref, ...changed } };
const discarded: ModuleEvent = { type: 'ModuleDraftDiscarded', data: { ...ref, name: live.name } };

describe('drafts of a published module’s settings (module decider)', () => {
  const table: {
    name: string;
    given: ModuleEvent[];
    when: ModuleCommand;
    thenEvents?: ModuleEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'saves a draft whole',
      given: [created],
      when: { type: 'SaveModuleDraft', data: { details: changed } },
      thenEvents: [draftSaved],
    },
    {
      name: 'refuses a draft that blocks progress in a test',
      given: [created],
      when: { type: 'SaveModuleDraft', data: { details: { ...changed, test: true, gateProgress: true } } },
      throws: ['INVALID', 'module.gateWithTest'],
    },
    {
      name: 'refuses a draft of a deleted module',
      given: [created, { type: 'ModuleDeleted', data: { ...ref, name: live.name } }],
      when: { type: 'SaveModuleDraft', data: { details: changed } },
      throws: ['NOT_FOUND', 'module.notFound'],
    },
    {
      name: 'publishes the draft as the live settings',
      given: [created, draftSaved],
      when: { type: 'PublishModuleChanges' },
      thenEvents: [published],
    },
    {
      name: 'refuses to publish without a draft',
      given: [created, draftSaved, published],
      when: { type: 'PublishModuleChanges' },
      throws: ['CONFLICT', 'module.noDraft'],
    },
    {
      name: 'discards the draft, naming the live module',
      given: [created, draftSaved],
      when: { type: 'DiscardModuleDraft' },
      thenEvents: [discarded],
    },
    {
      name: 'refuses to discard without a draft',
      given: [created],
      when: { type: 'DiscardModuleDraft' },
      throws: ['CONFLICT', 'module.noDraft'],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }

  it('keeps the live settings while a draft is kept, and takes the draft when published', () => {
    const fold = (events: ModuleEvent[]) => events.reduce(moduleDecider.evolve, moduleDecider.initialState());
    expect(fold([created, draftSaved])).toMatchObject({ details: live, draft: changed, published: true });
    expect(fold([created, draftSaved, published])).toMatchObject({ details: changed, draft: null });
    expect(fold([created, draftSaved, discarded])).toMatchObject({ details: live, draft: null });
  });
});
