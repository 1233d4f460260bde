import { describe, expect, it } from 'vitest';
import {
  multipleChoiceSchema,
  openQuestionSchema,
  type QuestionElement,
  singleChoiceSchema,
} from '../../../events/page/content';
import {
  answerSchemaFor,
  attemptsAllowed,
  correctValues,
  isAnswered,
  maxScoreOf,
  scoreOf,
} from '../../../events/result/answers';
import {
  gateOpen,
  lastReachablePage,
  pageCompleted,
  pageStuck,
  type QuestionProgress,
} from '../../../events/result/progress';
import { arrangeContent, arrangePages, seededShuffle } from '../../../events/result/randomize';

const options = (scores: number[]) => scores.map((score, i) => ({ label: `o${i}`, value: `o${i}`, score }));
const single = (scores: number[], attempts = 1): QuestionElement =>
  singleChoiceSchema.parse({
    type: 'radio',
    questionType: 'single',
    name: 'q',
    label: 'Q',
    schema: { attempts },
    options: options(scores),
  });
const multiple = (scores: number[], attempts = 1): QuestionElement =>
  multipleChoiceSchema.parse({
    type: 'checkbox',
    questionType: 'multiple',
    name: 'q',
    label: 'Q',
    schema: { attempts },
    options: options(scores),
  });
const open = openQuestionSchema.parse({
  type: 'textarea',
  questionType: 'open',
  name: 'q',
  label: 'Q',
  schema: { maxScore: 5 },
}) as QuestionElement;

describe('attempts allowed = configured + max(positive options − 1, 0)', () => {
  it.each([
    ['single, one right option', single([1, 0, 0], 1), 1],
    ['single, attempts 3', single([1, 0], 3), 3],
    ['multiple, two right options', multiple([1, 1, -1], 1), 2],
    ['multiple, three right options, attempts 2', multiple([1, 2, 3, 0], 2), 4],
    ['multiple, no right option', multiple([0, 0], 1), 1],
    ['configured 0 is unlimited', single([1, 0], 0), null],
  ])('%s', (_, question, expected) => expect(attemptsAllowed(question)).toBe(expected));
});

describe('scoring', () => {
  it('single choice: the chosen option, never below zero', () => {
    expect(scoreOf(single([2, 0, -1]), 'o0')).toBe(2);
    expect(scoreOf(single([2, 0, -1]), 'o2')).toBe(0);
    expect(maxScoreOf(single([2, 0, -1]))).toBe(2);
  });
  it('multiple choice: the sum of the chosen options, between 0 and the positive sum', () => {
    const question = multiple([1, 1, -1]);
    expect(maxScoreOf(question)).toBe(2);
    expect(scoreOf(question, ['o0', 'o1'])).toBe(2);
    expect(scoreOf(question, ['o0', 'o1', 'o2'])).toBe(1);
    expect(scoreOf(question, ['o2'])).toBe(0);
  });
  it('open: 0 until a teacher scores it, out of its maximum', () => {
    expect(scoreOf(open, 'A long reflection')).toBe(0);
    expect(maxScoreOf(open)).toBe(5);
  });
  it('reveals the positively scored options', () =>
    expect(correctValues(multiple([1, 0, 2]))).toEqual(['o0', 'o2']));
  it('checks answer shapes and keeps multiple choices in option order', () => {
    expect(answerSchemaFor(multiple([1, 1, 0])).parse(['o2', 'o0'])).toEqual(['o0', 'o2']);
    expect(answerSchemaFor(multiple([1, 1, 0])).safeParse(['o9']).success).toBe(false);
    expect(answerSchemaFor(single([1, 0])).safeParse('o1').success).toBe(true);
    expect(answerSchemaFor(open).safeParse('x'.repeat(10_001)).success).toBe(false);
  });
  it('an empty text or no ticked option is no answer', () => {
    expect(isAnswered('  ')).toBe(false);
    expect(isAnswered([])).toBe(false);
    expect(isAnswered(['o1'])).toBe(true);
    expect(isAnswered(null)).toBe(false);
  });
});

const q = (
  answered: boolean,
  score: number,
  maxScore = 1,
  questionType: QuestionProgress['questionType'] = 'single',
  locked = false,
): QuestionProgress => ({
  name: 'q',
  questionType,
  answered,
  score,
  maxScore,
  locked,
});

