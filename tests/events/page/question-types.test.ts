import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { numericAcceptedSchema, numericFields } from '../../../events/page/question-types/numeric';
import {
  numericMaxScore,
  numericRange,
  numericScore,
  parseNumber,
} from '../../../events/page/question-types/numeric-score';
import { shortAcceptedSchema, shortAnswerFields } from '../../../events/page/question-types/short-answer';
import { shortMaxScore, shortScore } from '../../../events/page/question-types/short-score';

describe('a typed number reads with a comma or a point; anything else is no number', () => {
  it.each([
    ['12.5', 12.5],
    ['12,5', 12.5],
    [' -3 ', -3],
    ['+4', 4],
    ['0,25', 0.25],
    [',5', 0.5],
    ['1e3', 1000],
    ['1 000', 1000],
    ['12,5,1', null],
    ['twelve', null],
    ['12abc', null],
    ['', null],
    ['.', null],
    ['Infinity', null],
    ['0x10', null],
  ])('given %j, then %j', (text, expected) => expect(parseNumber(text)).toBe(expected));
});

describe('numeric score = the best covering accepted answer, between 0 and the maximum', () => {
  const accepted = [
    { value: 10, tolerance: 0.5, score: 2 },
    { value: 10, tolerance: 2, score: 1, feedback: 'Close' },
    { value: -5, tolerance: 0, score: -1 },
  ].map((a) => numericAcceptedSchema.parse(a));
  it.each([
    ['exact value', '10', 2],
    ['lower tolerance edge', '9.5', 2],
    ['upper tolerance edge, comma', '10,5', 2],
    ['just outside the tight range, inside the wide', '10.51', 1],
    ['wide range edge', '8', 1],
    ['just outside every range', '12.01', 0],
    ['a penalised value never goes below 0', '-5', 0],
    ['not a number', 'ten', 0],
  ])('given %s (%j), then %i', (_, text, expected) => expect(numericScore(accepted, text)).toBe(expected));

  it('given floating point sums, then the tolerance edge still counts', () => {
    const sum = numericAcceptedSchema.parse({ value: 0.3, tolerance: 0.1, score: 1 });
    expect(numericScore([sum], String(0.1 + 0.1))).toBe(1);
    expect(numericScore([sum], '0.4')).toBe(1);
  });

  it('given a negative tolerance, then the accepted answer is refused', () => {
    expect(numericAcceptedSchema.safeParse({ value: 1, tolerance: -1, score: 1 }).success).toBe(false);
  });

  it('given value ± tolerance, then xAPI gets the range "min[:]max"', () => {
    expect(numericRange(numericAcceptedSchema.parse({ value: 10, tolerance: 0.5, score: 1 }))).toBe(
      '9.5[:]10.5',
    );
  });
});

describe('short answer score: case, accents and * as any characters', () => {
  const question = (texts: [string, number][], caseSensitive = false, accentSensitive = false) => ({
    caseSensitive,
    accentSensitive,
    accepted: texts.map(([text, score]) => shortAcceptedSchema.parse({ text, score })),
  });
  it.each([
    ['same text', question([['Paris', 1]]), 'Paris', 1],
    ['other case, case-insensitive', question([['Paris', 1]]), 'PARIS', 1],
    ['other case, case-sensitive', question([['Paris', 1]], true), 'paris', 0],
    ['spaces around and inside', question([['New York', 1]]), '  new   york ', 1],
    ['no accent, accent-insensitive', question([['Liège', 1]]), 'Liege', 1],
    ['no accent, accent-sensitive', question([['Liège', 1]], false, true), 'Liege', 0],
    ['accent kept, accent-sensitive', question([['Liège', 1]], false, true), 'liège', 1],
    ['case-sensitive, accent-insensitive', question([['Élan', 1]], true), 'Elan', 1],
    ['case-sensitive, accent-insensitive, wrong case', question([['Élan', 1]], true), 'elan', 0],
    ['wildcard at the end', question([['photosynth*', 1]]), 'Photosynthesis', 1],
    ['wildcard in the middle', question([['c*r', 1]]), 'colour', 1],
    ['wildcard matches nothing too', question([['colo*ur', 1]]), 'colour', 1],
    ['regex characters are literal', question([['a.c', 1]]), 'abc', 0],
    [
      'best of several matches',
      question([
        ['*', 1],
        ['Paris', 3],
      ]),
      'paris',
      3,
    ],
    ['no match', question([['Paris', 1]]), 'Lyon', 0],
    ['empty answer never matches a wildcard', question([['*', 1]]), '  ', 0],
    [
      'a penalised text never goes below 0',
      question([
        ['Lyon', -2],
        ['Paris', 1],
      ]),
      'Lyon',
      0,
    ],
  ])('given %s, then %i', (_, q, answer, expected) => expect(shortScore(q, answer)).toBe(expected));
});

describe('the settings of the new question types', () => {
  it('given only accepted answers, then tolerance, feedback, unit and sensitivity take their defaults', () => {
    expect(z.object(numericFields).parse({ accepted: [{ value: 3, score: 1 }] })).toEqual({
      accepted: [{ value: 3, tolerance: 0, score: 1, feedback: '' }],
      unit: '',
    });
    expect(z.object(shortAnswerFields).parse({ accepted: [{ text: 'Paris', score: 1 }] })).toEqual({
      accepted: [{ text: 'Paris', score: 1, feedback: '' }],
      caseSensitive: false,
      accentSensitive: false,
    });
  });

  it('given no accepted answer, then the question is refused', () => {
    expect(z.object(numericFields).safeParse({ accepted: [] }).success).toBe(false);
    expect(z.object(shortAnswerFields).safeParse({ accepted: [] }).success).toBe(false);
  });

  it.each([
    ['best accepted score', [2, 1, -1], 2],
    ['only penalties', [-1], 0],
  ])('given scores %s, then the maximum is %i', (_, scores, expected) => {
    expect(numericMaxScore(scores.map((score) => numericAcceptedSchema.parse({ value: 1, score })))).toBe(
      expected,
    );
    expect(shortMaxScore(scores.map((score) => shortAcceptedSchema.parse({ text: 'a', score })))).toBe(
      expected,
    );
  });
});
