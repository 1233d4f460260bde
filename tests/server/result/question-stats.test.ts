import { describe, expect, it } from 'vitest';
import {
  correlation,
  questionStats,
  type StatsAnswer,
  type StatsPage,
} from '../../../server/result/question-stats';

const pages: StatsPage[] = [
  {
    pageId: 'p1',
    questions: [
      {
        name: 'q1',
        questionType: 'single',
        options: [
          { value: 'a', score: 1 },
          { value: 'b', score: 0 },
          { value: 'c', score: 0 },
        ],
        maxScore: 1,
      },
      {
        name: 'q2',
        questionType: 'multiple',
        options: [
          { value: 'x', score: 1 },
          { value: 'y', score: 1 },
          { value: 'z', score: 0 },
        ],
        maxScore: 2,
      },
    ],
  },
  { pageId: 'p2', questions: [{ name: 'q3', questionType: 'open', options: [], maxScore: 0 }] },
];

const row = (
  userId: string,
  pageId: string,
  question: string,
  answer: StatsAnswer['answer'],
  score: number,
  attempts: number,
  awaitingScore = false,
) => ({ userId, pageId, question, answer, score, attempts, awaitingScore }) satisfies StatsAnswer;

// Three participants; module totals u1 = 1 + 2 + 0 = 3, u2 = 0 + 1 = 1, u3 = 0 + 0 = 0.
const answers: StatsAnswer[] = [
  row('u1', 'p1', 'q1', 'a', 1, 1),
  row('u1', 'p1', 'q2', ['x', 'y'], 2, 2),
  row('u1', 'p2', 'q3', 'some text', 0, 1),
  row('u2', 'p1', 'q1', 'b', 0, 2),
  row('u2', 'p1', 'q2', ['x'], 1, 1),
  row('u2', 'p2', 'q3', '  ', 0, 1), // blank: no answer
  row('u3', 'p1', 'q1', 'c', 0, 1),
  row('u3', 'p1', 'q2', ['z'], 0, 3),
  row('u3', 'gone', 'q9', 'a', 5, 1), // a question the module no longer has
];

describe('questionStats', () => {
  const stats = questionStats(pages, answers);
  const [q1, q2, q3] = stats.questions;

  it('counts participants with an answer', () => {
    expect(stats.participants).toBe(3);
  });

  it('gives each option its share of those who answered', () => {
    // q1: a, b, c once each of 3.
    expect(q1!.options).toEqual([
      { value: 'a', count: 1, share: 1 / 3 },
      { value: 'b', count: 1, share: 1 / 3 },
      { value: 'c', count: 1, share: 1 / 3 },
    ]);
    // q2 (multiple): x by u1 and u2 (2/3), y by u1 (1/3), z by u3 (1/3).
    expect(q2!.options.map((o) => [o.value, o.count])).toEqual([
      ['x', 2],
      ['y', 1],
      ['z', 1],
    ]);
    expect(q2!.options[0]!.share).toBeCloseTo(2 / 3);
    expect(q3!.options).toEqual([]);
  });

  it('computes facility, discrimination and mean attempts by hand', () => {
    // q1: scores [1,0,0], mean 1/3 of max 1 → facility 1/3.
    // Rest of total: [3-1, 1-0, 0-0] = [2,1,0]. dx = [2/3,-1/3,-1/3], dy = [1,0,-1]:
    // sxy = 1, sxx = 2/3, syy = 2 → r = 1 / sqrt(4/3) = 0.8660.
    expect(q1!.answered).toBe(3);
    expect(q1!.facility).toBeCloseTo(1 / 3);
    expect(q1!.discrimination).toBeCloseTo(Math.sqrt(3) / 2);
    expect(q1!.meanAttempts).toBeCloseTo(4 / 3); // (1+2+1)/3
    // q2: scores [2,1,0], mean 1 of max 2 → 0.5. Rest [1,0,0]: dx = [1,0,-1], dy = [2/3,-1/3,-1/3]:
    // sxy = 1, sxx = 2, syy = 2/3 → r = 0.8660.
    expect(q2!.facility).toBeCloseTo(0.5);
    expect(q2!.discrimination).toBeCloseTo(Math.sqrt(3) / 2);
    expect(q2!.meanAttempts).toBeCloseTo(2); // (2+1+3)/3
    // q3: open without a score, one answer.
    expect(q3).toMatchObject({ answered: 1, facility: null, discrimination: null, meanAttempts: 1 });
  });

  it('gives the funnel in page order', () => {
    expect(stats.pages).toEqual([
      { pageId: 'p1', reached: 3, completed: 3, completion: 1 },
      { pageId: 'p2', reached: 1, completed: 1, completion: 1 / 3 },
    ]);
  });

  it('has nothing to say without answers', () => {
    const empty = questionStats(pages, []);
    expect(empty.participants).toBe(0);
    expect(empty.questions[0]).toMatchObject({
      answered: 0,
      facility: null,
      discrimination: null,
      meanAttempts: null,
    });
    expect(empty.questions[0]!.options.every((o) => o.share === 0)).toBe(true);
    expect(empty.pages[0]).toEqual({ pageId: 'p1', reached: 0, completed: 0, completion: null });
  });

  it('leaves an open answer not yet scored out of facility and discrimination, and counts it', () => {
    const essay: StatsPage[] = [
      { pageId: 'p3', questions: [{ name: 'why', questionType: 'open', options: [], maxScore: 4 }] },
    ];
    const open = questionStats(essay, [
      row('u1', 'p3', 'why', 'Because it protects.', 3, 1),
      row('u2', 'p3', 'why', 'It depends.', 1, 1),
      row('u3', 'p3', 'why', 'Not scored yet.', 0, 1, true),
    ]).questions[0]!;
    // Scored: 3 and 1 of 4 → mean 2 → facility 0.5; the waiting 0 is no score.
    expect(open).toMatchObject({ answered: 3, awaitingScore: 1, facility: 0.5 });
  });

  it('gives no discrimination for one participant', () => {
    const one = questionStats(
      pages,
      answers.filter((a) => a.userId === 'u1'),
    );
    expect(one.participants).toBe(1);
    expect(one.questions[0]).toMatchObject({ answered: 1, facility: 1, discrimination: null });
  });
});

