import { describe, expect, it } from 'vitest';
import { type PageCommand, pageInputSchema } from '../../../events/page/commands';
import { pageDecider } from '../../../events/page/decider';
import type { PageDetails, PageEvent } from '../../../events/page/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(pageDecider);
const pageId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0301';
const path = 'what-is-consent';
const parentPath = 'consent-module';
const ref = { pageId, path };
const live: PageDetails = pageInputSchema.parse({
  name: 'What is consent?',
  type: 'markdown',
  content: [{ type: 'markdown', name: 'intro', text: 'Consent is given freely.' }],
  estimatedTime: 60,
});
const changed: PageDetails = pageInputSchema.parse({
  ...live,
  content: [{ type: 'markdown', name: 'intro', text: 'Consent is given freely and can be withdrawn.' }],
});

const created: PageEvent = {
  type: 'PageCreated',
  data: { ...ref, parentType: 'module', parentPath, ...live },
};
const draftSaved: PageEvent = { type: 'PageDraftSaved', data: { ...ref, ...changed } };
const published: PageEvent = { type: 'PageChangesPublished', data: { ...ref, ...changed } };
const discarded: PageEvent = { type: 'PageDraftDiscarded', data: { ...ref, name: live.name } };
const deleted: PageEvent = { type: 'PageDeleted', data: { ...ref, name: live.name, parentPath } };

describe('drafts of a live page (page decider)', () => {
  const table: {
    name: string;
    given: PageEvent[];
    when: PageCommand;
    thenEvents?: PageEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'saves a draft whole',
      given: [created],
      when: { type: 'SavePageDraft', data: { details: changed } },
      thenEvents: [draftSaved],
    },
    {
      name: 'saves over an earlier draft',
      given: [created, draftSaved],
      when: { type: 'SavePageDraft', data: { details: live } },
      thenEvents: [{ type: 'PageDraftSaved', data: { ...ref, ...live } }],
    },
    {
      name: 'refuses a draft of a page that does not exist',
      given: [],
      when: { type: 'SavePageDraft', data: { details: changed } },
      throws: ['NOT_FOUND', 'page.notFound'],
    },
    {
      name: 'refuses a draft of a deleted page',
      given: [created, deleted],
      when: { type: 'SavePageDraft', data: { details: changed } },
      throws: ['NOT_FOUND', 'page.notFound'],
    },
    {
      name: 'publishes the draft as the live page',
      given: [created, draftSaved],
      when: { type: 'PublishPageChanges' },
      thenEvents: [published],
    },
    {
      name: 'publishes the latest draft',
      given: [created, { type: 'PageDraftSaved', data: { ...ref, ...live, name: 'Older' } }, draftSaved],
      when: { type: 'PublishPageChanges' },
      thenEvents: [published],
    },
    {
      name: 'refuses to publish without a draft',
      given: [created],
      when: { type: 'PublishPageChanges' },
      throws: ['CONFLICT', 'page.noDraft'],
    },
    {
      name: 'refuses to publish a draft twice',
      given: [created, draftSaved, published],
      when: { type: 'PublishPageChanges' },
      throws: ['CONFLICT', 'page.noDraft'],
    },
    {
      name: 'discards the draft, naming the live page',
      given: [created, draftSaved],
      when: { type: 'DiscardPageDraft' },
      thenEvents: [discarded],
    },
    {
      name: 'refuses to discard without a draft',
      given: [created, draftSaved, discarded],
      when: { type: 'DiscardPageDraft' },
      throws: ['CONFLICT', 'page.noDraft'],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const when = spec(row.given).when(row.when);
      if (row.throws) when.thenThrows(row.throws[0] as never, row.throws[1]);
      else when.thenEvents(row.thenEvents!);
    });
  }
});

describe('page state with a draft (evolve)', () => {
  const fold = (events: PageEvent[]) => events.reduce(pageDecider.evolve, pageDecider.initialState());

  it('keeps the live details while a draft is saved', () => {
    expect(fold([created, draftSaved])).toMatchObject({ details: live, draft: changed });
  });

  it('makes the draft live when published, leaving no draft', () => {
    expect(fold([created, draftSaved, published])).toMatchObject({ details: changed, draft: null });
  });

  it('drops the draft when discarded, the live details unchanged', () => {
    expect(fold([created, draftSaved, discarded])).toMatchObject({ details: live, draft: null });
  });

  it('keeps a draft when the live page is changed directly', () => {
    const direct: PageEvent = { type: 'PageUpdated', data: { ...ref, ...live, estimatedTime: 90 } };
    expect(fold([created, draftSaved, direct])).toMatchObject({
      details: { estimatedTime: 90 },
      draft: changed,
    });
  });
});
