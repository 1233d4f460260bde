import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  fillBlanksAnswered,
  fillBlanksAnswerSchema,
  fillBlanksCorrect,
  fillBlanksFeedback,
  fillBlanksMaxScore,
  fillBlanksPublic,
  fillBlanksResponse,
  fillBlanksSchema,
  fillBlanksScore,
  fillBlanksXapi,
} from '../../../events/page/question-types/fill-blanks';
import {
  matchingAnswerSchema,
  matchingCorrect,
  matchingFeedback,
  matchingMaxScore,
  matchingPublic,
  matchingResponse,
  matchingSchema,
  matchingScore,
  matchingXapi,
} from '../../../events/page/question-types/matching';
import {
  orderingAnswerSchema,
  orderingCorrect,
  orderingMaxScore,
  orderingPublic,
  orderingResponse,
  orderingSchema,
  orderingScore,
  orderingXapi,
} from '../../../events/page/question-types/ordering';

/** The message keys of a refused parse, or [] when it passes. */
const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

const capitals = matchingSchema.parse({
  pairs: [
    { value: 'fr', prompt: 'France', match: 'Paris', feedback: 'Paris, on the Seine.' },
    { value: 'be', prompt: 'Belgium', match: 'Brussels', score: 2 },
    { value: 'nl', prompt: 'Netherlands', match: 'Amsterdam' },
  ],
  distractors: [{ value: 'ly', label: 'Lyon' }],
});
// Match ids follow the matches' labels: Amsterdam m1, Brussels m2, Lyon m3, Paris m4.
const right = ['fr=m4', 'be=m2', 'nl=m1'];

describe('matching: the author’s pairs', () => {
  const pair = (value: string) => ({ value, prompt: `p ${value}`, match: `m ${value}` });
  it.each([
    ['two pairs, defaults filled in', { pairs: [pair('a'), pair('b')] }, []],
    ['one pair', { pairs: [pair('a')] }, ['pageErrors.pairsMin']],
    ['a value that is no id', { pairs: [pair('a'), pair('1b')] }, ['pageErrors.elementName']],
    ['two pairs with one value', { pairs: [pair('a'), pair('a')] }, ['pageErrors.valuesUnique']],
    [
      'a distractor with a pair’s value',
      { pairs: [pair('a'), pair('b')], distractors: [{ value: 'b', label: 'x' }] },
      ['pageErrors.valuesUnique'],
    ],
    ['an empty match', { pairs: [pair('a'), { ...pair('b'), match: ' ' }] }, ['validation.required']],
  ])('given %s (%j), then %j', (_, input, expected) =>
    expect(messages(matchingSchema.safeParse(input))).toEqual(expected),
  );

  it('given a pair without score or feedback, then it scores 1 and says nothing', () => {
    expect(matchingSchema.parse({ pairs: [pair('a'), pair('b')] }).pairs[0]).toEqual({
      ...pair('a'),
      score: 1,
      feedback: '',
    });
    expect(matchingSchema.parse({ pairs: [pair('a'), pair('b')] }).distractors).toEqual([]);
  });
});

describe('matching: the learner’s answer', () => {
  it.each([
    ['every prompt matched', right, []],
    ['some prompts matched', ['be=m3'], []],
    ['nothing matched yet', [], []],
    ['an unknown prompt', ['de=m1'], ['result.unknownPrompt']],
    ['no "=" at all', ['fr'], ['result.unknownPrompt']],
    ['an unknown match', ['fr=m9'], ['result.unknownMatch']],
    ['a pair value instead of a match id', ['fr=fr'], ['result.unknownMatch']],
    ['a prompt twice', ['fr=m4', 'fr=m3'], ['result.promptTwice']],
    ['more matches than prompts', ['fr=m4', 'be=m2', 'nl=m1', 'fr=m1'], ['result.promptTwice']],
  ])('given %s (%j), then %j', (_, answer, expected) =>
    expect(messages(matchingAnswerSchema(capitals).safeParse(answer))).toEqual(expected),
  );

  it('given matches in any order, then they come back in the order of the prompts', () => {
    expect(matchingAnswerSchema(capitals).parse(['nl=m1', 'fr=m4'])).toEqual(['fr=m4', 'nl=m1']);
  });
});