describe('correlation', () => {
  it('is null without variance or pairs', () => {
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(correlation([1], [2])).toBeNull();
    expect(correlation([1, 2, 3], [2, 4, 6])).toBeCloseTo(1);
    expect(correlation([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
  });
});

describe('questionStats: the most frequent typed answers', () => {
  const typed: StatsPage[] = [
    {
      pageId: 't',
      questions: [
        { name: 'year', questionType: 'numeric', options: [], maxScore: 2 },
        { name: 'city', questionType: 'short', options: [], maxScore: 1 },
      ],
    },
  ];

  it('counts numbers as parsed and texts trimmed and lower-cased, most given first, with how they scored', () => {
    const given: StatsAnswer[] = [
      row('u1', 't', 'year', '1994', 2, 1),
      row('u2', 't', 'year', ' 1994,0 ', 2, 1),
      row('u3', 't', 'year', '1995', 1, 1),
      row('u4', 't', 'year', '12.5', 0, 1),
      row('u1', 't', 'city', 'Cairo ', 1, 1),
      row('u2', 't', 'city', 'cairo', 1, 1),
      row('u3', 't', 'city', '  Alexandria', 0, 1),
      // One text scored differently (the question was case-sensitive for a while): partly.
      row('u4', 't', 'city', 'Giza', 1, 1),
      row('u5', 't', 'city', 'giza', 0, 1),
    ];
    const [year, city] = questionStats(typed, given).questions;
    expect(year?.options).toEqual([]);
    expect(year?.frequent).toEqual([
      { value: '1994', count: 2, share: 0.5, verdict: 'full' },
      { value: '12.5', count: 1, share: 0.25, verdict: 'zero' },
      { value: '1995', count: 1, share: 0.25, verdict: 'partly' },
    ]);
    expect(city?.frequent).toEqual([
      { value: 'cairo', count: 2, share: 0.4, verdict: 'full' },
      { value: 'giza', count: 2, share: 0.4, verdict: 'partly' },
      { value: 'alexandria', count: 1, share: 0.2, verdict: 'zero' },
    ]);
    expect(year?.facility).toBeCloseTo(5 / 8);
  });

  it('lists ten answers at most, and none for choices', () => {
    const many = Array.from({ length: 12 }, (_, index) => row(`u${index}`, 't', 'year', String(index), 0, 1));
    const [year] = questionStats(typed, many).questions;
    expect(year?.frequent).toHaveLength(10);
    expect(questionStats(pages, answers).questions.every((question) => question.frequent.length === 0)).toBe(
      true,
    );
  });
});