describe('completion and gating', () => {
  it('a page is completed only when every question has an answer', () => {
    expect(pageCompleted([q(true, 0), q(true, 1)])).toBe(true);
    expect(pageCompleted([q(true, 1), q(false, 0)])).toBe(false);
    expect(pageCompleted([])).toBe(true);
  });
  const gated = { gateProgress: true, gateConfig: [] as 'all-correct'[] };
  const allCorrect = { gateProgress: true, gateConfig: ['all-correct' as const] };
  it.each([
    ['no gate: always open', { gateProgress: false, gateConfig: [] }, [q(false, 0)], true],
    ['gate: closed while a question is unanswered', gated, [q(true, 0), q(false, 0)], false],
    ['gate: open once all are answered, right or wrong', gated, [q(true, 0), q(true, 1)], true],
    ['all-correct: closed while a score is below its maximum', allCorrect, [q(true, 0), q(true, 1)], false],
    ['all-correct: open at full score', allCorrect, [q(true, 1), q(true, 2, 2)], true],
    ['all-correct: an answered open question counts as right', allCorrect, [q(true, 0, 5, 'open')], true],
  ] as const)('%s', (_, gate, questions, expected) => expect(gateOpen(gate, questions)).toBe(expected));
  const locked = (
    answered: boolean,
    score: number,
    questionType: QuestionProgress['questionType'] = 'single',
  ) => q(answered, score, 1, questionType, true);
  it.each([
    ['attempts left: never stuck', allCorrect, [q(true, 0)], false],
    ['all-correct: locked below the maximum', allCorrect, [locked(true, 0)], true],
    ['all-correct: locked at the maximum', allCorrect, [locked(true, 1)], false],
    ['all-correct: a locked open answer waits for its teacher', allCorrect, [locked(true, 0, 'open')], false],
    ['answered-gate: a locked wrong answer still opens it', gated, [locked(true, 0)], false],
    [
      'any module: locked without an answer',
      { gateProgress: false, gateConfig: [] },
      [locked(false, 0)],
      true,
    ],
  ] as const)('stuck: %s', (_, gate, questions, expected) =>
    expect(pageStuck(gate, questions)).toBe(expected),
  );
  it('pages after the first closed gate are out of reach', () => {
    expect(lastReachablePage(gated, [[], [q(false, 0)], [q(false, 0)]])).toBe(1);
    expect(lastReachablePage(gated, [[], [q(true, 0)]])).toBe(1);
  });
});

describe('per-participant order of a test module', () => {
  const pages = Array.from({ length: 8 }, (_, i) => ({ pageId: `p${i}` }));
  const test = { moduleId: 'm', test: true, randomized: ['pages', 'questions', 'answers'] as const };
  it('is the same for the same participant, every time', () => {
    expect(arrangePages(test, pages, 'alice')).toEqual(arrangePages(test, pages, 'alice'));
    expect(arrangePages(test, pages, 'alice')).not.toEqual(pages);
  });
  it('differs between participants and keeps every page', () => {
    const orders = ['alice', 'bob', 'carol', 'dave'].map((user) => arrangePages(test, pages, user));
    expect(new Set(orders.map((order) => JSON.stringify(order))).size).toBeGreaterThan(1);
    for (const order of orders)
      expect([...order].sort((a, b) => a.pageId.localeCompare(b.pageId))).toEqual(pages);
  });
  it('a normal module keeps the authored order', () =>
    expect(arrangePages({ ...test, test: false }, pages, 'alice')).toEqual(pages));
  it('moves questions among question places only, and shuffles their options', () => {
    const elements: { type: string; name: string; questionType?: string; options?: unknown[] }[] = [
      { type: 'markdown', name: 'intro' },
      ...Array.from({ length: 6 }, (_, i) => ({
        type: 'radio',
        questionType: 'single',
        name: `q${i}`,
        options: options([1, 0, 0, 0, 0]),
      })),
    ];
    const arranged = arrangeContent(test, 'page', elements, 'alice');
    expect(arranged[0]?.name).toBe('intro');
    expect(arranged.map((element) => element.name)).not.toEqual(elements.map((element) => element.name));
    expect(
      arranged.some((element, i) => JSON.stringify(element.options) !== JSON.stringify(elements[i]?.options)),
    ).toBe(true);
    expect(arrangeContent(test, 'page', elements, 'alice')).toEqual(arranged);
  });
  it('a shuffle is a permutation', () =>
    expect(seededShuffle([1, 2, 3, 4], 'x').sort()).toEqual([1, 2, 3, 4]));
});