describe('matching: score per pair matched right', () => {
  it.each([
    ['all right', right, 4],
    ['partly right', ['fr=m4', 'be=m1', 'nl=m2'], 1],
    ['the distractor', ['fr=m3'], 0],
    ['all wrong', ['fr=m1', 'be=m4', 'nl=m2'], 0],
    ['empty', [], 0],
    ['a prompt named twice counts as first named', ['be=m1', 'be=m2'], 0],
  ])('given %s (%j), then %i', (_, answer, expected) =>
    expect(matchingScore(capitals, answer)).toBe(expected),
  );

  it('given the pairs, then the maximum is their sum and the correct answer scores it', () => {
    expect(matchingMaxScore(capitals)).toBe(4);
    expect(matchingCorrect(capitals)).toEqual(right);
    expect(matchingScore(capitals, matchingCorrect(capitals))).toBe(4);
  });

  it('given a right pair with feedback, then that feedback is given, and none for a wrong one', () => {
    expect(matchingFeedback(capitals, right)).toEqual(['Paris, on the Seine.']);
    expect(matchingFeedback(capitals, ['fr=m3'])).toEqual([]);
  });
});

describe('matching: what a learner receives', () => {
  it('given no seed, then the prompts in order, the matches by label, no key', () => {
    expect(matchingPublic(capitals)).toEqual({
      prompts: [
        { value: 'fr', label: 'France' },
        { value: 'be', label: 'Belgium' },
        { value: 'nl', label: 'Netherlands' },
      ],
      matches: [
        { value: 'm1', label: 'Amsterdam' },
        { value: 'm2', label: 'Brussels' },
        { value: 'm3', label: 'Lyon' },
        { value: 'm4', label: 'Paris' },
      ],
    });
  });

  it.each(['alice', 'bob', 'carol'])(
    'given seed %s, then the same matches, the same every time, no key',
    (seed) => {
      const shown = matchingPublic(capitals, seed);
      expect(shown).toEqual(matchingPublic(capitals, seed));
      expect(shown.matches.map((m) => m.value).sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
      const text = JSON.stringify(shown);
      for (const leak of ['score', 'feedback', 'Seine', 'fr=', '"fr","label":"Paris"'])
        expect(text).not.toContain(leak);
      // No match carries the id of the prompt it belongs to.
      const promptIds = new Set(shown.prompts.map((p) => p.value));
      expect(shown.matches.filter((m) => promptIds.has(m.value))).toEqual([]);
    },
  );

  it('given many matches, then seeds give different orders', () => {
    const many = matchingSchema.parse({
      pairs: Array.from({ length: 8 }, (_, i) => ({ value: `p${i}`, prompt: `P${i}`, match: `M${i}` })),
    });
    const orders = new Set(
      ['a', 'b', 'c', 'd'].map((seed) => JSON.stringify(matchingPublic(many, seed).matches)),
    );
    expect(orders.size).toBeGreaterThan(1);
  });

  it('given the pairs, then xAPI gets source, target and "a[.]b[,]c[.]d"', () => {
    expect(matchingXapi(capitals, 'en')).toEqual({
      interactionType: 'matching',
      source: [
        { id: 'fr', description: { en: 'France' } },
        { id: 'be', description: { en: 'Belgium' } },
        { id: 'nl', description: { en: 'Netherlands' } },
      ],
      target: [
        { id: 'm1', description: { en: 'Amsterdam' } },
        { id: 'm2', description: { en: 'Brussels' } },
        { id: 'm3', description: { en: 'Lyon' } },
        { id: 'm4', description: { en: 'Paris' } },
      ],
      correctResponsesPattern: ['fr[.]m4[,]be[.]m2[,]nl[.]m1'],
    });
    expect(matchingResponse(['fr=m3'])).toBe('fr[.]m3');
    expect(matchingResponse([])).toBe('');
  });
});

const steps = (scoring: 'all' | 'position', score?: number) =>
  orderingSchema.parse({
    items: [
      { value: 'wash', label: 'Wash' },
      { value: 'cut', label: 'Cut' },
      { value: 'cook', label: 'Cook' },
      { value: 'serve', label: 'Serve' },
    ],
    scoring,
    score,
  });

describe('ordering: the author’s items', () => {
  const item = (value: string) => ({ value, label: value.toUpperCase() });
  it.each([
    ['two items', { items: [item('a'), item('b')] }, []],
    ['one item', { items: [item('a')] }, ['pageErrors.itemsMin']],
    ['two items with one value', { items: [item('a'), item('a')] }, ['pageErrors.valuesUnique']],
    [
      'an unknown way to score',
      { items: [item('a'), item('b')], scoring: 'some' },
      ['Invalid option: expected one of "all"|"position"'],
    ],
    ['a score with decimals', { items: [item('a'), item('b')], score: 1.5 }, ['validation.wholeNumber']],
  ])('given %s (%j), then %j', (_, input, expected) =>
    expect(messages(orderingSchema.safeParse(input))).toEqual(expected),
  );

  it('given only items, then the whole order scores 1', () => {
    expect(orderingSchema.parse({ items: [item('a'), item('b')] })).toMatchObject({
      scoring: 'all',
      score: 1,
    });
  });

  it.each([
    ['nothing yet', [], []],
    ['a permutation', ['cook', 'wash', 'serve', 'cut'], []],
    ['an item missing', ['cook', 'wash', 'serve'], ['result.notAPermutation']],
    ['an item twice', ['cook', 'wash', 'serve', 'serve'], ['result.notAPermutation']],
    ['an unknown item', ['cook', 'wash', 'serve', 'eat'], ['result.notAPermutation']],
    ['an item too many', ['cook', 'wash', 'serve', 'cut', 'cut'], ['result.notAPermutation']],
  ])('given %s (%j), then %j', (_, answer, expected) =>
    expect(messages(orderingAnswerSchema(steps('all')).safeParse(answer))).toEqual(expected),
  );
});

describe('ordering: score as a whole or per item in place', () => {
  it.each([
    ['all', 'right order', ['wash', 'cut', 'cook', 'serve'], 3],
    ['all', 'two swapped', ['wash', 'cook', 'cut', 'serve'], 0],
    ['all', 'empty', [], 0],
    ['position', 'right order', ['wash', 'cut', 'cook', 'serve'], 12],
    ['position', 'two swapped', ['wash', 'cook', 'cut', 'serve'], 6],
    ['position', 'reversed', ['serve', 'cook', 'cut', 'wash'], 0],
    ['position', 'empty', [], 0],
  ] as const)('given %s scoring and %s (%j), then %i', (scoring, _, answer, expected) =>
    expect(orderingScore(steps(scoring, 3), answer)).toBe(expected),
  );

  it.each([
    ['all', 3],
    ['position', 12],
  ] as const)('given %s scoring, then the maximum is %i and the correct order scores it', (scoring, max) => {
    expect(orderingMaxScore(steps(scoring, 3))).toBe(max);
    expect(orderingScore(steps(scoring, 3), orderingCorrect(steps(scoring, 3)))).toBe(max);
  });
});

describe('ordering: what a learner receives', () => {
  const two = orderingSchema.parse({
    items: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  });
  const seeds = Array.from({ length: 40 }, (_, i) => `participant-${i}`);

  it.each([
    ['four items', steps('all')],
    ['two items, where a shuffle often lands on the right order', two],
  ])(
    'given %s, then for every seed the same items, never in the right order, the same every time',
    (_, question) => {
      for (const seed of seeds) {
        const shown = orderingPublic(question, seed);
        expect(shown).toEqual(orderingPublic(question, seed));
        expect(shown.items.map((i) => i.value)).not.toEqual(orderingCorrect(question));
        expect([...shown.items].sort((a, b) => a.value.localeCompare(b.value))).toEqual(
          [...question.items].sort((a, b) => a.value.localeCompare(b.value)),
        );
        expect(JSON.stringify(shown)).not.toMatch(/score|scoring/);
      }
    },
  );

  it('given the items, then xAPI gets sequencing, the choices and "a[,]b[,]c"', () => {
    expect(orderingXapi(two, 'nl')).toEqual({
      interactionType: 'sequencing',
      choices: [
        { id: 'a', description: { nl: 'A' } },
        { id: 'b', description: { nl: 'B' } },
      ],
      correctResponsesPattern: ['a[,]b'],
    });
    expect(orderingResponse(['cut', 'wash', 'cook', 'serve'])).toBe('cut[,]wash[,]cook[,]serve');
  });
});

const sentence = fillBlanksSchema.parse({
  text: 'The capital of France is [[1]]; Brussels lies in [[2]].',
  gaps: [
    {
      kind: 'text',
      accepted: [
        { text: 'Paris', score: 2, feedback: 'Right: Paris.' },
        { text: 'Lyon', score: -1, feedback: 'Lyon is the third city.' },
      ],
    },
    {
      kind: 'select',
      options: [
        { label: 'Belgium', value: 'be', score: 1, feedback: 'Indeed.' },
        { label: 'France', value: 'fr', score: -2 },
        { label: 'Spain', value: 'es', score: 0 },
      ],
    },
  ],
});

describe('fill in the blanks: the author’s text and gaps', () => {
  const gap = { kind: 'text', accepted: [{ text: 'x', score: 1 }] };
  const choose = (values: string[]) => ({
    kind: 'select',
    options: values.map((value) => ({ label: value, value, score: 1 })),
  });
  it.each([
    ['one gap', { text: 'a [[1]] b', gaps: [gap] }, []],
    ['two gaps of both kinds', { text: '[[1]] and [[2]]', gaps: [gap, choose(['a', 'b'])] }, []],
    // The text is not compared with gaps that failed on their own.
    ['no gap', { text: 'no gap', gaps: [] }, ['pageErrors.gapsMin']],
    ['a marker without its gap', { text: '[[1]] and [[2]]', gaps: [gap] }, ['pageErrors.gapsMismatch']],
    ['a gap without its marker', { text: '[[1]]', gaps: [gap, gap] }, ['pageErrors.gapsMismatch']],
    ['markers out of order', { text: '[[2]] and [[1]]', gaps: [gap, gap] }, ['pageErrors.gapsMismatch']],
    ['a marker twice', { text: '[[1]] and [[1]]', gaps: [gap, gap] }, ['pageErrors.gapsMismatch']],
    [
      'a typed gap without accepted text',
      { text: '[[1]]', gaps: [{ kind: 'text', accepted: [] }] },
      ['pageErrors.acceptedMin'],
    ],
    ['a list with one option', { text: '[[1]]', gaps: [choose(['a'])] }, ['pageErrors.optionsMin']],
    [
      'a list with one value twice',
      { text: '[[1]]', gaps: [choose(['a', 'a'])] },
      ['pageErrors.valuesUnique'],
    ],
  ])('given %s (%j), then %j', (_, input, expected) =>
    expect(messages(fillBlanksSchema.safeParse(input)).sort()).toEqual([...expected].sort()),
  );

  it('given a typed gap without settings, then case and accents do not matter', () => {
    expect(fillBlanksSchema.parse({ text: '[[1]]', gaps: [gap] }).gaps[0]).toEqual({
      kind: 'text',
      accepted: [{ text: 'x', score: 1, feedback: '' }],
      caseSensitive: false,
      accentSensitive: false,
    });
  });
});

describe('fill in the blanks: the learner’s answer', () => {
  it.each([
    ['both gaps', ['Paris', 'be'], []],
    ['gaps left empty', ['', ''], []],
    ['nothing yet', [], []],
    ['one entry for two gaps', ['Paris'], ['result.gapsCount']],
    ['three entries for two gaps', ['Paris', 'be', 'x'], ['result.gapsCount']],
    ['a value not in the list', ['Paris', 'de'], ['result.unknownOption']],
  ])('given %s (%j), then %j', (_, answer, expected) =>
    expect(messages(fillBlanksAnswerSchema(sentence).safeParse(answer))).toEqual(expected),
  );

  it('given a typed text longer than a short answer, then it is refused', () => {
    expect(messages(fillBlanksAnswerSchema(sentence).safeParse(['x'.repeat(501), 'be']))).toEqual([
      'validation.tooLong',
    ]);
  });

  it.each([
    [['', ' '], false],
    [[], false],
    [['', 'be'], true],
  ])('given %j, then answered is %s', (answer, expected) =>
    expect(fillBlanksAnswered(answer)).toBe(expected),
  );
});

describe('fill in the blanks: score per gap, each between 0 and its best', () => {
  it.each([
    ['all right', ['paris', 'be'], 3],
    ['typed right, chosen wrong', ['Paris', 'es'], 2],
    ['typed wrong, chosen right', ['Rome', 'be'], 1],
    ['penalties on both gaps never go below 0', ['Lyon', 'fr'], 0],
    ['a penalty does not take the other gap’s points', ['Paris', 'fr'], 2],
    ['empty', ['', ''], 0],
    ['nothing yet', [], 0],
  ])('given %s (%j), then %i', (_, answer, expected) =>
    expect(fillBlanksScore(sentence, answer)).toBe(expected),
  );

  it('given the gaps, then the maximum is the sum of their best and the correct answer scores it', () => {
    expect(fillBlanksMaxScore(sentence)).toBe(3);
    expect(fillBlanksCorrect(sentence)).toEqual(['Paris', 'be']);
    expect(fillBlanksScore(sentence, fillBlanksCorrect(sentence))).toBe(3);
  });

  it.each([
    [
      ['Paris', 'be'],
      ['Right: Paris.', 'Indeed.'],
    ],
    [['lyon', 'fr'], ['Lyon is the third city.']],
    [['', ''], []],
  ])('given %j, then the feedback is %j', (answer, expected) =>
    expect(fillBlanksFeedback(sentence, answer)).toEqual(expected),
  );
});

describe('fill in the blanks: what a learner receives and xAPI', () => {
  it('given the question, then the text and the gaps without accepted texts, scores or feedback', () => {
    const shown = fillBlanksPublic(sentence);
    expect(shown).toEqual({
      text: sentence.text,
      gaps: [
        { kind: 'text' },
        {
          kind: 'select',
          options: [
            { label: 'Belgium', value: 'be' },
            { label: 'France', value: 'fr' },
            { label: 'Spain', value: 'es' },
          ],
        },
      ],
    });
    expect(JSON.stringify(shown)).not.toMatch(/accepted|score|feedback|Paris|Indeed/);
  });

  const oneTyped = (gap: object) =>
    fillBlanksSchema.parse({ text: '[[1]]', gaps: [{ kind: 'text', ...gap }] });
  it.each([
    ['typed and chosen, case does not matter', ['{case_matters=false}Paris[,]be'], sentence],
    [
      'a case-sensitive typed gap',
      ['{case_matters=true}H2O'],
      oneTyped({ caseSensitive: true, accepted: [{ text: 'H2O', score: 1 }] }),
    ],
    [
      'a best text with a wildcard and one without',
      ['{case_matters=false}photosynthesis'],
      oneTyped({
        accepted: [
          { text: 'photo*', score: 1 },
          { text: 'photosynthesis', score: 1 },
        ],
      }),
    ],
    [
      'only a wildcard, so no literal right text',
      undefined,
      oneTyped({ accepted: [{ text: 'photo*', score: 1 }] }),
    ],
  ])('given %s, then the fill-in pattern is %j', (_, expected, question) =>
    expect(fillBlanksXapi(question)).toEqual({
      interactionType: 'fill-in',
      ...(expected ? { correctResponsesPattern: expected } : {}),
    }),
  );

  it.each([
    [['Paris', 'be'], 'Paris[,]be'],
    [[' Paris ', ''], 'Paris[,]'],
    [['a[,]b', 'be'], 'a,b[,]be'],
  ])('given %j, then the response is %j', (answer, expected) =>
    expect(fillBlanksResponse(answer)).toBe(expected),
  );
});
