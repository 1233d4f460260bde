import { describe, expect, it } from 'vitest';
import {
  elementSchema,
  publicQuestion,
  type QuestionElement,
  withoutAnswerKey,
} from '../../../events/page/content';
import {
  type AnswerValue,
  answerSchemaFor,
  correctValues,
  maxScoreOf,
  scoreOf,
  uncheckable,
} from '../../../events/result/answers';
import { answersSeed, arrangeContent } from '../../../events/result/randomize';
import { revealFor } from '../../../events/result/reveal';

/**
 * Matching, ordering and fill-in-the-blanks questions as the page's content holds them: the rules of
 * answering (events/result/answers.ts, reveal.ts) and what a learner receives (content.ts).
 */
const asQuestion = (element: unknown) => elementSchema.parse(element) as QuestionElement;
const base = { name: 'q', label: 'Q', schema: { attempts: 2 } };

const matching = asQuestion({
  ...base,
  type: 'matching',
  questionType: 'matching',
  pairs: [
    { value: 'be', prompt: 'Belgium', match: 'Brussels', score: 2, feedback: 'Yes, Brussels.' },
    { value: 'nl', prompt: 'Netherlands', match: 'Amsterdam' },
  ],
  distractors: [{ value: 'x', label: 'Antwerp' }],
});
const ordering = asQuestion({
  ...base,
  name: 'steps',
  type: 'ordering',
  questionType: 'ordering',
  items: [
    { value: 'a', label: 'First' },
    { value: 'b', label: 'Second' },
    { value: 'c', label: 'Third' },
  ],
  scoring: 'position',
});
const blanks = asQuestion({
  ...base,
  type: 'fillBlanks',
  questionType: 'fillBlanks',
  text: 'The capital is [[1]], in [[2]].',
  gaps: [
    { kind: 'text', accepted: [{ text: 'Brussel*', score: 1, feedback: 'Right city.' }] },
    {
      kind: 'select',
      options: [
        { label: 'Europe', value: 'eu', score: 1 },
        { label: 'Asia', value: 'as', score: 0, feedback: 'Look at a map.' },
      ],
    },
  ],
});

// Match ids follow the matches' label order: Amsterdam m1, Antwerp m2, Brussels m3.
const scores: [string, QuestionElement, AnswerValue, number, number][] = [
  ['matching, both pairs', matching, ['be=m3', 'nl=m1'], 3, 3],
  ['matching, one pair', matching, ['be=m3', 'nl=m2'], 2, 3],
  ['matching, a distractor', matching, ['be=m2'], 0, 3],
  ['ordering, all in place', ordering, ['a', 'b', 'c'], 3, 3],
  ['ordering, one in place', ordering, ['a', 'c', 'b'], 1, 3],
  ['fill-in, both gaps', blanks, ['brussels', 'eu'], 2, 2],
  ['fill-in, one gap', blanks, ['Gent', 'eu'], 1, 2],
];

describe('the new question types in the rules of answering', () => {
  it.each(scores)('%s scores %s… of its maximum', (_name, question, answer, score, max) => {
    expect(scoreOf(question, answer)).toBe(score);
    expect(maxScoreOf(question)).toBe(max);
  });

  it.each([
    ['matching', matching, ['be=m3', 'be=m1']],
    ['matching', matching, ['fr=m1']],
    ['ordering', ordering, ['a', 'a', 'b']],
    ['fill-in', blanks, ['x']],
    ['fill-in', blanks, ['x', 'nowhere']],
  ] as const)('refuses a %s answer of the wrong shape: %j', (_name, question, answer) =>
    expect(answerSchemaFor(question).safeParse(answer).success).toBe(false),
  );

  it('reads matches in the order of the prompts', () =>
    expect(answerSchemaFor(matching).parse(['nl=m1', 'be=m3'])).toEqual(['be=m3', 'nl=m1']));

  it('a list of empty gaps may be kept as a draft but not checked', () => {
    expect(answerSchemaFor(blanks).safeParse(['', '']).success).toBe(true);
    expect(uncheckable(blanks, ['', ''])).toBe('result.emptyAnswer');
    expect(uncheckable(blanks, ['', 'eu'])).toBeNull();
  });

  it('reveals the right answer in the shape a learner sends', () => {
    expect(correctValues(matching)).toEqual(['be=m3', 'nl=m1']);
    expect(correctValues(ordering)).toEqual(['a', 'b', 'c']);
    expect(correctValues(blanks)).toEqual(['Brussel*', 'eu']);
  });

  it('a check reveals the verdict and the feedback the answer earned', () => {
    expect(revealFor(matching, { answer: ['be=m3', 'nl=m2'], final: false }, 'feedback')).toEqual({
      verdict: 'partly',
      feedback: ['Yes, Brussels.'],
    });
    expect(revealFor(blanks, { answer: ['Gent', 'as'], final: false }, 'feedback')).toEqual({
      verdict: 'wrong',
      feedback: ['Look at a map.'],
    });
    expect(revealFor(ordering, { answer: ['a', 'b', 'c'], final: false }, 'verdict')).toEqual({
      verdict: 'right',
    });
  });
});

describe('what a learner receives of them', () => {
  it('matching: prompts and matches, not the pairs', () => {
    const shown = publicQuestion(matching);
    expect(shown).toMatchObject({
      prompts: [
        { value: 'be', label: 'Belgium' },
        { value: 'nl', label: 'Netherlands' },
      ],
      matches: [
        { value: 'm1', label: 'Amsterdam' },
        { value: 'm2', label: 'Antwerp' },
        { value: 'm3', label: 'Brussels' },
      ],
      options: [],
    });
    expect(JSON.stringify(shown)).not.toMatch(/pairs|distractors|score"|feedback/);
  });

  it('ordering: its items shuffled, never in the right order, and no score', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const shown = publicQuestion(ordering, seed) as { shuffled: { value: string }[] };
      expect(shown.shuffled.map((item) => item.value)).not.toEqual(['a', 'b', 'c']);
      expect(Object.keys(shown)).not.toContain('items');
      expect(Object.keys(shown)).not.toContain('score');
    }
  });

  it('fill-in: the text and the gaps without accepted texts, scores or feedback', () => {
    expect(publicQuestion(blanks)).toMatchObject({
      text: 'The capital is [[1]], in [[2]].',
      gaps: [
        { kind: 'text' },
        {
          kind: 'select',
          options: [
            { label: 'Europe', value: 'eu' },
            { label: 'Asia', value: 'as' },
          ],
        },
      ],
    });
    expect(JSON.stringify(publicQuestion(blanks))).not.toMatch(/accepted|Brussel|score|feedback/);
  });

  it('a test shuffling answers orders prompts, matches and gap choices per participant, the same on every read', () => {
    const test = { moduleId: 'm', test: true, randomized: ['answers'] as const };
    const read = (seed: string) =>
      withoutAnswerKey(arrangeContent(test, 'p', [matching, blanks], seed), answersSeed(test, 'p', seed));
    expect(read('ann')).toEqual(read('ann'));
    const seen = new Set(
      ['ann', 'bob', 'cas', 'dee', 'eva', 'fay', 'gus'].map((seed) => JSON.stringify(read(seed))),
    );
    expect(seen.size).toBeGreaterThan(1);
    const normal = { moduleId: 'm', test: false, randomized: [] };
    expect(answersSeed(normal, 'p', 'ann')).toBeUndefined();
    expect(withoutAnswerKey(arrangeContent(normal, 'p', [matching], 'ann'))).toEqual(
      withoutAnswerKey([matching]),
    );
  });
});
