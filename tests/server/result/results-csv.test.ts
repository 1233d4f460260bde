import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../../server/http/csv-variant';
import {
  type CsvPage,
  headerCell,
  resultsCsvHeader,
  resultsCsvRow,
} from '../../../server/result/results-csv';

const pages: CsvPage[] = [
  {
    path: 'quiz',
    name: 'Quiz',
    maxScore: 4,
    questions: [
      {
        name: 'method',
        label: 'Welke methode is hormonaal?',
        questionType: 'single',
        options: [
          { label: 'De pil', value: 'pill' },
          { label: 'Het condoom', value: 'condom' },
        ],
        maxScore: 1,
      },
      {
        name: 'rights',
        label: 'Welke rechten?',
        questionType: 'multiple',
        options: [
          { label: 'Onderwijs', value: 'education' },
          { label: 'Gezondheid', value: 'health' },
        ],
        maxScore: 2,
      },
      { name: 'why', label: 'Waarom?', questionType: 'open', options: [], maxScore: 1 },
    ],
  },
  { path: 'intro', name: 'Intro', maxScore: 0, questions: [] },
];

// The words of the header as a catalogue would give them; the key itself stands for its text.
const t = ((key: string) => `<${key.replace('resultsCsv.', '')}>`) as unknown as TFunction;

describe('results CSV header: labels for people, keys for machines', () => {
  it('names every column as `<label> [<key>]`, answers before scores, totals per page and module', () => {
    expect(resultsCsvHeader(pages, t)).toEqual([
      '<id> [_id]',
      '<name> [name]',
      '<email> [email]',
      '<startedAt> [startedAt]',
      '<updatedAt> [updatedAt]',
      'Quiz: Welke methode is hormonaal? [quiz/method/answer]',
      'Quiz: Welke methode is hormonaal? (<score>) [quiz/method]',
      'Quiz: Welke rechten? [quiz/rights/answer]',
      'Quiz: Welke rechten? (<score>) [quiz/rights]',
      'Quiz: Waarom? [quiz/why/answer]',
      'Quiz: Waarom? (<score>) [quiz/why]',
      'Quiz: <pageTotal> [quiz/total]',
      'Intro: <pageTotal> [intro/total]',
      '<total> [total]',
      '<maxScore> [maxScore]',
      '<percent> [percent]',
    ]);
  });

  it('keeps the key readable after the last bracket whatever the label holds', () => {
    const cell = headerCell('Quiz [deel 1]: Wat?', 'quiz/what/answer');
    expect(/\[([^[\]]+)\]$/.exec(cell)?.[1]).toBe('quiz/what/answer');
  });
});

const base = {
  userId: 'u1',
  name: 'Rita',
  email: 'rita@example.org',
  startedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
};

/** Given a participant's scores and answers, then the cells of their row. */
describe('results CSV row', () => {
  const cases: [
    string,
    typeof base & { scores: (number | null)[]; answers: (string | string[] | null)[] },
    string[],
  ][] = [
    [
      'option texts, several joined by "; ", the open answer as text',
      { ...base, scores: [1, 2, 1], answers: ['pill', ['health', 'education'], 'Omdat.'] },
      ['"De pil"', '1', '"Onderwijs; Gezondheid"', '2', '"Omdat."', '1', '4', '0', '4', '4', '100'],
    ],
    [
      'nothing answered: empty answers and scores, zero totals',
      { ...base, scores: [null, null, null], answers: [null, null, null] },
      ['""', '', '""', '', '""', '', '0', '0', '0', '4', '0'],
    ],
    [
      'formula-like answers are neutralised, quotes doubled, line breaks kept inside the quotes',
      { ...base, scores: [0, 0, 0], answers: ['condom', [], '=HYPERLINK("x")\n+1'] },
      ['"Het condoom"', '0', '""', '0', `"'=HYPERLINK(""x"")\n+1"`, '0', '0', '0', '0', '4', '0'],
    ],
    [
      'an answer starting with -, + or @ is neutralised too',
      { ...base, scores: [null, null, 1], answers: [null, null, '-5 points'] },
      ['""', '', '""', '', `"'-5 points"`, '1', '1', '0', '1', '4', '25'],
    ],
  ];
  it.each(cases)('%s', (_, row, expected) => {
    const fixed = [base.userId, base.name, base.email, base.startedAt, base.updatedAt].map(csvCell);
    expect(resultsCsvRow(pages, row)).toEqual([...fixed, ...expected]);
  });

  it('neutralises a formula-like name', () => {
    const cells = resultsCsvRow(pages, { ...base, name: '@SUM(A1)', scores: [], answers: [] });
    expect(cells[1]).toBe(`"'@SUM(A1)"`);
  });
});
