import { describe, expect, it } from 'vitest';
import { parseScore } from '../../client/features/result/admin/score-input';

describe('a score as a teacher types it', () => {
  it.each([
    ['3', 5, { score: 3, error: null }],
    ['2,6', 5, { score: 2.6, error: null }],
    ['0', 5, { score: 0, error: null }],
    ['5.4', 5, { score: 5.4, error: null }],
    ['', 5, { score: null, error: null }],
    ['9', 5, { score: null, error: 'grading.scoreRange' }],
    ['-1', 5, { score: null, error: 'grading.scoreRange' }],
    ['five', 5, { score: null, error: 'grading.scoreRange' }],
  ] as const)('%s of %i', (typed, max, expected) => {
    expect(parseScore(typed, max)).toEqual(expected);
  });
});
