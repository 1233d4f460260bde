import { describe, expect, it } from 'vitest';
import { type PageCommand, pageInputSchema } from '../../../events/page/commands';
import { pageDecider } from '../../../events/page/decider';
import type { PageDetails, PageEvent } from '../../../events/page/events';
import { deciderSpec } from '../decider-spec';

const spec = deciderSpec(pageDecider);
const pageId = '0192f2c4-6a51-7cc4-9b1e-3c1f2b9a0201';
const path = 'what-is-contraception';
const parentPath = 'contraception-quiz';
const details: PageDetails = pageInputSchema.parse({
  name: 'What is contraception?',
  type: 'markdown',
  content: [{ type: 'markdown', name: 'intro', text: '# Contraception' }],
  estimatedTime: 120,
});
const question: PageDetails = pageInputSchema.parse({
  name: 'Check yourself',
  type: 'question',
  content: [
    {
      type: 'radio',
      questionType: 'single',
      name: 'q1',
      label: 'Which method protects against STIs?',
      schema: { attempts: 2 },
      options: [
        { label: 'Condom', value: 'condom', score: 1 },
        { label: 'Pill', value: 'pill', score: 0 },
      ],
    },
  ],
});

const ref = { pageId, path };
const created: PageEvent = {
  type: 'PageCreated',
  data: { ...ref, parentType: 'module', parentPath, ...details },
};

describe('page decider', () => {
  const table: {
    name: string;
    given: PageEvent[];
    when: PageCommand;
    thenEvents?: PageEvent[];
    throws?: [string, string];
  }[] = [
    {
      name: 'creates a page in its module',
      given: [],
      when: { type: 'CreatePage', data: { pageId, path, parentPath, details } },
      thenEvents: [created],
    },
    {
      name: 'refuses to create a page twice',
      given: [created],
      when: { type: 'CreatePage', data: { pageId, path, parentPath, details } },
      throws: ['CONFLICT', 'page.alreadyExists'],
    },
    {
      name: 'updates every field at once',
      given: [created],
      when: { type: 'UpdatePage', data: { details: question } },
      thenEvents: [{ type: 'PageUpdated', data: { ...ref, ...question } }],
    },
    {
      name: 'refuses to update a page that does not exist',
      given: [],
      when: { type: 'UpdatePage', data: { details } },
      throws: ['NOT_FOUND', 'page.notFound'],
    },
    {
      name: 'deletes a page, keeping its last name and module for the history',
      given: [created, { type: 'PageUpdated', data: { ...ref, ...question } }],
      when: { type: 'DeletePage' },
      thenEvents: [{ type: 'PageDeleted', data: { ...ref, name: question.name, parentPath } }],
    },
    {
      name: 'a deleted page cannot be changed',
      given: [created, { type: 'PageDeleted', data: { ...ref, name: details.name, parentPath } }],
      when: { type: 'UpdatePage', data: { details } },
      throws: ['NOT_FOUND', 'page.notFound'],
    },
    {
      name: 'a deleted page cannot be deleted again',
      given: [created, { type: 'PageDeleted', data: { ...ref, name: details.name, parentPath } }],
      when: { type: 'DeletePage' },
      throws: ['NOT_FOUND', 'page.notFound'],
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

describe('page form schema', () => {
  const video = (timestamps: object[]) => ({
    name: 'Watch and answer',
    type: 'interactive',
    content: question.content,
    interactiveVideo: { url: 'https://video.example.org/v.mp4', timestamps },
  });

  it('gives each timestamp its position in seconds, in playback order', () => {
    const page = pageInputSchema.parse(
      video([
        { hh: 1, mm: 2, ss: 3, references: ['q1'] },
        { hh: 0, mm: 0, ss: 30 },
      ]),
    );
    expect(page.interactiveVideo!.timestamps.map((timestamp) => timestamp.timestampInSeconds)).toEqual([
      30, 3723,
    ]);
    expect(page.interactiveVideo!.videoTime).toBe(240);
  });

  it('refuses minutes or seconds outside 0 to 59 and negative hours', () => {
    const result = pageInputSchema.safeParse(video([{ hh: -1, mm: 60, ss: 60 }]));
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['interactiveVideo.timestamps.0.hh', 'pageErrors.hoursMin'],
        ['interactiveVideo.timestamps.0.mm', 'pageErrors.minutesRange'],
        ['interactiveVideo.timestamps.0.ss', 'pageErrors.secondsRange'],
      ]),
    );
  });

  it('refuses a reference to a question that is not on the page', () => {
    const result = pageInputSchema.safeParse(video([{ hh: 0, mm: 1, ss: 0, references: ['q9'] }]));
    expect(result.error!.issues[0]).toMatchObject({ message: 'pageErrors.unknownReference' });
  });

  it('refuses a choice question with a single option', () => {
    const result = pageInputSchema.safeParse({
      name: 'x',
      type: 'question',
      content: [
        {
          type: 'radio',
          questionType: 'single',
          name: 'q1',
          label: 'Q',
          schema: {},
          options: [{ label: 'Only', value: 'only', score: 1 }],
        },
      ],
    });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual(['pageErrors.optionsMin']);
  });

  it('gives a question sent without settings the default ones', () => {
    const page = pageInputSchema.parse({
      name: 'x',
      type: 'question',
      content: [{ type: 'textarea', questionType: 'open', name: 'why', label: 'Why?' }],
    });
    expect(page.content[0]).toMatchObject({
      schema: { autoShow: false, attempts: 0, info: '', maxScore: 1 },
    });
  });

  it('refuses two elements with one name, on the second', () => {
    const result = pageInputSchema.safeParse({
      name: 'x',
      type: 'markdown',
      content: [
        { type: 'markdown', name: 'a', text: '' },
        { type: 'markdown', name: 'a', text: '' },
      ],
    });
    expect(result.error!.issues[0]).toMatchObject({
      path: ['content', 1, 'name'],
      message: 'pageErrors.elementNameTaken',
    });
  });

  it('drops the video of a page that is not interactive', () => {
    const page = pageInputSchema.parse({ ...video([]), type: 'question' });
    expect(page.interactiveVideo).toBeNull();
  });
});
